import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * Signed upload URLs (avatar flow of SPEC §7). One row per issued URL: it makes
 * the URL single-use across any number of app servers (the PUT claims the row
 * with a conditional update) and records which stored objects this server issued,
 * so only those may become a user's avatar.
 */
export const uploads: Migration = {
  name: "0002-uploads",
  async up(qi: QueryInterface) {
    await qi.createTable("uploads", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      // Who asked for the URL; no foreign key so deleting a user keeps the audit trail.
      issuedBy: { type: DataTypes.UUID, allowNull: true },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      usedAt: { type: DataTypes.DATE, allowNull: true },
      objectId: { type: DataTypes.UUID, allowNull: true, unique: true },
      contentType: { type: DataTypes.STRING(50), allowNull: true },
      size: { type: DataTypes.INTEGER, allowNull: true },
      completedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("uploads", ["expiresAt"]);
  },
  async down(qi: QueryInterface) {
    await qi.dropTable("uploads");
  },
};
