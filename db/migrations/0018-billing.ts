import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

const id = { type: DataTypes.UUID, primaryKey: true, allowNull: false };
const timestamps = {
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
};
const fk = (table: string, onDelete: "CASCADE" | "RESTRICT" | "SET NULL", allowNull = false) => ({
  type: DataTypes.UUID,
  allowNull,
  references: { model: table, key: "id" },
  onDelete,
  onUpdate: "CASCADE",
});

/**
 * Money (issue 28): each branch's billing settings (its Pix key and payee, the
 * due day, fine and interest), the enrolment's discount, the charges
 * (cobranças: monthly ones from an enrolment, one per enrolment and month by a
 * unique index, and one-off ones), their payments (never deleted: a mistake
 * is reversed) and each charge's history. Amounts are integer cents;
 * percentages are DECIMAL(5,2).
 *
 * A charge is a record of money: its family, branch and payments are never
 * deleted under it (RESTRICT); a student or an enrolment deleted leaves the
 * charge with a null reference.
 */
export const billing: Migration = {
  name: "0018-billing",
  async up(qi: QueryInterface) {
    await qi.createTable("billing_settings", {
      branchId: { ...fk("branches", "CASCADE"), primaryKey: true },
      pixKey: { type: DataTypes.STRING(77), allowNull: true },
      payeeName: { type: DataTypes.STRING(100), allowNull: true },
      payeeCity: { type: DataTypes.STRING(60), allowNull: true },
      dueDay: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 10 },
      finePercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 2 },
      monthlyInterestPercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 1 },
      ...timestamps,
    });

    await qi.addColumn("enrollments", "discountPercent", { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 0 });

    await qi.createTable("charges", {
      id,
      code: { type: DataTypes.STRING(25), allowNull: false, unique: true },
      guardianId: fk("guardians", "RESTRICT"),
      studentId: fk("students", "SET NULL", true),
      enrollmentId: fk("enrollments", "SET NULL", true),
      branchId: fk("branches", "RESTRICT"),
      competence: { type: DataTypes.STRING(7), allowNull: true },
      description: { type: DataTypes.STRING(200), allowNull: false },
      amountCents: { type: DataTypes.INTEGER, allowNull: false },
      dueDate: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      paidAt: { type: DataTypes.DATE, allowNull: true },
      feesWaived: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      waiveReason: { type: DataTypes.STRING(500), allowNull: true },
      cancelReason: { type: DataTypes.STRING(500), allowNull: true },
      ...timestamps,
    });
    // At most one charge per enrolment and month: the generation inserts or skips on it.
    await qi.addIndex("charges", ["enrollmentId", "competence"], { name: "charges_enrollment_competence", unique: true });
    // What the lists filter and order on.
    await qi.addIndex("charges", ["status", "dueDate"], { name: "charges_status_due" });
    await qi.addIndex("charges", ["dueDate", "id"], { name: "charges_due" });
    await qi.addIndex("charges", ["guardianId", "dueDate"], { name: "charges_guardian_due" });
    await qi.addIndex("charges", ["branchId", "competence"], { name: "charges_branch_competence" });
    await qi.addIndex("charges", ["competence", "dueDate"], { name: "charges_competence" });
    await qi.addIndex("charges", ["studentId"], { name: "charges_student" });

    await qi.createTable("payments", {
      id,
      chargeId: fk("charges", "RESTRICT"),
      amountCents: { type: DataTypes.INTEGER, allowNull: false },
      paidOn: { type: DataTypes.DATEONLY, allowNull: false },
      method: { type: DataTypes.STRING(20), allowNull: false },
      note: { type: DataTypes.STRING(500), allowNull: true },
      createdById: fk("users", "SET NULL", true),
      reversedAt: { type: DataTypes.DATE, allowNull: true },
      reversedById: fk("users", "SET NULL", true),
      reverseReason: { type: DataTypes.STRING(500), allowNull: true },
      ...timestamps,
    });
    await qi.addIndex("payments", ["chargeId"], { name: "payments_charge" });
    await qi.addIndex("payments", ["paidOn"], { name: "payments_paid_on" });
    await qi.addIndex("payments", ["createdById"], { name: "payments_created_by" });
    await qi.addIndex("payments", ["reversedById"], { name: "payments_reversed_by" });

    await qi.createTable("charge_history", {
      id,
      chargeId: fk("charges", "CASCADE"),
      event: { type: DataTypes.STRING(30), allowNull: false },
      detail: { type: DataTypes.STRING(500), allowNull: true },
      userId: fk("users", "SET NULL", true),
      userName: { type: DataTypes.STRING, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("charge_history", ["chargeId", "createdAt"], { name: "charge_history_charge" });
    await qi.addIndex("charge_history", ["userId"], { name: "charge_history_user" });
  },
  async down(qi: QueryInterface) {
    await qi.dropTable("charge_history");
    await qi.dropTable("payments");
    await qi.dropTable("charges");
    await qi.removeColumn("enrollments", "discountPercent");
    await qi.dropTable("billing_settings");
  },
};
