import type { QueryInterface, Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * The tables whose changes a process cache must see, whoever makes them (this
 * process, another worker, a script, psql): each has a row in `table_versions`
 * whose `version` a trigger bumps on every INSERT, UPDATE and DELETE, in the
 * writing transaction, so a reader sees the new version exactly when it can see
 * the new rows. Read by `tableVersions` (db/select.ts).
 */
export const VERSIONED_TABLES = ["trials", "trial_status_history"] as const;

export const tableVersions: Migration = {
  name: "0008-table-versions",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    await sequelize.query(`CREATE TABLE "table_versions" ("name" VARCHAR(64) PRIMARY KEY, "version" BIGINT NOT NULL DEFAULT 0)`);
    const postgres = sequelize.getDialect() === "postgres";
    if (postgres) {
      // One bump per statement (a bulk insert of 1 000 rows is one bump).
      await sequelize.query(`
        CREATE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
          RETURN NULL;
        END $$`);
    }
    for (const table of VERSIONED_TABLES) {
      await sequelize.query(`INSERT INTO "table_versions" ("name", "version") VALUES ('${table}', 1)`);
      if (postgres) {
        await sequelize.query(
          `CREATE TRIGGER "${table}_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}" ` +
            `FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"()`,
        );
      } else {
        // SQLite has row triggers only.
        for (const event of ["INSERT", "UPDATE", "DELETE"]) {
          await sequelize.query(
            `CREATE TRIGGER "${table}_version_${event.toLowerCase()}" AFTER ${event} ON "${table}" BEGIN ` +
              `UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = '${table}'; END`,
          );
        }
      }
    }
  },
  async down(_qi: QueryInterface, sequelize: Sequelize) {
    const postgres = sequelize.getDialect() === "postgres";
    for (const table of VERSIONED_TABLES) {
      if (postgres) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version" ON "${table}"`);
      else for (const event of ["insert", "update", "delete"]) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version_${event}"`);
    }
    if (postgres) await sequelize.query(`DROP FUNCTION IF EXISTS "bump_table_version"()`);
    await sequelize.query(`DROP TABLE "table_versions"`);
  },
};
