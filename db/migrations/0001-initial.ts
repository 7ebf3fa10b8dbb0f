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

/** Every entity of the specification (§3), its keys, cascades and list indexes. */
export const initial: Migration = {
  name: "0001-initial",
  async up(qi: QueryInterface) {
    await qi.createTable("users", {
      id,
      name: { type: DataTypes.STRING(200), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING(255), allowNull: false },
      userType: { type: DataTypes.STRING(20), allowNull: false },
      cpf: { type: DataTypes.STRING(11), allowNull: true },
      avatarUrl: { type: DataTypes.STRING(500), allowNull: true },
      ...timestamps,
    });

    await qi.createTable("sessions", {
      id,
      userId: fk("users", "CASCADE"),
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      remember: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps,
    });
    await qi.addIndex("sessions", ["userId"]);
    await qi.addIndex("sessions", ["expiresAt"]);

    // Failed sign-in attempts per e-mail+IP, for throttling across app servers.
    await qi.createTable("login_attempts", {
      key: { type: DataTypes.STRING(320), primaryKey: true, allowNull: false },
      failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      windowStart: { type: DataTypes.DATE, allowNull: false },
    });

    await qi.createTable("branches", {
      id,
      name: { type: DataTypes.STRING(200), allowNull: false },
      address: { type: DataTypes.STRING(500), allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      isDefault: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps,
    });

    await qi.createTable("classrooms", {
      id,
      branchId: fk("branches", "CASCADE"),
      name: { type: DataTypes.STRING(200), allowNull: false },
      capacity: { type: DataTypes.INTEGER, allowNull: false },
      ...timestamps,
    });
    await qi.addIndex("classrooms", ["branchId"]);

    await qi.createTable("classroom_schedules", {
      id,
      classroomId: fk("classrooms", "CASCADE"),
      dayOfWeek: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "Segunda" },
      startTime: { type: DataTypes.STRING(5), allowNull: false },
      endTime: { type: DataTypes.STRING(5), allowNull: false },
      ...timestamps,
    });
    await qi.addIndex("classroom_schedules", ["classroomId", "dayOfWeek"]);

    await qi.createTable("offers", {
      id,
      name: { type: DataTypes.STRING(200), allowNull: false },
      monthlyValue: { type: DataTypes.DECIMAL(10, 2), allowNull: false },
      checkoutLink: { type: DataTypes.STRING(2000), allowNull: false },
      branchId: fk("branches", "RESTRICT"),
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      ...timestamps,
    });
    await qi.addIndex("offers", ["branchId"]);

    await qi.createTable("courses", {
      id,
      name: { type: DataTypes.STRING(200), allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      ...timestamps,
    });

    // Per-entity sequences (class number), incremented inside the insert's transaction.
    await qi.createTable("counters", {
      name: { type: DataTypes.STRING(50), primaryKey: true, allowNull: false },
      value: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    });

    await qi.createTable("classes", {
      id,
      classNumber: { type: DataTypes.INTEGER, allowNull: false, unique: true },
      courseId: fk("courses", "RESTRICT"),
      responsibleId: fk("users", "RESTRICT"),
      branchId: fk("branches", "RESTRICT"),
      classroomId: fk("classrooms", "RESTRICT"),
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      ...timestamps,
    });
    await qi.addIndex("classes", ["branchId"]);
    await qi.addIndex("classes", ["classroomId"]);
    await qi.addIndex("classes", ["courseId"]);
    await qi.addIndex("classes", ["responsibleId"]);

    await qi.createTable("class_schedules", {
      id,
      classId: fk("classes", "CASCADE"),
      scheduleId: fk("classroom_schedules", "CASCADE"),
      createdAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("class_schedules", ["classId", "scheduleId"], { unique: true });
    await qi.addIndex("class_schedules", ["scheduleId"]);

    await qi.createTable("guardians", {
      id,
      userId: fk("users", "SET NULL", true),
      address: { type: DataTypes.STRING(500), allowNull: false },
      ...timestamps,
    });
    await qi.addIndex("guardians", ["userId"]);
    await qi.addIndex("guardians", ["createdAt"]);

    await qi.createTable("guardian_persons", {
      id,
      guardianId: fk("guardians", "CASCADE"),
      fullName: { type: DataTypes.STRING(200), allowNull: false },
      cpf: { type: DataTypes.STRING(11), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      birthDate: { type: DataTypes.DATEONLY, allowNull: true },
      phone: { type: DataTypes.STRING(20), allowNull: true },
      isPrimary: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps,
    });
    await qi.addIndex("guardian_persons", ["guardianId"]);
    await qi.addIndex("guardian_persons", ["cpf"]);
    await qi.addIndex("guardian_persons", ["email"]);
    await qi.addIndex("guardian_persons", ["fullName"]);

    await qi.createTable("trials", {
      id,
      guardianName: { type: DataTypes.STRING(200), allowNull: false },
      studentName: { type: DataTypes.STRING(200), allowNull: false },
      classId: fk("classes", "RESTRICT"),
      whatsappNumber: { type: DataTypes.STRING(20), allowNull: false },
      scheduledDate: { type: DataTypes.DATEONLY, allowNull: false },
      scheduledTime: { type: DataTypes.STRING(5), allowNull: false },
      status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "Agendado" },
      origin: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "Outros" },
      ...timestamps,
    });
    await qi.addIndex("trials", ["scheduledDate"]);
    await qi.addIndex("trials", ["classId"]);

    await qi.createTable("trial_status_history", {
      id,
      trialId: fk("trials", "CASCADE"),
      status: { type: DataTypes.STRING(30), allowNull: false },
      changedAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("trial_status_history", ["trialId", "changedAt"]);
  },
  async down(qi: QueryInterface) {
    for (const table of [
      "trial_status_history",
      "trials",
      "guardian_persons",
      "guardians",
      "class_schedules",
      "classes",
      "counters",
      "courses",
      "offers",
      "classroom_schedules",
      "classrooms",
      "branches",
      "login_attempts",
      "sessions",
      "users",
    ]) {
      await qi.dropTable(table);
    }
  },
};
