/**
 * The process's caches all use this one primitive: a map that keeps its most
 * recently used entries within a limit on their number and on their total size
 * (in bytes as the caller measures them), least recently used out first.
 *
 * What is cached, and how it is kept true, is decided where the cache is made
 * (see docs/decisions/): a cached value is either a pure function of its key,
 * or its key carries what invalidates it. The one exception is the session
 * cache (app/server/session-cache.server.ts, ADR 001): its entries live at most
 * one second and are dropped when a change is signalled.
 */
export interface LruOptions<V> {
  /** At most this many entries. */
  maxEntries: number;
  /** At most this many bytes in total, as `sizeOf` counts them (default: no limit). */
  maxBytes?: number;
  /** The size of one entry in bytes (default: 1, so maxBytes counts entries). */
  sizeOf?: (key: string, value: V) => number;
}

export interface Lru<V> {
  /** The value, marked as just used; undefined when absent. */
  get(key: string): V | undefined;
  /** Stores the value; an entry larger than maxBytes on its own is not kept. */
  set(key: string, value: V): void;
  delete(key: string): boolean;
  clear(): void;
  /** The entries as [key, value], least recently used first, without marking them used. */
  entries(): IterableIterator<[string, V]>;
  /** Number of entries. */
  readonly size: number;
  /** Total size of the entries, as sizeOf counts them. */
  readonly bytes: number;
}

export function createLru<V>({ maxEntries, maxBytes = Infinity, sizeOf = () => 1 }: LruOptions<V>): Lru<V> {
  const entries = new Map<string, { value: V; size: number }>();
  let bytes = 0;

  function remove(key: string): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    entries.delete(key);
    bytes -= entry.size;
    return true;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      remove(key);
      const size = sizeOf(key, value);
      if (size > maxBytes) return;
      while (entries.size && (entries.size >= maxEntries || bytes + size > maxBytes)) {
        remove(entries.keys().next().value!);
      }
      entries.set(key, { value, size });
      bytes += size;
    },
    delete: remove,
    clear() {
      entries.clear();
      bytes = 0;
    },
    *entries() {
      for (const [key, entry] of entries) yield [key, entry.value];
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A read kept while its tables are unchanged: `keep(key, tables, read, extra?)` (`createKeptReads`). */
export type KeptRead = <T>(key: string, tables: readonly string[], read: () => Promise<T>, extra?: string) => Promise<T>;

/**
 * Reads kept while the tables they come from are unchanged: the key carries
 * the tables' versions (`versionsOf`, the database's `table_versions`, bumped
 * by triggers on every write) and `extra` (a fingerprint of anything else they
 * depend on), so a write anywhere in them is seen by the next read. Requests
 * that miss together share one read (a year of a large network's figures is
 * read once, not once per waiting request).
 */
export function createKeptReads(versionsOf: (tables: readonly string[]) => Promise<string>, maxEntries: number): KeptRead {
  const kept = createLru<unknown>({ maxEntries });
  const reading = new Map<string, Promise<unknown>>();
  return async <T>(key: string, tables: readonly string[], read: () => Promise<T>, extra = ""): Promise<T> => {
    const full = `${key}\u0000${await versionsOf(tables)}\u0000${extra}`;
    const hit = kept.get(full) as T | undefined;
    if (hit !== undefined) return hit;
    let pending = reading.get(full) as Promise<T> | undefined;
    if (!pending) {
      pending = read().then(
        (value) => {
          kept.set(full, value);
          reading.delete(full);
          return value;
        },
        (error: unknown) => {
          reading.delete(full);
          throw error;
        },
      );
      reading.set(full, pending);
    }
    return pending;
  };
}
