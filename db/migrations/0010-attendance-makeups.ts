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
 * Attendance records (one per enrolment, or per make-up, per session) and
 * make-ups (reposições: an absence made up in another session). Sessions are
 * not stored: a session is (class, schedule, date).
 *
 * The two tables reference each other (a record may be a make-up's; a make-up
 * is of an absence, a record). SQLite accepts a reference to a table created
 * later; PostgreSQL gets the second foreign key with an ALTER once both exist.
 * Exactly one of enrollmentId / makeupId: a CHECK on PostgreSQL, a trigger on
 * SQLite (which cannot add a CHECK to an existing table); the service enforces it too.
 * A class or a schedule with attendance cannot be deleted (RESTRICT).
 */
export const attendanceMakeups: Migration = {
  name: "0010-attendance-makeups",
  async up(qi: QueryInterface, sequelize: Sequelize) {
    const postgres = sequelize.getDialect() === "postgres";
    await qi.createTable("attendance_records", {
      id,
      enrollmentId: fk("enrollments", "CASCADE", true),
      makeupId: postgres ? { type: DataTypes.UUID, allowNull: true } : fk("makeups", "CASCADE", true),
      classId: fk("classes", "RESTRICT"),
      scheduleId: fk("classroom_schedules", "RESTRICT"),
      date: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      note: { type: DataTypes.STRING(500), allowNull: true },
      takenById: fk("users", "SET NULL", true),
      ...timestamps,
    });
    await sequelize.query(
      `CREATE UNIQUE INDEX "attendance_records_enrollment_session" ON "attendance_records" ("enrollmentId", "scheduleId", "date") WHERE "enrollmentId" IS NOT NULL`,
    );
    await sequelize.query(
      `CREATE UNIQUE INDEX "attendance_records_makeup" ON "attendance_records" ("makeupId") WHERE "makeupId" IS NOT NULL`,
    );
    await qi.addIndex("attendance_records", ["classId", "date"], { name: "attendance_records_class_date" });
    await qi.addIndex("attendance_records", ["scheduleId"], { name: "attendance_records_schedule" });
    // The at-risk list reads the last 30 days' absences of every class.
    await qi.addIndex("attendance_records", ["date", "status"], { name: "attendance_records_date_status" });
    await qi.addIndex("attendance_records", ["takenById"], { name: "attendance_records_taken_by" });

    await qi.createTable("makeups", {
      id,
      absenceId: { ...fk("attendance_records", "CASCADE"), unique: true },
      classId: fk("classes", "RESTRICT"),
      scheduleId: fk("classroom_schedules", "RESTRICT"),
      date: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      ...timestamps,
    });
    await qi.addIndex("makeups", ["classId", "scheduleId", "date"], { name: "makeups_class_session" });
    await qi.addIndex("makeups", ["scheduleId"], { name: "makeups_schedule" });

    if (postgres) {
      await sequelize.query(
        `ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_makeupId_fkey" FOREIGN KEY ("makeupId") ` +
          `REFERENCES "makeups" ("id") ON DELETE CASCADE ON UPDATE CASCADE`,
      );
      await sequelize.query(
        `ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_one_target" ` +
          `CHECK (("enrollmentId" IS NULL) <> ("makeupId" IS NULL))`,
      );
    } else {
      for (const event of ["INSERT", "UPDATE"]) {
        await sequelize.query(
          `CREATE TRIGGER "attendance_records_one_target_${event.toLowerCase()}" BEFORE ${event} ON "attendance_records" ` +
            `WHEN (NEW."enrollmentId" IS NULL) = (NEW."makeupId" IS NULL) ` +
            `BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: attendance_records_one_target'); END`,
        );
      }
    }
  },
  async down(qi: QueryInterface, sequelize: Sequelize) {
    if (sequelize.getDialect() === "postgres") {
      await sequelize.query(`ALTER TABLE "attendance_records" DROP CONSTRAINT IF EXISTS "attendance_records_makeupId_fkey"`);
    }
    await qi.dropTable("makeups");
    await qi.dropTable("attendance_records");
  },
};
