import type { QueryInterface, Sequelize } from "sequelize";
import { addTableVersions, dropTableVersions, type Migration } from "../migration.ts";

/**
 * Versions (the `table_versions` of migration 0008) for the guardians' and the
 * students' tables: the number of rows on their lists' pages is kept by them
 * (app/domain/guardians/queries.server.ts, app/domain/students/queries.server.ts)
 * instead of being counted on every page, so a row added or removed by any
 * process shows at once.
 */
const TABLES = ["guardians", "students"] as const;

export const listVersions: Migration = {
  name: "0022-list-versions",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    await addTableVersions(sequelize, TABLES);
  },
  async down(_qi: QueryInterface, sequelize: Sequelize) {
    await dropTableVersions(sequelize, TABLES);
  },
};
