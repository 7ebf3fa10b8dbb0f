/**
 * Values of rows read through the read door, as the DTOs carry them: the
 * drivers give dates and instants as `Date` or as text depending on the
 * database and the column.
 */

/** An instant as ISO 8601 in UTC. */
export const iso = (value: Date | string): string => new Date(value).toISOString();

/** A DATEONLY column as 'YYYY-MM-DD' on both databases. */
export function dateOnly(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** The same for a nullable column: null (or blank) stays null. */
export function dateOnlyOrNull(value: unknown): string | null {
  return value === null || value === undefined || value === "" ? null : dateOnly(value);
}
