import pg from "pg";
import { SESSION_SIGNAL_CHANNEL } from "#db/migrations/0013-session-signals.ts";
import { dbDialect, tableVersions } from "./db.server";
import { env } from "./env.server";

/**
 * The signal that sessions or users changed, for the process's session cache
 * (app/server/session-cache.server.ts, ADR 001): from this process (the domain
 * says so after its write commits) and from every other one, whoever wrote
 * (migration 0013):
 *
 * - PostgreSQL: one `LISTEN sessions_changed` connection per process, opened on
 *   first use and opened again when it drops (after 100 ms, then up to 5 s
 *   between attempts); each (re)connection says "everything changed", since a
 *   notification may have been missed meanwhile.
 * - SQLite: the `sessions` and `users` table versions, read before a cached
 *   session is trusted when the last read is older than 100 ms (one read for
 *   every request waiting on it).
 *
 * A lost signal (the connection down, a read failing) leaves the cache's own
 * limit: an entry lives at most one second.
 */
export type SessionChange = { userId: string } | { sessionId: string } | { all: true };
type Listener = (change: SessionChange) => void;

const listeners = new Set<Listener>();

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's listeners; other processes learn it from the database (migration 0013). */
export function sessionsChanged(change: SessionChange): void {
  for (const listener of listeners) listener(change);
}

/** How often, at most, a SQLite process reads the versions of sessions and users. */
export const VERSION_CHECK_MS = 100;
const VERSIONED = ["sessions", "users"] as const;

let dialect: "sqlite" | "postgres" | undefined;
let dialectPending: Promise<void> | undefined;
let lastVersions: string | undefined;
let checkedAt = -Infinity;
let checking: Promise<void> | undefined;

/**
 * Resolves once this process may trust what it keeps (undefined when it may
 * already): starts the PostgreSQL listener on first use; on SQLite reads the
 * versions when due, and says "everything changed" when they moved.
 */
export function sessionSignalsChecked(now = Date.now()): Promise<void> | undefined {
  if (dialect === "postgres") return undefined;
  if (dialect === undefined) {
    dialectPending ??= dbDialect().then(
      (d) => {
        dialect = d;
        if (d === "postgres") startListening();
      },
      () => {
        dialectPending = undefined;
      },
    );
    return dialectPending.then(() => sessionSignalsChecked());
  }
  if (now - checkedAt < VERSION_CHECK_MS) return undefined;
  checking ??= tableVersions(VERSIONED)
    .then(
      (versions) => {
        checkedAt = Date.now();
        if (lastVersions !== undefined && versions !== lastVersions) sessionsChanged({ all: true });
        lastVersions = versions;
      },
      (error) => {
        console.error("leitura das versões de sessões falhou:", error);
      },
    )
    .finally(() => {
      checking = undefined;
    });
  // The versions were read before the promise resolves; a read started before a change
  // committed is followed by another within VERSION_CHECK_MS.
  return checking;
}

// PostgreSQL: the listening connection.
let client: pg.Client | undefined;
let stopped = false;
let retryMs = 100;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Whether the PostgreSQL listener is connected (for tests and health). */
export function sessionListenerConnected(): boolean {
  return listening;
}

function startListening() {
  if (client || stopped) return;
  const url = env().DATABASE_URL;
  const connection = new pg.Client({ connectionString: url });
  client = connection;
  const lost = (error?: unknown) => {
    if (client !== connection) return;
    client = undefined;
    listening = false;
    sessionsChanged({ all: true });
    connection.removeAllListeners();
    connection.on("error", () => {});
    connection.end().catch(() => {});
    if (stopped) return;
    if (error) console.error("conexão LISTEN de sessões perdida; nova tentativa em", retryMs, "ms:", (error as Error).message ?? error);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      startListening();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(5_000, retryMs * 2);
  };
  connection.on("error", lost);
  connection.on("end", () => lost(new Error("conexão encerrada")));
  connection.on("notification", (message) => {
    if (message.channel !== SESSION_SIGNAL_CHANNEL) return;
    const payload = message.payload ?? "*";
    sessionsChanged(payload === "*" || !payload ? { all: true } : { userId: payload });
  });
  connection
    .connect()
    .then(() => connection.query(`LISTEN ${SESSION_SIGNAL_CHANNEL}`))
    .then(() => {
      if (client !== connection) return;
      // The socket never keeps the process alive on its own.
      (connection as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      listening = true;
      retryMs = 100;
      // Whatever happened while no one was listening.
      sessionsChanged({ all: true });
    })
    .catch(lost);
}

/** Closes the listener (server shutdown); the next use does not open it again. */
export async function stopSessionSignals(): Promise<void> {
  stopped = true;
  if (retryTimer) clearTimeout(retryTimer);
  const connection = client;
  client = undefined;
  listening = false;
  if (connection) {
    connection.removeAllListeners();
    connection.on("error", () => {});
    await connection.end().catch(() => {});
  }
}

/** Opens the PostgreSQL listener now (at server start), so the first requests need not wait for it. */
export async function startSessionSignals(): Promise<void> {
  await sessionSignalsChecked();
}
