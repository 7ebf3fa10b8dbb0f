import type { SqlValue } from "./select.ts";

/**
 * Keyset reads: a list read in its display order, `:limit` rows at a time, each
 * read starting strictly after the key of the last row already read. Every
 * read is one indexed range scan, so a whole list can be streamed in batches
 * (bounded memory) and a client can page through it with an opaque cursor.
 * The SQL is the same on SQLite and PostgreSQL (row values for a key whose
 * parts all sort the same way, the expanded OR form otherwise).
 */

/**
 * How a key part is compared and carried in a cursor. `text` (any string),
 * `uuid` (an id column: PostgreSQL refuses anything else), `int`, `bool`,
 * `instant` (a timestamp column) and `date` (a DATEONLY column).
 * Instants and dates are read back as text (`CAST(... AS TEXT)`): the exact
 * stored value on SQLite, full precision on PostgreSQL, never a JS Date.
 */
export type KeyType = "text" | "uuid" | "int" | "bool" | "instant" | "date";

export interface KeyPart {
  /** An SQL expression on the query's rows, e.g. `"t"."createdAt"`. */
  expr: string;
  type: KeyType;
  desc?: boolean;
}

export interface KeysetQuery {
  /** The selected columns (without SELECT). */
  columns: string;
  /** `FROM ...` with its joins. */
  from: string;
  /** An optional filter (without WHERE), e.g. a search or a month. */
  where?: string;
  params?: Record<string, SqlValue>;
  /** The order; its last part must make it unique (an id). */
  key: KeyPart[];
}

export type KeyValue = string | number | boolean;

const keyAlias = (i: number) => `_k${i}`;
const keyParam = (i: number) => `_after${i}`;

function keyColumn(part: KeyPart, i: number): string {
  const expr = part.type === "instant" || part.type === "date" ? `CAST(${part.expr} AS TEXT)` : part.expr;
  return `${expr} AS "${keyAlias(i)}"`;
}

/** The rows strictly after `:_after0..n` in key order. */
function afterCondition(key: KeyPart[]): string {
  const sameWay = key.every((p) => Boolean(p.desc) === Boolean(key[0].desc));
  if (sameWay) {
    const op = key[0].desc ? "<" : ">";
    return `(${key.map((p) => p.expr).join(", ")}) ${op} (${key.map((_, i) => `:${keyParam(i)}`).join(", ")})`;
  }
  const arms = key.map((part, i) => {
    const equal = key.slice(0, i).map((p, j) => `${p.expr} = :${keyParam(j)}`);
    return [...equal, `${part.expr} ${part.desc ? "<" : ">"} :${keyParam(i)}`].join(" AND ");
  });
  return `(${arms.map((a) => `(${a})`).join(" OR ")})`;
}

/**
 * The SQL of one batch: at most `:_limit` rows, after the given key when
 * `after` is true (the parameters `_after0..n` then hold the key). Each row
 * also carries its key as `_k0..n`.
 */
export function keysetSql(query: KeysetQuery, after: boolean): string {
  const conditions = [query.where, after ? afterCondition(query.key) : undefined].filter(Boolean);
  return [
    `SELECT ${query.columns}, ${query.key.map(keyColumn).join(", ")}`,
    query.from,
    conditions.length ? `WHERE ${conditions.map((c) => `(${c})`).join(" AND ")}` : "",
    `ORDER BY ${query.key.map((p) => `${p.expr}${p.desc ? " DESC" : ""}`).join(", ")}`,
    "LIMIT :_limit",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The parameters of one batch. */
export function keysetParams(query: KeysetQuery, after: KeyValue[] | null, limit: number): Record<string, SqlValue> {
  const params: Record<string, SqlValue> = { ...query.params, _limit: limit };
  after?.forEach((value, i) => (params[keyParam(i)] = value));
  return params;
}

/** The key of a row read with `keysetSql`, in the form a cursor carries. */
export function keyOf(query: KeysetQuery, row: Record<string, unknown>): KeyValue[] {
  return query.key.map((part, i) => {
    const value = row[keyAlias(i)];
    if (part.type === "int") return Number(value);
    if (part.type === "bool") return value === true || value === 1 || value === "1" || value === "t";
    return String(value);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z| ?[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** True when `value` is a key value of this type that the database accepts as a parameter. */
export function validKeyValue(type: KeyType, value: unknown): boolean {
  switch (type) {
    case "int":
      return Number.isInteger(value) && Math.abs(value as number) <= 2_147_483_647;
    case "bool":
      return typeof value === "boolean";
    case "uuid":
      return typeof value === "string" && UUID.test(value);
    case "text":
      return typeof value === "string" && value.length <= 1000 && !value.includes("\u0000");
    case "instant":
    case "date": {
      if (typeof value !== "string") return false;
      const m = INSTANT.exec(value);
      if (!m || (type === "date" && m[4] !== undefined)) return false;
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const d = new Date(Date.UTC(year, month - 1, day));
      if (year < 1 || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return false;
      if (m[4] === undefined) return true;
      if (Number(m[4]) >= 24 || Number(m[5]) >= 60 || Number(m[6]) >= 60) return false;
      // PostgreSQL refuses an offset beyond ±15:59 ('time zone displacement out of range').
      return m[7] === undefined || (Number(m[7]) <= 15 && Number(m[8] ?? 0) < 60);
    }
  }
}
