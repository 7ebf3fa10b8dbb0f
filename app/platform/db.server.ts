import { AsyncLocalStorage } from "node:async_hooks";
import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import {
  dialectOf,
  openDatabase,
  ping,
  reclaimErasedRows,
  selectOn,
  setupDatabase,
  tableVersionsOn,
  writeOn,
  type ReadOptions,
  type SqlValue,
} from "#db/index.ts";
import { env } from "./env.server";

/** The audit trail's request scope (db/audit.ts): who acts and from where, for the entries the writes produce. */
export { runAudited, setAuditUser } from "#db/audit.ts";

let ready: Promise<Sequelize> | null = null;

/** The process-wide connection; migrations run on first use (and at server start). */
export function db(): Promise<Sequelize> {
  if (!ready) {
    ready = setupDatabase(env().DATABASE_URL, { logging: env().DB_LOGGING === "1" }).catch((error) => {
      ready = null;
      throw error;
    });
  }
  return ready;
}

/** The health check: one round trip to the database. */
export async function pingDb(): Promise<void> {
  await ping(await db());
}

/** The database in use ("sqlite" or "postgres"), for the few reads whose SQL lives in db/ per dialect (db/search.ts). */
export async function dbDialect(): Promise<"sqlite" | "postgres"> {
  return dialectOf(await db());
}

