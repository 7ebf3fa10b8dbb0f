import type { KeyValue } from "#db/keyset.ts";
import { createLru } from "~/platform/cache.server";
import { tableVersions } from "~/platform/db.server";
import { BATCH_SIZE, decodeCursor, DEFAULT_LIMIT, encodeCursor, parseLimit, type ListBatch, type ListSource } from "~/domain/list.server";
import { ValidationError } from "~/domain/errors";
import { PAGING_STYLES_MIXED } from "~/domain/paging";
import { JSON_TYPE, type Answer } from "./answer.server";

/**
 * Whole lists kept by the versions of their tables (`ListSource.versioned`):
 * 64 MB at most, a list of at most 4 MB (a month of trials is about 1 MB).
 */
const wholeLists = createLru<Uint8Array<ArrayBuffer>>({ maxEntries: 256, maxBytes: 64 * 2 ** 20, sizeOf: (_key, body) => body.byteLength });
const MAX_KEPT_BYTES = 4 * 2 ** 20;

/** How a list is written: an array (default), or an object of `entry` members. */
export interface ListFormat<Item> {
  object?: boolean;
  entry?: (item: Item) => string;
}

/**
 * The answer of a list endpoint (`GET /api/<collection>`), as plain data (see
 * `Answer`): the same for both ways in of an `apiList` (app/server/api.server.ts),
 * React Router's loader and the API's read lane.
 *
 * - Without `limit` and `cursor`: the whole list, as §7 defines it. A list
 *   longer than one batch is pulled: the next batch (BATCH_SIZE rows, one
 *   keyset query) is read only when the client has taken the previous one, so
 *   a request holds one batch in memory however long the list is and however
 *   slow the client. The bytes are those of `JSON.stringify` of the whole list.
 * - With `limit` (1..500, 100 when only `cursor` is given) and/or `cursor`:
 *   one page, and `Link: <...>; rel="next"` with the next page's URL (the same
 *   query, the next cursor) when there are more items.
 *
 * A list answered as an object (`{ key: value }`) gives `entry` (one member,
 * without braces) and `object: true`.
 */
export async function listAnswer<Item>(
  pathname: string,
  search: URLSearchParams,
  source: ListSource<Item>,
  format: ListFormat<Item> = {},
): Promise<Answer> {
  const limitParam = search.get("limit");
  const cursorParam = search.get("cursor");
  const serialize = format.entry ?? ((item: Item) => JSON.stringify(item));
  const [open, close] = format.object ? ["{", "}"] : ["[", "]"];
  const headers: Record<string, string> = { "Content-Type": JSON_TYPE, "Cache-Control": "no-store" };

  if (limitParam !== null || cursorParam !== null) {
    const limit = limitParam !== null ? parseLimit(limitParam) : DEFAULT_LIMIT;
    const after = cursorParam !== null ? decodeCursor(source, cursorParam) : null;
    const page = await source.read(after, limit);
    if (page.next) headers.Link = nextLink(pathname, search, limit, encodeCursor(source, page.next));
    return { status: 200, headers, body: open + page.items.map(serialize).join(",") + close };
  }

  // A whole list of versioned tables is answered from the cache while they are unchanged.
  let keep: ((body: Uint8Array<ArrayBuffer>) => void) | null = null;
  if (source.versioned) {
    const key = `${source.name}\u0000${source.versioned.key}\u0000${await tableVersions(source.versioned.tables)}`;
    const cached = wholeLists.get(key);
    if (cached) return { status: 200, headers, body: cached };
    keep = (body) => wholeLists.set(key, body);
  }

  // The first batch is read before answering: a failure there is still a clean 500.
  const first = await source.read(null, BATCH_SIZE);
  if (!first.next) {
    const text = open + first.items.map(serialize).join(",") + close;
    if (keep) keep(Buffer.from(text));
    return { status: 200, headers, body: text };
  }
  // Kept while it streams, unless it grows past MAX_KEPT_BYTES.
  let kept: Uint8Array[] | null = keep ? [] : null;
  let keptBytes = 0;

  const encoder = new TextEncoder();
  let pending: ListBatch<Item> | null = first;
  let after: KeyValue[] | null = null;
  let started = false;
  let done = false;
  const pull = async (): Promise<Uint8Array | null> => {
    if (done) return null;
    const batch: ListBatch<Item> = pending ?? (await source.read(after, BATCH_SIZE));
    pending = null;
    let text = batch.items.map(serialize).join(",");
    if (text) text = (started ? "," : open) + text;
    else if (!started) text = open;
    started = true;
    const chunk = encoder.encode(batch.next ? text : text + close);
    keptBytes += chunk.byteLength;
    if (keptBytes > MAX_KEPT_BYTES) kept = null;
    kept?.push(chunk);
    if (batch.next) {
      after = batch.next;
    } else {
      done = true;
      if (keep && kept?.length) keep(Buffer.concat(kept));
    }
    return chunk;
  };
  return { status: 200, headers, body: null, pull };
}

/** `<path?query&limit=N&cursor=...>; rel="next"`: the request's own query, the next page. */
function nextLink(pathname: string, search: URLSearchParams, limit: number, cursor: string): string {
  const next = new URLSearchParams(search);
  next.set("limit", String(limit));
  next.set("cursor", cursor);
  return `<${pathname}?${next.toString()}>; rel="next"`;
}

/** Lists that also page by number (`page`) refuse a request that mixes both styles (400). */
export function assertOnePagingStyle(params: URLSearchParams): void {
  if (params.has("page") && (params.has("limit") || params.has("cursor"))) {
    throw new ValidationError({ page: [PAGING_STYLES_MIXED] });
  }
}
