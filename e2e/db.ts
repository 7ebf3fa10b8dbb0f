import type { Sequelize } from "sequelize";
import { openDatabase } from "../db/connection";
import { useFactoryDatabase } from "../tests/support/factories";

let connection: Sequelize | null = null;

/** The e2e server's database, for preparing rows a test needs from other areas. */
export function e2eDb(): Sequelize {
  connection ??= openDatabase(process.env.E2E_DB_URL!);
  return connection;
}

// The same factories as the API tests, writing into the e2e server's database.
useFactoryDatabase(e2eDb);
export * from "../tests/support/factories";
