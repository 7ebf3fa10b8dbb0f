import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * A family anonymised at its request (LGPD, 'Anonimizar família'): when
 * (`guardians.anonymizedAt`) and why (`guardians.anonymizationReason`, the
 * administrator's reason). Null for every other family. The rows stay (the
 * roll calls and, later, the money keep pointing at them); their personal
 * fields hold neutral values from then on.
 *
 * SQLite: the guardians' search index (FTS5, migration 0012) removes a
 * changed or deleted person's old terms from its index at once
 * (`secure-delete`), instead of leaving them in its segments until a merge:
 * an anonymised name, e-mail or CPF is gone from the database's file too.
 * PostgreSQL's trigram indexes are of the table's rows (dead entries go with
 * vacuum, and are never answered).
 */
const SEARCH = "guardian_person_search";

export const guardianAnonymization: Migration = {
  name: "0017-guardian-anonymization",
  async up(qi: QueryInterface, sequelize: Sequelize) {
    await qi.addColumn("guardians", "anonymizedAt", { type: DataTypes.DATE, allowNull: true });
    await qi.addColumn("guardians", "anonymizationReason", { type: DataTypes.TEXT, allowNull: true });
    if (sequelize.getDialect() !== "postgres") {
      await sequelize.query(`INSERT INTO "${SEARCH}" ("${SEARCH}", "rank") VALUES ('secure-delete', 1)`);
    }
  },
  async down(qi: QueryInterface, sequelize: Sequelize) {
    if (sequelize.getDialect() !== "postgres") {
      await sequelize.query(`INSERT INTO "${SEARCH}" ("${SEARCH}", "rank") VALUES ('secure-delete', 0)`);
    }
    await qi.removeColumn("guardians", "anonymizationReason");
    await qi.removeColumn("guardians", "anonymizedAt");
  },
};
