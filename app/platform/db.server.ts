import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import {
  dialectOf,
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
  if (!ready) return;
  const sequelize = await ready;
  ready = null;
  await sequelize.close();
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
  return selectOn<T>(await db(), sql, params, env().DB_LOGGING === "1", options);
}

/** One writing statement with `:name` parameters (see `writeOn` in db/select.ts); the rows of its RETURNING. */
export async function writeRows<T>(sql: string, params: Record<string, SqlValue> = {}): Promise<T[]> {
  return writeOn<T>(await db(), sql, params, env().DB_LOGGING === "1");
}

/** The versions of these tables (see `tableVersionsOn`): a cache keyed on them is never stale. */
export async function tableVersions(tables: readonly string[]): Promise<string> {
  return tableVersionsOn(await db(), tables);
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
