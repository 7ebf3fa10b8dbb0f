/**
 * `:p0, :p1, …` for an `IN (…)` list, its values set in `params`. The list is
 * padded to a power of two (at least `min`) by repeating the last value, so a
 * list of any length uses one of a few statements: each is compiled once by
 * the select door (./select.ts) and PostgreSQL reuses few plans. `values` must
 * not be empty (the caller answers an empty list without a query).
 */
export function paddedInList<V>(prefix: string, values: readonly V[], params: Record<string, V>, min = 4): string {
  if (values.length === 0) throw new Error("paddedInList: no values");
  const size = 2 ** Math.ceil(Math.log2(Math.max(min, values.length)));
  return Array.from({ length: size }, (_, i) => {
    params[`${prefix}${i}`] = values[Math.min(i, values.length - 1)];
    return `:${prefix}${i}`;
  }).join(", ");
}

/**
 * The ids of one batch as a subquery (`IN (...)`), built from the batch's own
 * SQL and parameters: children are read for exactly the batch's rows without
 * a variable-length list of parameters.
 */
export function idsOfBatch(batch: { sql: string }, idColumn = "id"): string {
  return `SELECT "${idColumn}" FROM (${batch.sql}) AS "batch"`;
}
