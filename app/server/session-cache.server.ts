import { findSessionUser, type SessionUser } from "~/domain/auth/queries.server";
import { createLru, type Lru } from "../platform/cache.server";
import { env } from "../platform/env.server";
import { onSessionChange, sessionSignalsChecked, type SessionChange } from "../platform/session-signals.server";

/**
 * The sessions this process looked up, kept for at most one second (ADR 001):
 * every signed-in request needs its session and user, and most of them come
 * from a few browsers many times a second. The promise: a sign-out, a password
 * or type change, or a user's removal takes effect on every server within one
 * second. So an entry is dropped
 *
 * - at once when this process makes the change (the domain signals it after
 *   its transaction commits, app/platform/session-signals.server.ts);
 * - when another process's change reaches this one: PostgreSQL's
 *   `NOTIFY sessions_changed` (migration 0013's triggers), or on SQLite the
 *   sessions and users table versions, read at most every 100 ms before an
 *   entry is trusted;
 * - in any case one second after it was read (when a signal is lost).
 *
 * An entry records when its read started; a change signalled while a read is
 * in flight keeps that read's answer out of the cache (it may predate the
 * change). Only sessions that exist are kept; a session past its expiry is not
 * answered from the cache.
 */
export const SESSION_CACHE_MS = 1_000;

export interface SessionCacheOptions {
  load: (sessionId: string) => Promise<SessionUser | null>;
  /** Entries live at most this long (ms). */
  ttlMs?: number;
  now?: () => number;
  /** Awaited before an entry is trusted, when it returns a promise (the SQLite version check). */
  beforeHit?: () => Promise<void> | undefined;
  maxEntries?: number;
}

export interface SessionCache {
  get(sessionId: string): Promise<SessionUser | null>;
  invalidate(change: SessionChange): void;
  readonly size: number;
}

interface Entry {
  value: SessionUser;
  readAt: number;
}

export function createSessionCache({
  load,
  ttlMs = SESSION_CACHE_MS,
  now = Date.now,
  beforeHit,
  maxEntries = 10_000,
}: SessionCacheOptions): SessionCache {
  const entries: Lru<Entry> = createLru<Entry>({ maxEntries });
  /** Bumped by every change signalled: a read that started before it is not kept. */
  let generation = 0;

  async function get(sessionId: string): Promise<SessionUser | null> {
    const pending = beforeHit?.();
    if (pending) await pending;
    const entry = entries.get(sessionId);
    const at = now();
    if (entry) {
      if (at - entry.readAt < ttlMs && entry.value.expiresAt.getTime() > at) return entry.value;
      entries.delete(sessionId);
    }
    const started = generation;
    const value = await load(sessionId);
    if (value && generation === started) entries.set(sessionId, { value, readAt: at });
    return value;
  }

  function invalidate(change: SessionChange) {
    generation++;
    if ("all" in change) entries.clear();
    else if ("sessionId" in change) entries.delete(change.sessionId);
    else {
      // A user's sessions: few entries per process within a second, so a scan.
      const stale = [...entries.entries()].filter(([, entry]) => entry.value.user.id === change.userId).map(([key]) => key);
      for (const key of stale) entries.delete(key);
    }
  }

  return {
    get,
    invalidate,
    get size() {
      return entries.size;
    },
  };
}

/**
 * TEST_HOOKS=1 only: TEST_SESSION_CACHE_MS sets how long an entry lives, so a
 * test can show that a change reaches another process by its signal and not by
 * the entry's age.
 */
function configuredTtl(): number {
  const override = Number(process.env.TEST_SESSION_CACHE_MS);
  return env().TEST_HOOKS && Number.isFinite(override) && override > 0 ? override : SESSION_CACHE_MS;
}

let cache: SessionCache | undefined;

function processCache(): SessionCache {
  if (!cache) {
    const made = createSessionCache({ load: findSessionUser, ttlMs: configuredTtl(), beforeHit: () => sessionSignalsChecked() });
    onSessionChange((change) => made.invalidate(change));
    cache = made;
  }
  return cache;
}

/** The user of a live session, or null: `findSessionUser`, kept as above. */
export function cachedSessionUser(sessionId: string): Promise<SessionUser | null> {
  return processCache().get(sessionId);
}
