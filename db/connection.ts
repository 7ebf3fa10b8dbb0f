import path from "node:path";
import fs from "node:fs";
import { Sequelize, Transaction } from "sequelize";
import pg from "pg";
import sqlite3 from "sqlite3";
import { onSqliteConnection } from "./driver";

export type Dialect = "sqlite" | "postgres";

/**
 * Opens a Sequelize connection for a `DATABASE_URL`.
 * - `postgres://…` / `postgresql://…` → PostgreSQL
 * - `sqlite:path/to/file.sqlite` (or a bare path) → SQLite file, created on first use
 */
export function openDatabase(
  url: string,
  options: { logging?: boolean; connectTimeoutMs?: number; applicationName?: string } = {},
): Sequelize {
  const logging = options.logging ? (sql: string) => console.log(sql) : false;
  if (/^postgres(ql)?:\/\//.test(url)) {
    // DATEONLY and DECIMAL come back as strings; keep them exact.
    return new Sequelize(url, {
      dialect: "postgres",
      dialectModule: pg,
      logging,
      pool: { max: 10, min: 0, idle: 10_000 },
      dialectOptions: {
        ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
        ...(options.applicationName ? { application_name: options.applicationName } : {}),
      },
    });
  }
  const file = url.replace(/^sqlite:(\/\/)?/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sequelize = new Sequelize({
    dialect: "sqlite",
    dialectModule: sqlite3,
    storage: file,
    logging,
    // Sequelize's sqlite dialect opens one connection per transaction. DEFERRED
    // transactions that read and then write fail with SQLITE_BUSY under
    // concurrency; IMMEDIATE takes the write lock up front and waits (busy_timeout).
    transactionType: Transaction.TYPES.IMMEDIATE,
    pool: { max: 5, min: 0, idle: 10_000 },
  });
  configureSqliteConnections(sequelize);
  return sequelize;
}

/**
 * Sequelize's sqlite connection manager opens its connections itself (one per
 * transaction) and never runs the `afterConnect` hook, so pragmas set there
 * never apply: without a busy timeout, concurrent `BEGIN IMMEDIATE` fail at once
 * with SQLITE_BUSY. Configure every connection as the manager hands it out.
 */
function configureSqliteConnections(sequelize: Sequelize) {
  onSqliteConnection(sequelize, async (connection) => {
    connection.configure("busyTimeout", 5000);
    const run = (sql: string) => new Promise<void>((resolve, reject) => connection.run(sql, (err) => (err ? reject(err) : resolve())));
    await run("PRAGMA journal_mode=WAL");
    await run("PRAGMA foreign_keys=ON");
    await run("PRAGMA synchronous=NORMAL");
    // Deleted and overwritten content is zeroed in the file, not left in free space (a family's erased data, LGPD).
    await run("PRAGMA secure_delete=ON");
  });
}

/**
 * After rows were erased or overwritten (a family anonymised), outside any
 * transaction: the old versions leave the files. PostgreSQL keeps them as dead
 * tuples until a VACUUM of their tables; SQLite (secure_delete zeroes them in
 * the main file) still has them in the write-ahead log until a checkpoint
 * copies it back and truncates it. Best-effort: a failure is logged, never
 * thrown (the erasure itself is committed).
 */
export async function reclaimErasedRows(sequelize: Sequelize, tables: readonly string[]): Promise<void> {
  const statements =
    dialectOf(sequelize) === "postgres"
      ? tables.map((table) => `VACUUM "${table.replaceAll('"', '""')}"`)
      : ["PRAGMA wal_checkpoint(TRUNCATE)"];
  for (const sql of statements) {
    try {
      await sequelize.query(sql);
    } catch (error) {
      console.warn(`Limpeza após anonimização falhou (${sql}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export function dialectOf(sequelize: Sequelize): Dialect {
  return sequelize.getDialect() === "postgres" ? "postgres" : "sqlite";
}

/** One round trip to the database (the health check): throws when it does not answer. */
export async function ping(sequelize: Sequelize): Promise<void> {
  await sequelize.query("SELECT 1");
}
