import { inject } from "vitest";
import type { Sequelize } from "sequelize";
import { openDatabase } from "../../db/connection";

let connection: Sequelize | null = null;

/** A direct connection to the test server's database, to check what was (not) written. */
export function testDb(): Sequelize {
  connection ??= openDatabase(inject("databaseUrl"));
  return connection;
}

export async function count(table: string, where = "1=1", replacements: Record<string, unknown> = {}): Promise<number> {
  const [rows] = await testDb().query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, { replacements });
  return Number((rows as Array<{ n: number | string }>)[0].n);
}

/**
 * A session or user changed straight in the database (as a script or psql
 * would) reaches every server's session cache within one second (ADR 001):
 * wait that long before a request that must see the change.
 */
export async function afterSessionSignal(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1_100));
}
