import type { Sequelize } from "sequelize";
import { openDatabase } from "../db/connection";
import { Branch, initModels } from "../db/models";

let connection: Sequelize | null = null;

/** The e2e server's database, for preparing rows a test needs from other areas. */
export function e2eDb(): Sequelize {
  if (!connection) {
    connection = openDatabase(process.env.E2E_DB_URL!);
    initModels(connection);
  }
  return connection;
}

export async function insertBranch(attrs: { name: string; address?: string; active?: boolean; isDefault?: boolean }) {
  e2eDb();
  return Branch.create({ address: "Rua Teste, 1", active: true, isDefault: false, ...attrs });
}
