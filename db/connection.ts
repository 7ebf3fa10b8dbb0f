import path from "node:path";
import fs from "node:fs";
import { Sequelize, Transaction } from "sequelize";
import pg from "pg";
import sqlite3 from "sqlite3";

export type Dialect = "sqlite" | "postgres";

/**
 * Opens a Sequelize connection for a `DATABASE_URL`.
 * - `postgres://…` / `postgresql://…` → PostgreSQL
 * - `sqlite:path/to/file.sqlite` (or a bare path) → SQLite file, created on first use
 */
export function openDatabase(url: string, options: { logging?: boolean } = {}): Sequelize {
  const logging = options.logging ? (sql: string) => console.log(sql) : false;
  if (/^postgres(ql)?:\/\//.test(url)) {
    // DATEONLY and DECIMAL come back as strings; keep them exact.
    return new Sequelize(url, {
      dialect: "postgres",
      dialectModule: pg,
      logging,
      pool: { max: 10, min: 0, idle: 10_000 },
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
    hooks: {
      afterConnect: async (connection: unknown) => {
        const db = connection as sqlite3.Database;
        const run = (sql: string) =>
          new Promise<void>((resolve, reject) => db.run(sql, (err) => (err ? reject(err) : resolve())));
        await run("PRAGMA journal_mode=WAL");
        await run("PRAGMA busy_timeout=5000");
        await run("PRAGMA foreign_keys=ON");
        await run("PRAGMA synchronous=NORMAL");
      },
    },
  });
  return sequelize;
}

export function dialectOf(sequelize: Sequelize): Dialect {
  return sequelize.getDialect() === "postgres" ? "postgres" : "sqlite";
}
