import type { QueryInterface, Sequelize } from "sequelize";
import { addTableVersions, dropTableVersions, type Migration } from "../migration.ts";

/**
 * A version (the `table_versions` of migration 0008) for the guardians' table:
 * the number of guardians on the list's pages is kept by it
 * (app/domain/guardians/queries.server.ts) instead of being counted on every
 * page, so a guardian added or removed by any process shows at once.
 */
const TABLES = ["guardians"] as const;

export const guardianVersions: Migration = {
  name: "0022-guardian-versions",
  async up(_qi: QueryInterface, sequelize: Sequelize) {
    await addTableVersions(sequelize, TABLES);
  },
  async down(_qi: QueryInterface, sequelize: Sequelize) {
    await dropTableVersions(sequelize, TABLES);
  },
};
