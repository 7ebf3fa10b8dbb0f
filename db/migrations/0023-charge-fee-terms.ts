import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * A charge keeps the fee terms in force when it was issued (issue 39): its
 * fine and monthly interest (percent, two decimals), copied from its branch's
 * billing settings at creation. Changing the settings then applies to new
 * charges only. The charges already issued take their branch's current
 * settings (the defaults, 2 % and 1 %, when the branch has none stored). The
 * due day is not a fee term: the due date is already on the charge.
 */
export const chargeFeeTerms: Migration = {
  name: "0023-charge-fee-terms",
  async up(qi: QueryInterface, sequelize: Sequelize) {
    await qi.addColumn("charges", "finePercent", { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 2 });
    await qi.addColumn("charges", "monthlyInterestPercent", { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 1 });
    await sequelize.query(
      `UPDATE "charges" SET
         "finePercent" = COALESCE((SELECT "bs"."finePercent" FROM "billing_settings" AS "bs" WHERE "bs"."branchId" = "charges"."branchId"), 2),
         "monthlyInterestPercent" = COALESCE((SELECT "bs"."monthlyInterestPercent" FROM "billing_settings" AS "bs" WHERE "bs"."branchId" = "charges"."branchId"), 1)`,
    );
  },
  async down(qi: QueryInterface) {
    await qi.removeColumn("charges", "monthlyInterestPercent");
    await qi.removeColumn("charges", "finePercent");
  },
};
