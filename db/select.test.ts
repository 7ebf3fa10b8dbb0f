import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sequelize } from "sequelize";
import { openDatabase } from "./connection.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";
import { selectOn } from "./select.ts";

const kinds: ("sqlite" | "postgres")[] = ["sqlite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

describe.each(kinds)("selectOn on %s", (kind) => {
  let sequelize: Sequelize;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    sequelize = openDatabase(database.url);
    await sequelize.query(`CREATE TABLE "t" ("id" INTEGER PRIMARY KEY, "name" VARCHAR(50), "on" BOOLEAN, "at" VARCHAR(40))`);
    await sequelize.query(
      `INSERT INTO "t" VALUES (1, 'Ana', true, '2026-11-21'), (2, 'Bia: :x', false, '2026-11-22'), (3, 'Caio', true, NULL)`,
    );
  });
  afterAll(async () => {
    await sequelize.close();
    await drop();
  });

  it("binds each :name where it appears, and the same name more than once", async () => {
    const rows = await selectOn<{ id: number; name: string }>(
      sequelize,
      `SELECT "id", "name" FROM "t" WHERE ("on" = :on AND "id" >= :min) OR "id" = :min ORDER BY "id"`,
      { on: true, min: 2 },
    );
    expect(rows.map((r) => [Number(r.id), r.name])).toEqual([
      [2, "Bia: :x"],
      [3, "Caio"],
    ]);
  });

  it("leaves quoted text and identifiers alone, and binds null", async () => {
    const rows = await selectOn<{ n: string }>(
      sequelize,
      `SELECT "name" AS "n" FROM "t" WHERE "name" = 'Bia: :x' OR "at" = :at OR "at" = :day`,
      { at: null, day: "2026-11-21" },
    );
    expect(rows.map((r) => r.n).sort()).toEqual(["Ana", "Bia: :x"]);
  });

  it("plans a statement per call when asked (same rows, with each call's values)", async () => {
    const sql = `SELECT "id" FROM "t" WHERE "name" LIKE :like ORDER BY "id"`;
    for (let i = 0; i < 7; i++) {
      expect(await selectOn(sequelize, sql, { like: "%a%" }, false, { planEachCall: true })).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    }
    expect(await selectOn(sequelize, sql, { like: "C%" }, false, { planEachCall: true })).toEqual([{ id: 3 }]);
  });

  it("sends values as parameters, never as SQL", async () => {
    const rows = await selectOn(sequelize, `SELECT "id" FROM "t" WHERE "name" = :name`, { name: `Ana' OR '1'='1` });
    expect(rows).toEqual([]);
  });

  it("refuses a statement with a parameter it was not given", async () => {
    await expect(selectOn(sequelize, `SELECT "id" FROM "t" WHERE "id" = :id`, {})).rejects.toThrow(/:id/);
  });

  it("does not starve the connection's other queries while reads keep coming", async () => {
    // A streamed list keeps reads in flight without pause; a Sequelize query (a write,
    // the health check) on the same connection must still get its turn.
    let running = true;
    const reader = async () => {
      while (running) await selectOn(sequelize, `SELECT "id" FROM "t" WHERE "id" > :min`, { min: 0 });
    };
    const readers = Array.from({ length: 4 }, reader);
    const stop = setTimeout(() => (running = false), 4000);
    try {
      await new Promise((r) => setTimeout(r, 100));
      const start = Date.now();
      await sequelize.query("SELECT 1");
      expect(Date.now() - start).toBeLessThan(1000);
    } finally {
      running = false;
      clearTimeout(stop);
      await Promise.all(readers);
    }
  });
});
