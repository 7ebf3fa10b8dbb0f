import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * Absences a family warns of before the session ('Avisar falta'): one per
 * enrolment and session (class, schedule, date). The session's roll call reads
 * them (by class and date) to show the pupil as 'Falta justificada' until the
 * teacher saves it; the family's page reads them by enrolment (the leading
 * column of the unique index).
 */
export const absenceNotices: Migration = {
  name: "0016-absence-notices",
  async up(qi: QueryInterface) {
    const fk = (table: string, onDelete: "CASCADE" | "SET NULL", allowNull = false) => ({
      type: DataTypes.UUID,
      allowNull,
      references: { model: table, key: "id" },
      onDelete,
      onUpdate: "CASCADE",
    });
    await qi.createTable("absence_notices", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      enrollmentId: fk("enrollments", "CASCADE"),
      classId: fk("classes", "CASCADE"),
      scheduleId: fk("classroom_schedules", "CASCADE"),
      date: { type: DataTypes.DATEONLY, allowNull: false },
      note: { type: DataTypes.STRING(500), allowNull: true },
      createdById: fk("users", "SET NULL", true),
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("absence_notices", ["enrollmentId", "scheduleId", "date"], { name: "absence_notices_session", unique: true });
    await qi.addIndex("absence_notices", ["classId", "date"], { name: "absence_notices_class_date" });
    await qi.addIndex("absence_notices", ["scheduleId"], { name: "absence_notices_schedule" });
    await qi.addIndex("absence_notices", ["createdById"], { name: "absence_notices_created_by" });
  },
  async down(qi: QueryInterface) {
    await qi.dropTable("absence_notices");
  },
};
