import type { QueryInterface, Sequelize } from "sequelize";

/** One migration (db/migrations/); the runner (./migrate.ts) applies them in order. */
export interface Migration {
  name: string;
  up(qi: QueryInterface, sequelize: Sequelize): Promise<void>;
  down(qi: QueryInterface, sequelize: Sequelize): Promise<void>;
}

/**
 * Gives tables a row in `table_versions` (migration 0008) and the triggers that
 * bump it on every INSERT, UPDATE and DELETE, in the writing transaction: on
 * PostgreSQL once per statement (0008's "bump_table_version"), on SQLite once per
 * row (it has row triggers only). Read by `tableVersions` (db/select.ts).
 */
export async function addTableVersions(sequelize: Sequelize, tables: readonly string[]): Promise<void> {
  const postgres = sequelize.getDialect() === "postgres";
  for (const table of tables) {
    await sequelize.query(`INSERT INTO "table_versions" ("name", "version") VALUES ('${table}', 1)`);
    if (postgres) {
      await sequelize.query(
        `CREATE TRIGGER "${table}_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}" ` +
          `FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"()`,
      );
      continue;
    }
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      await sequelize.query(
        `CREATE TRIGGER "${table}_version_${event.toLowerCase()}" AFTER ${event} ON "${table}" BEGIN ` +
          `UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = '${table}'; END`,
      );
    }
  }
}

/** Undoes `addTableVersions`. */
export async function dropTableVersions(sequelize: Sequelize, tables: readonly string[]): Promise<void> {
  const postgres = sequelize.getDialect() === "postgres";
  for (const table of tables) {
    if (postgres) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version" ON "${table}"`);
    else for (const event of ["insert", "update", "delete"]) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version_${event}"`);
    await sequelize.query(`DELETE FROM "table_versions" WHERE "name" = '${table}'`);
  }
}
