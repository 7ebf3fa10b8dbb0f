import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import type { Sequelize } from "sequelize";
import { Branch, ClassroomSchedule, ClassScheduleLink, Guardian, SchoolClass, setupDatabase, Student, User } from "../../db/index";
import { Task, Trial } from "../../db/models";
import { seedDemo, DEMO_ACCOUNTS } from "../../db/seed/demo";
import { deleteAllData } from "../../db/seed/reset";
import { createTestDatabase } from "../support/test-db";
import { QueryTypes } from "sequelize";
import { dateInTimeZone, isSunday, today } from "../../app/domain/calendar/dates";

// The demo network on a database of its own (the other service tests' rows would be
// deleted by the reset): `npm run db:seed` and `npm run db:seed -- --reset`.
describe("the demo network (npm run db:seed)", () => {
  let database: { url: string; drop: () => Promise<void> };
  let sequelize: Sequelize;
  beforeAll(async () => {
    database = await createTestDatabase(inject("dialect"));
    sequelize = await setupDatabase(database.url);
  });
  afterAll(async () => {
    await sequelize?.close();
    await database?.drop();
  });

  it("has lessons every day from Monday to Saturday in every open branch, and a second seed changes nothing", async () => {
    expect((await seedDemo(sequelize)).created).toBe(true);
    const branches = await Branch.findAll({ where: { active: true } });
    expect(branches.length).toBeGreaterThan(0);
    const schedules = new Map((await ClassroomSchedule.findAll()).map((s) => [s.id, s.dayOfWeek]));
    const links = await ClassScheduleLink.findAll();
    for (const branch of branches) {
      const classes = await SchoolClass.findAll({ where: { branchId: branch.id, active: true } });
      const days = new Set(links.filter((l) => classes.some((c) => c.id === l.classId)).map((l) => schedules.get(l.scheduleId)));
      expect([...days].sort(), branch.name).toEqual(["Quarta", "Quinta", "Segunda", "Sexta", "Sábado", "Terça"]);
    }
    // The demo's Client account is a family's, with two children ('Minha família').
    const client = await User.findOne({ where: { email: DEMO_ACCOUNTS[2].email } });
    const families = await Guardian.findAll({ where: { userId: client!.id } });
    expect(families).toHaveLength(1);
    expect(await Student.count({ where: { guardianId: families[0].id } })).toBe(2);
    // The funnel's end: owners, lost trials with their reasons, the Team account's tasks overdue, today and next.
    const team = await User.findOne({ where: { email: DEMO_ACCOUNTS[1].email } });
    expect(await Trial.count({ where: { ownerId: team!.id } })).toBeGreaterThan(0);
    expect(await Trial.count({ where: { outcome: "Perdido" } })).toBeGreaterThan(0);
    expect(await Trial.count({ where: { outcome: "Matriculado" } })).toBe(1);
    const dues = new Set((await Task.findAll({ where: { doneAt: null } })).map((k) => String(k.dueAt).slice(0, 10)));
    expect(dues.size).toBeGreaterThanOrEqual(3);
    expect((await seedDemo(sequelize)).created).toBe(false);
  });

  it("has trials from today on, and nothing dated on a Sunday (trials, their history, tasks, enrolments, roll calls, make-ups, charges, payments)", async () => {
    expect(await Trial.count()).toBeGreaterThan(0); // seeded by the test above
    const rows = async (sql: string) => (await sequelize.query<{ v: unknown }>(sql, { type: QueryTypes.SELECT })).map((r) => r.v);
    // A day column, or an instant's day in the school's time zone.
    const day = (v: unknown) =>
      v instanceof Date ? dateInTimeZone(v) : /T|:/.test(String(v)) ? dateInTimeZone(new Date(String(v))) : String(v).slice(0, 10);
    const upcoming = (await rows(`SELECT CAST("scheduledDate" AS TEXT) AS "v" FROM "trials"`)).map(day).filter((d) => d >= today());
    expect(upcoming.length).toBeGreaterThan(0);
    const dated: Record<string, string> = {
      "trials.scheduledDate": `SELECT CAST("scheduledDate" AS TEXT) AS "v" FROM "trials"`,
      "trials.createdAt": `SELECT "createdAt" AS "v" FROM "trials"`,
      "trials.closedAt": `SELECT "closedAt" AS "v" FROM "trials" WHERE "closedAt" IS NOT NULL`,
      "trial_status_history.changedAt": `SELECT "changedAt" AS "v" FROM "trial_status_history"`,
      "tasks.dueAt": `SELECT CAST("dueAt" AS TEXT) AS "v" FROM "tasks"`,
      "enrollments.startDate": `SELECT CAST("startDate" AS TEXT) AS "v" FROM "enrollments"`,
      "enrollments.cancelledAt": `SELECT "cancelledAt" AS "v" FROM "enrollments" WHERE "cancelledAt" IS NOT NULL`,
      "attendance_records.date": `SELECT CAST("date" AS TEXT) AS "v" FROM "attendance_records"`,
      "makeups.date": `SELECT CAST("date" AS TEXT) AS "v" FROM "makeups"`,
      "charges.dueDate": `SELECT CAST("dueDate" AS TEXT) AS "v" FROM "charges"`,
      "charges.paidAt": `SELECT "paidAt" AS "v" FROM "charges" WHERE "paidAt" IS NOT NULL`,
      "payments.paidOn": `SELECT CAST("paidOn" AS TEXT) AS "v" FROM "payments"`,
    };
    for (const [what, sql] of Object.entries(dated)) {
      const days = (await rows(sql)).map(day);
      expect({ what, sundays: days.filter(isSunday) }).toEqual({ what, sundays: [] });
    }
  });

  it("--reset deletes every row, users included, and the demo loads again as new", async () => {
    await User.create({ name: "Conta Própria", email: "propria@exemplo.com.br", userType: "Team", passwordHash: "!" });
    await deleteAllData(sequelize);
    expect(await User.count()).toBe(0);
    expect(await Branch.count()).toBe(0);
    const again = await seedDemo(sequelize);
    expect(again.created).toBe(true);
    expect(await User.findOne({ where: { email: "propria@exemplo.com.br" } })).toBeNull();
    expect(await User.count({ where: { email: DEMO_ACCOUNTS.map((a) => a.email) } })).toBe(DEMO_ACCOUNTS.length);
  });
});