let sqliteWriters: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` in one transaction (IMMEDIATE on SQLite). SQLite has one writer at a
 * time, and node-sqlite3 runs queries on libuv's small thread pool: many
 * transactions waiting in `BEGIN IMMEDIATE` would occupy every thread and starve
 * the one holding the lock. So this process queues its SQLite transactions
 * (other processes still wait on busy_timeout). Do not nest calls.
 */
export async function transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
  const sequelize = await db();
  if (sequelize.getDialect() !== "sqlite") return retryOnDeadlock(() => sequelize.transaction(fn));
  const run = sqliteWriters.then(() => sequelize.transaction(fn));
  sqliteWriters = run.catch(() => undefined);
  return run;
}

/** PostgreSQL's "deadlock detected" and "could not serialize": the transaction was rolled back and may run again. */
const RETRYABLE = new Set(["40P01", "40001"]);
const DEADLOCK_RETRIES = 2;

/**
 * Runs a PostgreSQL transaction again when the server aborted it as one side of
 * a deadlock (two commands that lock two classes in opposite orders, e.g. roll
 * calls that each cancel a make-up booked into the other's class): nothing of
 * it was written, so a second run is the answer the user expects, not a 500.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { parent?: { code?: string } }).parent?.code;
      if (attempt >= DEADLOCK_RETRIES || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** Old versions of erased rows leave the database's files (VACUUM on PostgreSQL, a WAL checkpoint on SQLite); outside any transaction, best-effort. */
export async function reclaimErased(tables: readonly string[]): Promise<void> {
  const sequelize = await db();
  // SQLite: after this process's queued writers (a checkpoint waits for none of them).
  if (sequelize.getDialect() === "sqlite") await sqliteWriters;
  await reclaimErasedRows(sequelize, tables);
}

export async function closeDb() {
  await closeReplica();
  if (!ready) return;
  const sequelize = await ready;
  ready = null;
  await sequelize.close();
}

// ---- The reader: the primary, or the read replica (ADR 019) ----

/**
 * Which server the read door (`selectRows`, `tableVersions`) asks: the primary
 * (the default), or the read replica (`DATABASE_REPLICA_URL`) for the reads
 * that may lag a little behind the last writes: the reports, the CSV exports
 * and the audit list, chosen by their HTTP adapters (`app/server/reader.server.ts`),
 * never by the domain. Commands, transactions, `writeRows` and the models always
 * use the primary, inside a replica scope too.
 */
export type Reader = "primary" | "replica";

const readers = new AsyncLocalStorage<Reader>();

/** Whether a read replica is configured (DATABASE_REPLICA_URL). */
export function hasReplica(): boolean {
  return env().DATABASE_REPLICA_URL !== undefined;
}

/** Runs `fn` with the read door asking `reader` (the replica only when one is configured; otherwise `fn` as is). */
export function withReader<T>(reader: Reader, fn: () => T): T {
  if (!hasReplica()) return fn();
  return readers.run(reader, fn);
}

/**
 * `fn`, to be called later (a streamed answer's next batch, pulled as the client
 * reads), with the reader chosen now.
 */
export function keepReader<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const reader = readers.getStore();
  if (reader === undefined) return fn;
  return (...args: A) => readers.run(reader, () => fn(...args));
}

/** How often a replica found down is tried again. */
const REPLICA_RETRY_MS = 2000;
/** A connection to the replica that takes longer than this fails (the read goes to the primary). */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

let replica: Sequelize | null = null;
let replicaDown = false;
let replicaProbe: ReturnType<typeof setTimeout> | undefined;
let replicaStopped = false;

/** The replica's connection when the current scope reads from it and it is up; null otherwise. */
function replicaForRead(): Sequelize | null {
  if (replicaDown || replicaStopped || readers.getStore() !== "replica") return null;
  const url = env().DATABASE_REPLICA_URL;
  if (url === undefined) return null;
  replica ??= openDatabase(url, {
    logging: env().DB_LOGGING === "1",
    connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
    applicationName: "escola-replica-reads",
  });
  return replica;
}

/**
 * The failures that say the replica is not there (refused, timed out, shut
 * down, not yet accepting connections, the connection lost), as opposed to an
 * error of one statement (a query cancelled by a conflict with recovery, a
 * table a migration just created not yet replayed): those are read again on
 * the primary without marking the replica down.
 */
function isConnectionFailure(error: unknown): boolean {
  const e = error as { name?: string; code?: unknown; parent?: { code?: unknown } };
  if (typeof e?.name === "string" && /^Sequelize(Connection|HostNotFound|HostNotReachable|InvalidConnection|AccessDenied)/.test(e.name))
    return true;
  const code = typeof e?.code === "string" ? e.code : typeof e?.parent?.code === "string" ? e.parent.code : undefined;
  // A SQLSTATE of one statement (five characters, not class 08 "connection" or 57P "operator intervention").
  if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith("08") || code.startsWith("57P");
  return true;
}

/**
 * A read of the current scope: on the replica when it may and the replica is up,
 * on the primary otherwise. A replica that fails to answer is marked down, said
 * once in the log, and tried again every REPLICA_RETRY_MS in the background
 * (one more line when it is back); meanwhile every read goes to the primary.
 */
async function onReader<T>(read: (sequelize: Sequelize) => Promise<T>): Promise<T> {
  const fromReplica = replicaForRead();
  if (fromReplica) {
    try {
      return await read(fromReplica);
    } catch (error) {
      if (isConnectionFailure(error)) markReplicaDown(error);
    }
  }
  return read(await db());
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] || "sem resposta";
}

function markReplicaDown(error: unknown): void {
  if (replicaDown || replicaStopped) return;
  replicaDown = true;
  console.warn(
    `Réplica de leitura indisponível (${firstLine(error)}): relatórios, exportações CSV e auditoria leem do banco principal até ela voltar.`,
  );
  scheduleReplicaProbe();
}

function scheduleReplicaProbe(): void {
  replicaProbe = setTimeout(() => {
    replicaProbe = undefined;
    const sequelize = replica;
    if (!sequelize || replicaStopped) return;
    ping(sequelize).then(
      () => {
        if (replicaStopped) return;
        replicaDown = false;
        console.warn("Réplica de leitura de volta: relatórios, exportações CSV e auditoria voltam a ler dela.");
      },
      () => scheduleReplicaProbe(),
    );
  }, REPLICA_RETRY_MS);
  replicaProbe.unref();
}

async function closeReplica(): Promise<void> {
  replicaStopped = true;
  if (replicaProbe) clearTimeout(replicaProbe);
  replicaProbe = undefined;
  const sequelize = replica;
  replica = null;
  if (sequelize) await sequelize.close().catch(() => {});
  replicaStopped = false;
  replicaDown = false;
}

/**
 * An instant as a literal for raw SQL replacements, in the form the models store
 * on SQLite ('2026-11-21 14:38:23.947 +00:00'; PostgreSQL reads it as timestamptz).
 * Sequelize escapes a `Date` replacement in the process's local time zone, which
 * would not compare as text with the stored UTC values on SQLite.
 */
export function sqlTimestamp(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", " +00:00");
}

/**
 * A read-only SELECT with `:name` parameters, straight on the driver. For the
 * reads every page makes (the session, the shell's branches, the calendar and
 * class lists): Sequelize's query pipeline costs about twice the query itself.
 * Same SQL on both databases; values must be scalars (dates as `sqlTimestamp`).
 * Rows come back as the driver gives them, as `sequelize.query` would.
 */
export async function selectRows<T>(sql: string, params: Record<string, SqlValue> = {}, options: ReadOptions = {}): Promise<T[]> {
  return onReader((sequelize) => selectOn<T>(sequelize, sql, params, env().DB_LOGGING === "1", options));
}

/** One writing statement with `:name` parameters (see `writeOn` in db/select.ts); the rows of its RETURNING. */
export async function writeRows<T>(sql: string, params: Record<string, SqlValue> = {}): Promise<T[]> {
  return writeOn<T>(await db(), sql, params, env().DB_LOGGING === "1");
}

/** The versions of these tables (see `tableVersionsOn`): a cache keyed on them is never stale. */
export async function tableVersions(tables: readonly string[]): Promise<string> {
  return onReader((sequelize) => tableVersionsOn(sequelize, tables));
}

/**
 * `selectRows` for a command's reads under its locks: inside the transaction
 * (on its connection) when one is given, so a transaction never waits for a
 * second connection of the pool while holding a lock others queue on.
 */
export async function selectRowsIn<T>(t: Transaction | undefined, sql: string, params: Record<string, SqlValue> = {}): Promise<T[]> {
  if (!t) return selectRows<T>(sql, params);
  const sequelize = await db();
  return (await sequelize.query(sql, { replacements: params, transaction: t, type: QueryTypes.SELECT })) as T[];
}
