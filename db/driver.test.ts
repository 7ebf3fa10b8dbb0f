import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import sqlite3 from "sqlite3";
import { openDatabase } from "./connection.ts";
import { SEQUELIZE_VERSION_RELIED_ON, withDriverConnection } from "./driver.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";

// Pins the Sequelize internals db/driver.ts relies on. When one of these fails
// after an upgrade, re-check db/driver.ts (and only it) against the new version.

describe("db/driver.ts relies on", () => {
  it(`Sequelize ${SEQUELIZE_VERSION_RELIED_ON}.x`, () => {
    const { version } = createRequire(import.meta.url)("sequelize/package.json") as { version: string };
    expect(version.split(".").slice(0, 2).join("."), "db/driver.ts was written for this version: re-check it").toBe(
      SEQUELIZE_VERSION_RELIED_ON,
    );
  });
});

const kinds: ("sqlite" | "postgres")[] = ["sqlite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

describe.each(kinds)("the connection manager on %s", (kind) => {
  let sequelize: Sequelize;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    sequelize = openDatabase(database.url);
  });
  afterAll(async () => {
    await sequelize.close();
    await drop();
  });

  it("hands out the driver's own connection and takes it back", async () => {
    const manager = (sequelize as unknown as { connectionManager: Record<string, unknown> }).connectionManager;
    expect(typeof manager.getConnection).toBe("function");
    expect(typeof manager.releaseConnection).toBe("function");
    const rows = await withDriverConnection(sequelize, "read", async (connection) => {
      if (kind === "sqlite") {
        expect(connection).toBeInstanceOf(sqlite3.Database);
        const db = connection as unknown as sqlite3.Database;
        expect(typeof db.serialize).toBe("function");
        return new Promise<unknown[]>((resolve, reject) => db.all("SELECT 1 AS one", [], (e, r) => (e ? reject(e) : resolve(r))));
      }
      const client = connection as unknown as { query: (c: object) => Promise<{ rows: unknown[] }> };
      return (await client.query({ name: "driver_test", text: "SELECT $1::int AS one", values: [1] })).rows;
    });
    expect(rows).toEqual([{ one: 1 }]);
    // Given back to the pool: Sequelize goes on working with it.
    const [again] = await sequelize.query("SELECT 2 AS two");
    expect(again).toEqual([{ two: 2 }]);
  });
});

describe("SQLite connections", () => {
  let sequelize: Sequelize;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    drop = database.drop;
    sequelize = openDatabase(database.url);
  });
  afterAll(async () => {
    await sequelize.close();
    await drop();
  });

  it("are each configured before first use (WAL, foreign keys)", async () => {
    const pragma = async (name: string, transaction?: Transaction) =>
      Object.values((await sequelize.query(`PRAGMA ${name}`, { type: QueryTypes.SELECT, transaction }))[0] as object)[0];
    // A transaction makes the sqlite dialect open a connection of its own.
    await sequelize.transaction(async (transaction) => {
      expect(await pragma("journal_mode", transaction)).toBe("wal");
      expect(await pragma("foreign_keys", transaction)).toBe(1);
    });
    expect(await pragma("foreign_keys")).toBe(1);
  });
});
