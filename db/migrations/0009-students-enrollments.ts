import { DataTypes, type QueryInterface, type Sequelize } from "sequelize";
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
 * Students (each of one guardian, the family) and their enrolments in classes.
 * A guardian with students, a class or an offer with enrolments cannot be
 * deleted (RESTRICT); a trial keeps the enrolment it led to (`trials.enrollmentId`)
 * and an enrolment the trial it came from (`enrollments.trialId`), both SET NULL.
 * At most one enrolment that is not 'Cancelada' per student and class: a
 * partial unique index, the same on SQLite and PostgreSQL.
 */
export const studentsEnrollments: Migration = {
  name: "0009-students-enrollments",
  async up(qi: QueryInterface, sequelize: Sequelize) {
    await qi.createTable("students", {
      id,
      guardianId: fk("guardians", "RESTRICT"),
      fullName: { type: DataTypes.STRING(200), allowNull: false },
      birthDate: { type: DataTypes.DATEONLY, allowNull: true },
      notes: { type: DataTypes.TEXT, allowNull: true },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      ...timestamps,
    });
    await qi.addIndex("students", ["guardianId"]);
    await qi.addIndex("students", ["fullName"]);
    // The students screen's status filter: its count and its page by name.
    await qi.addIndex("students", ["active", "fullName"]);

    await qi.createTable("enrollments", {
      id,
      studentId: fk("students", "RESTRICT"),
      classId: fk("classes", "RESTRICT"),
      offerId: fk("offers", "RESTRICT"),
      startDate: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      waitlistPosition: { type: DataTypes.INTEGER, allowNull: true },
      cancelledAt: { type: DataTypes.DATE, allowNull: true },
      cancelReason: { type: DataTypes.STRING(500), allowNull: true },
      trialId: fk("trials", "SET NULL", true),
      ...timestamps,
    });
    await sequelize.query(
      `CREATE UNIQUE INDEX "enrollments_student_class_open" ON "enrollments" ("studentId", "classId") WHERE "status" <> 'Cancelada'`,
    );
    // Positions in a class's waiting list are unique (the commands renumber them one by one, upwards).
    await sequelize.query(
      `CREATE UNIQUE INDEX "enrollments_class_waitlist_position" ON "enrollments" ("classId", "waitlistPosition") WHERE "status" = 'Em espera'`,
    );
    await qi.addIndex("enrollments", ["classId", "status", "waitlistPosition"], { name: "enrollments_class_status_position" });
    await qi.addIndex("enrollments", ["studentId"]);
    await qi.addIndex("enrollments", ["offerId"]);
    await qi.addIndex("enrollments", ["trialId"]);

    await qi.addColumn("trials", "enrollmentId", fk("enrollments", "SET NULL", true));
    // Enrolling from a trial proposes the families whose persons have the trial's WhatsApp number.
    await qi.addIndex("guardian_persons", ["phone"]);
  },
  async down(qi: QueryInterface, sequelize: Sequelize) {
    await qi.removeIndex("guardian_persons", ["phone"]);
    // Not qi.removeColumn: on SQLite it rebuilds the table (DROP TABLE "trials" would cascade to the
    // status history and lose its indexes and triggers). Both databases drop a column in place.
    await sequelize.query(`ALTER TABLE "trials" DROP COLUMN "enrollmentId"`);
    await qi.dropTable("enrollments");
    await qi.dropTable("students");
  },
};
