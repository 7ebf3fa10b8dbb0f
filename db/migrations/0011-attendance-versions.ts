import type { QueryInterface, Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * Versions (the `table_versions` of migration 0008, same triggers) for the
 * tables the dashboard's 'Alunos em risco' is computed from: its read is kept
 * by their versions (app/domain/attendance/queries.server.ts), so a roll call
 * saved or an enrolment changed by any process shows at once.
 */
const TABLES = ["attendance_records", "enrollments"] as const;

export const attendanceVersions: Migration = {
  name: "0011-attendance-versions",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    const postgres = sequelize.getDialect() === "postgres";
    for (const table of TABLES) {
      await sequelize.query(`INSERT INTO "table_versions" ("name", "version") VALUES ('${table}', 1)`);
      if (postgres) {
        // "bump_table_version" is migration 0008's: one bump per statement.
        await sequelize.query(
          `CREATE TRIGGER "${table}_version" AFTER INSERT OR UPDATE OR DELETE ON "${table}" ` +
            `FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"()`,
        );
      } else {
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
    for (const table of TABLES) {
      if (postgres) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version" ON "${table}"`);
      else for (const event of ["insert", "update", "delete"]) await sequelize.query(`DROP TRIGGER IF EXISTS "${table}_version_${event}"`);
      await sequelize.query(`DELETE FROM "table_versions" WHERE "name" = '${table}'`);
    }
  },
};
