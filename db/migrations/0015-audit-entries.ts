import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * The audit trail (db/audit.ts): one row per create, update and delete of a
 * record, and per sign-in, failed sign-in and sign-out. No foreign keys: an
 * entry outlives the user and the record it names. Read by record
 * (entity, entityId), by user and by period; the cleanup job deletes by age.
 */
export const auditEntries: Migration = {
  name: "0015-audit-entries",
  async up(qi: QueryInterface) {
    await qi.createTable("audit_entries", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      userId: { type: DataTypes.UUID, allowNull: true },
      userName: { type: DataTypes.STRING, allowNull: true },
      entity: { type: DataTypes.STRING(60), allowNull: false },
      entityId: { type: DataTypes.STRING(64), allowNull: true },
      action: { type: DataTypes.STRING(20), allowNull: false },
      changes: { type: DataTypes.TEXT, allowNull: true },
      ip: { type: DataTypes.STRING(64), allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("audit_entries", ["entity", "entityId"], { name: "audit_entries_entity" });
    await qi.addIndex("audit_entries", ["userId"], { name: "audit_entries_user" });
    await qi.addIndex("audit_entries", ["createdAt"], { name: "audit_entries_created_at" });
  },
  async down(qi: QueryInterface) {
    await qi.dropTable("audit_entries");
  },
};
