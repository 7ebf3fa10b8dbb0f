import { keyOf, keysetParams, keysetSql, validKeyValue, type KeysetQuery, type KeyType, type KeyValue } from "#db/keyset.ts";
import { selectRows } from "~/platform/db.server";
import { ValidationError } from "./errors";
import { BATCH_SIZE, CURSOR_INVALID, LIMIT_INVALID, MAX_LIMIT } from "./paging";

/**
 * The lists of the JSON API, read in batches in their display order (keyset
 * reads, see db/keyset.ts). A service checks permissions and filters and
 * returns a `ListSource`; the API streams the whole list batch after batch, or
 * answers one page (`limit` + `cursor`). Nothing here knows about HTTP.
 */

export { BATCH_SIZE, DEFAULT_LIMIT, MAX_LIMIT } from "./paging";

export interface ListBatch<Item> {
  items: Item[];
  /** The key of the last item (the cursor of the next page), when there are more rows after it. */
  next: KeyValue[] | null;
}

export interface ListSource<Item> {
  /** Tags the cursor: a cursor of another list is refused. */
  name: string;
  keyTypes: KeyType[];
  /** At most `limit` items after `after` (from the start when null). */
  read(after: KeyValue[] | null, limit: number): Promise<ListBatch<Item>>;
  /**
   * When the whole list is a function of versioned tables only (migration 0008)
   * and of `key` (its filter): the answer may be kept and served again while
   * their versions do not change. The caller has checked permissions already.
   */
  versioned?: { tables: readonly string[]; key: string };
}

/**
 * A list read with one SQL query per batch. `toItems` turns a batch of rows
 * into items; it may read the batch's children (e.g. with `childrenOf`).
 */
export function sqlList<Row extends Record<string, unknown>, Item>(
  name: string,
  query: KeysetQuery,
  toItems: (rows: Row[], batch: { sql: string; params: Record<string, string | number | boolean | null> }) => Promise<Item[]> | Item[],
): ListSource<Item> {
  return {
    name,
    keyTypes: query.key.map((p) => p.type),
    async read(after, limit) {
      // One row more than asked says whether there is a next page.
      const sql = keysetSql(query, after !== null);
      const rows = await selectRows<Row>(sql, keysetParams(query, after, limit + 1));
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const items = page.length ? await toItems(page, { sql, params: keysetParams(query, after, limit) }) : [];
      return { items, next: more ? keyOf(query, page[page.length - 1]) : null };
    },
  };
}

/**
 * A short list held in memory, ordered by a JavaScript comparison (e.g. names
 * compared as Portuguese): `keyOf` gives each item's key, `compareKeys` orders
 * keys (the last part unique).
 */
export function arrayList<Item>(
  name: string,
  keyTypes: KeyType[],
  load: () => Promise<Item[]>,
  key: (item: Item) => KeyValue[],
  compareKeys: (a: KeyValue[], b: KeyValue[]) => number,
): ListSource<Item> {
  return {
    name,
    keyTypes,
    async read(after, limit) {
      const sorted = (await load()).map((item) => ({ item, key: key(item) })).sort((a, b) => compareKeys(a.key, b.key));
      const rest = after ? sorted.filter((entry) => compareKeys(entry.key, after) > 0) : sorted;
      const page = rest.slice(0, limit);
      return { items: page.map((e) => e.item), next: rest.length > limit ? page[page.length - 1].key : null };
    },
  };
}

/** Every item of the list, batch after batch (for callers that need the whole list in memory). */
export async function readAll<Item>(source: ListSource<Item>): Promise<Item[]> {
  const all: Item[] = [];
  let after: KeyValue[] | null = null;
  for (;;) {
    const batch: ListBatch<Item> = await source.read(after, BATCH_SIZE);
    all.push(...batch.items);
    if (!batch.next) return all;
    after = batch.next;
  }
}

/** An opaque cursor: base64url of the list's name and the key of the last item read. */
export function encodeCursor(source: ListSource<unknown>, key: KeyValue[]): string {
  return Buffer.from(JSON.stringify([source.name, ...key]), "utf8").toString("base64url");
}

/** The key a cursor carries; a 400 (`Cursor inválido`) when it is not one of this list's. */
export function decodeCursor(source: ListSource<unknown>, cursor: string): KeyValue[] {
  const invalid = () => new ValidationError({ cursor: [CURSOR_INVALID] });
  if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(decoded) || decoded[0] !== source.name || decoded.length !== source.keyTypes.length + 1) throw invalid();
  const key = decoded.slice(1) as KeyValue[];
  if (!source.keyTypes.every((type, i) => validKeyValue(type, key[i]))) throw invalid();
  return key;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001F\u007F]/g;

/** Longest search term the lists compare (a longer `q` is cut). */
export const MAX_SEARCH_CHARS = 100;

/**
 * A `q` search term as every list compares it: control characters (NUL and
 * friends, which PostgreSQL cannot hold in a string and SQLite reads as the
 * end of the statement) removed, trimmed, lower case, at most 100 characters.
 * Blank means no search.
 */
export function searchTerm(q: unknown): string {
  return (typeof q === "string" ? q : "").replace(CONTROL_CHARS, "").trim().toLowerCase().slice(0, MAX_SEARCH_CHARS);
}

/** `term` as a LIKE pattern matching any text that contains it: `%`, `_` and `\` stay literal (with LIKE_ESCAPE). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ESCAPE clause that goes with `likePattern` (the same on SQLite and PostgreSQL). */
export const LIKE_ESCAPE = `ESCAPE '\\'`;

/** `limit` as given in a query string: an integer from 1 to MAX_LIMIT, or a 400. */
export function parseLimit(value: string): number {
  if (!/^\d{1,4}$/.test(value)) throw new ValidationError({ limit: [LIMIT_INVALID] });
  const limit = Number(value);
  if (limit < 1 || limit > MAX_LIMIT) throw new ValidationError({ limit: [LIMIT_INVALID] });
  return limit;
}
