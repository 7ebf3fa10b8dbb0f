import type { Sequelize, Transaction } from "sequelize";
import { setupDatabase } from "#db/index.ts";
import { env } from "./env.server";

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
  if (sequelize.getDialect() !== "sqlite") return sequelize.transaction(fn);
  const run = sqliteWriters.then(() => sequelize.transaction(fn));
  sqliteWriters = run.catch(() => undefined);
  return run;
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

type Value = string | number | boolean | null;
type Compiled = { text: string; names: string[] };
const compiled = new Map<string, Compiled>();

/** `:name` placeholders (outside quotes) → the driver's positional form, once per statement. */
function compile(sql: string, dialect: "sqlite" | "postgres"): Compiled {
  const key = `${dialect}\u0000${sql}`;
  let found = compiled.get(key);
  if (!found) {
    const names: string[] = [];
    const text = sql.replace(/("(?:[^"]|"")*"|'(?:[^']|'')*')|::|:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, quoted, name) => {
      if (quoted || !name) return whole;
      names.push(name);
      return dialect === "postgres" ? `$${names.length}` : "?";
    });
    found = { text, names };
    compiled.set(key, found);
  }
  return found;
}

interface SqliteConnection {
  all(sql: string, params: Value[], callback: (error: Error | null, rows: unknown[]) => void): void;
}
interface PgConnection {
  query(sql: string, params: Value[]): Promise<{ rows: unknown[] }>;
}
interface ConnectionManager {
  getConnection(options?: object): Promise<SqliteConnection | PgConnection>;
  releaseConnection(connection: unknown): Promise<void>;
}

/**
 * A read-only SELECT with `:name` parameters, straight on the driver. For the
 * reads every page makes (the session, the shell's branches, the calendar and
 * class lists): Sequelize's query pipeline costs about twice the query itself.
 * Same SQL on both databases; values must be scalars (dates as `sqlTimestamp`).
 * Rows come back as the driver gives them, as `sequelize.query` would.
 */
export async function selectRows<T>(sql: string, params: Record<string, Value> = {}): Promise<T[]> {
  return selectOn<T>(await db(), sql, params, env().DB_LOGGING === "1");
}

/** `selectRows` on a given connection. */
export async function selectOn<T>(sequelize: Sequelize, sql: string, params: Record<string, Value> = {}, log = false): Promise<T[]> {
  const dialect = sequelize.getDialect() === "postgres" ? "postgres" : "sqlite";
  const { text, names } = compile(sql, dialect);
  const values = names.map((name) => {
    if (!(name in params)) throw new Error(`selectRows: no value for :${name}`);
    const value = params[name];
    return dialect === "sqlite" && typeof value === "boolean" ? Number(value) : value;
  });
  if (log) console.log(text, values);
  const manager = (sequelize as unknown as { connectionManager: ConnectionManager }).connectionManager;
  const connection = await manager.getConnection({ type: "read" });
  try {
    if (dialect === "postgres") return (await (connection as PgConnection).query(text, values)).rows as T[];
    return await new Promise<T[]>((resolve, reject) =>
      (connection as SqliteConnection).all(text, values, (error, rows) => (error ? reject(error) : resolve(rows as T[]))),
    );
  } finally {
    await manager.releaseConnection(connection);
  }
}
