import type { QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * The guardians list pages newest first: ORDER BY createdAt DESC, id DESC. With
 * an index on createdAt alone, guardians created in the same instant (an
 * import, a seed) were sorted by id in a temporary b-tree on every page — all
 * 20 000 of them when they share one timestamp. (createdAt, id) hands the page
 * out in order; it starts with createdAt, so the single-column index goes.
 */
export const guardianOrderIndex: Migration = {
  name: "0004-guardian-order-index",
  async up(qi: QueryInterface) {
    await qi.addIndex("guardians", ["createdAt", "id"], { name: "guardians_created_at_id" });
    await qi.removeIndex("guardians", ["createdAt"]);
  },
  async down(qi: QueryInterface) {
    await qi.addIndex("guardians", ["createdAt"]);
    await qi.removeIndex("guardians", "guardians_created_at_id");
  },
};
