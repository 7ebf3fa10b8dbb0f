import path from "node:path";
import os from "node:os";
import fs from "node:fs";
import pg from "pg";

/**
 * A fresh database for one test run: a new SQLite file, or a new PostgreSQL
 * database created next to TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(kind: "sqlite" | "postgres"): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-test-"));
    const file = path.join(dir, "test.sqlite");
    return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const admin = new URL(base);
  const name = `escola_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
