import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
import { addTableVersions, dropTableVersions, type Migration } from "../migration.ts";

const fk = (table: string, onDelete: "CASCADE" | "SET NULL", allowNull = false) => ({
  type: DataTypes.UUID,
  allowNull,
  references: { model: table, key: "id" },
  onDelete,
  onUpdate: "CASCADE",
});

/**
 * Money received from the bank (issue 42). A payment says where it came from
 * (`source`: 'manual', typed by a clerk, or 'bank', recorded from a Pix the bank
 * confirmed) and, for a bank payment, the Pix's `endToEndId`: unique, so one Pix
 * is one payment however many times it is announced. A refund asked of the bank
 * ('Devolver o Pix') keeps its id, status and reason on the payment.
 *
 * `pix_inbox` holds every Pix the bank announced (webhook) or listed
 * (reconciliation), by its endToEndId, and what became of it (`outcome`:
 * recorded, no charge of ours, or a duplicate); `reconciliation_runs` one row
 * per reconciliation of a branch, with the span it read and its counts.
 */
export const bankMoney: Migration = {
  name: "0026-bank-money",
  async up(qi: QueryInterface, sequelize: Sequelize) {
    await qi.addColumn("payments", "source", { type: DataTypes.STRING(10), allowNull: false, defaultValue: "manual" });
    await qi.addColumn("payments", "endToEndId", { type: DataTypes.STRING(35), allowNull: true });
    await qi.addColumn("payments", "refundId", { type: DataTypes.STRING(35), allowNull: true });
    await qi.addColumn("payments", "refundStatus", { type: DataTypes.STRING(20), allowNull: true });
    await qi.addColumn("payments", "refundReason", { type: DataTypes.STRING(500), allowNull: true });
    await qi.addIndex("payments", ["endToEndId"], { name: "payments_end_to_end", unique: true });
    await qi.addIndex("payments", ["source", "chargeId"], { name: "payments_source_charge" });

    await qi.createTable("pix_inbox", {
      endToEndId: { type: DataTypes.STRING(35), primaryKey: true, allowNull: false },
      branchId: fk("branches", "CASCADE"),
      txid: { type: DataTypes.STRING(35), allowNull: true },
      valor: { type: DataTypes.INTEGER, allowNull: true },
      horario: { type: DataTypes.DATE, allowNull: true },
      infoPagador: { type: DataTypes.STRING(140), allowNull: true },
      receivedAt: { type: DataTypes.DATE, allowNull: false },
      processedAt: { type: DataTypes.DATE, allowNull: true },
      chargeId: fk("charges", "SET NULL", true),
      paymentId: fk("payments", "SET NULL", true),
      outcome: { type: DataTypes.STRING(20), allowNull: true },
    });
    await qi.addIndex("pix_inbox", ["branchId", "outcome"], { name: "pix_inbox_branch_outcome" });
    await qi.addIndex("pix_inbox", ["chargeId"], { name: "pix_inbox_charge" });
    await qi.addIndex("pix_inbox", ["paymentId"], { name: "pix_inbox_payment" });

    await qi.createTable("reconciliation_runs", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      branchId: fk("branches", "CASCADE"),
      at: { type: DataTypes.DATE, allowNull: false },
      since: { type: DataTypes.DATE, allowNull: false },
      until: { type: DataTypes.DATE, allowNull: false },
      received: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      recorded: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      error: { type: DataTypes.STRING(500), allowNull: true },
    });
    await qi.addIndex("reconciliation_runs", ["branchId", "at"], { name: "reconciliation_runs_branch_at" });
    // The 'Conciliação' screen's lists are kept by these versions (and the payments' and charges', 0020).
    await addTableVersions(sequelize, ["pix_inbox", "reconciliation_runs"]);
  },
  async down(qi: QueryInterface, sequelize: Sequelize) {
    await dropTableVersions(sequelize, ["pix_inbox", "reconciliation_runs"]);
    await qi.dropTable("reconciliation_runs");
    await qi.dropTable("pix_inbox");
    await qi.removeIndex("payments", "payments_source_charge");
    await qi.removeIndex("payments", "payments_end_to_end");
    for (const column of ["refundReason", "refundStatus", "refundId", "endToEndId", "source"]) await qi.removeColumn("payments", column);
  },
};
