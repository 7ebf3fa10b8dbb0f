import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * When an enrolment left the waiting list (`enrollments.promotedAt`): the
 * class's roster offers to tell the family for a while after it ('Avisar no
 * WhatsApp'). Null for an enrolment that never waited or still waits.
 */
export const enrollmentPromotions: Migration = {
  name: "0014-enrollment-promotions",
  async up(qi: QueryInterface) {
    await qi.addColumn("enrollments", "promotedAt", { type: DataTypes.DATE, allowNull: true });
  },
  async down(qi: QueryInterface) {
    await qi.removeColumn("enrollments", "promotedAt");
  },
};
