import type { Sequelize } from "sequelize";
import { openDatabase } from "./connection.ts";
import { migrate } from "./migrate.ts";
import { initModels } from "./models.ts";

export * from "./models.ts";
export * from "./audit.ts";
export { openDatabase, dialectOf, ping, reclaimErasedRows } from "./connection.ts";
export { migrate } from "./migrate.ts";
export { personSearch, MIN_INDEXED_CHARS, type PersonSearch } from "./search.ts";
export { selectOn, tableVersionsOn, writeOn, type ReadOptions, type SqlValue } from "./select.ts";

/** Opens the database, applies pending migrations and binds the models. */
export async function setupDatabase(url: string, options: { logging?: boolean } = {}): Promise<Sequelize> {
  const sequelize = openDatabase(url, options);
  await sequelize.authenticate();
  await migrate(sequelize);
  initModels(sequelize);
  return sequelize;
}
export * as jobQueue from "./jobs.ts";
