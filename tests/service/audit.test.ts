import { describe, expect, it } from "vitest";
import type { Model, ModelStatic } from "sequelize";
import { AuditEntry, NOT_AUDITED, runAudited } from "../../db/audit";
import { db, writeRows } from "~/platform/db.server";
import { saveRollCall } from "~/domain/attendance/service.server";
import { bookMakeup, deleteMakeup } from "~/domain/attendance/makeups/service.server";
import { makeupOptions } from "~/domain/attendance/makeups/queries.server";
import { cleanupAuditEntries } from "~/domain/audit/service.server";
import { createBranch, deleteBranch, updateBranch } from "~/domain/branches/service.server";
import { createClass, deleteClass, updateClass } from "~/domain/classes/service.server";
import { createClassroom, deleteClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { createCourse, deleteCourse, updateCourse } from "~/domain/courses/service.server";
import { cancelEnrollment, createEnrollment } from "~/domain/enrollments/service.server";
import { createGuardian, deleteGuardian, deleteGuardianPerson, updateGuardianPerson } from "~/domain/guardians/service.server";
import { createOffer, deleteOffer, updateOffer } from "~/domain/offers/service.server";
import { createSchedule, deleteSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { createStudent, deleteStudent, updateStudent } from "~/domain/students/service.server";
import { createTrial, deleteTrial, updateTrial } from "~/domain/trials/service.server";
import { createUser, deleteUser, updateUser } from "~/domain/users/service.server";
import { anonymizeFamily } from "~/domain/family/lgpd/service.server";
import type { Actor } from "~/domain/access/roles";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeClassroom,
  makeCourse,
  makeGuardian,
  makeOffer,
  makeSchedule,
  makeStaffUser,
  makeStudent,
} from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, TODAY } from "../support/attendance";

/**
 * The guard of the audit trail: each command below runs against a snapshot of
 * every audited table, and the rows it created, changed or deleted (whatever
 * wrote them: a model, a bulk update, a database cascade) must be exactly the
 * entries it left, each naming the acting user and address. A command that
 * writes a row without its entry (a new raw write, a new cascade, a model
 * method without hooks) fails here.
 */

type Snapshot = Map<string, Map<string, string>>;

async function auditedModels(): Promise<ModelStatic<Model>[]> {
  const sequelize = await db();
  return Object.values(sequelize.models).filter((m) => !NOT_AUDITED.has(m.tableName));
}

/** Every row of every audited table, by id, without updatedAt (a touch is not a change). */
async function snapshot(): Promise<Snapshot> {
  const snap: Snapshot = new Map();
  for (const model of await auditedModels()) {
    const rows = (await model.findAll({ raw: true })) as unknown as Record<string, unknown>[];
    const byId = new Map<string, string>();
    for (const { updatedAt: _, ...row } of rows) byId.set(String(row[model.primaryKeyAttribute]), JSON.stringify(row));
    snap.set(model.tableName, byId);
  }
  return snap;
}

function changesBetween(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, rows] of after) {
    const old = before.get(table) ?? new Map<string, string>();
    for (const [id, row] of rows) {
      if (!old.has(id)) out.push(`${table}:${id}:create`);
      else if (old.get(id) !== row) out.push(`${table}:${id}:update`);
    }
    for (const id of old.keys()) if (!rows.has(id)) out.push(`${table}:${id}:delete`);
  }
  return out.sort();
}

const IP = "203.0.113.45";

/** Runs a command as `who` and checks one entry per row it changed, no more, each naming who and from where. */
async function audited<T>(who: { id: string; name: string }, command: () => Promise<T>): Promise<{ result: T; entries: AuditEntry[] }> {
  const before = await snapshot();
  const known = new Set((await AuditEntry.findAll({ attributes: ["id"], raw: true })).map((e) => e.id));
  const result = await runAudited({ userId: who.id, userName: who.name, ip: IP }, command);
  const after = await snapshot();
  const entries = (await AuditEntry.findAll()).filter((e) => !known.has(e.id));
  const changed = changesBetween(before, after);
  expect(changed.length).toBeGreaterThan(0);
  expect(entries.map((e) => `${e.entity}:${e.entityId}:${e.action}`).sort()).toEqual(changed);
  for (const e of entries)
    expect({ userId: e.userId, userName: e.userName, ip: e.ip }).toEqual({ userId: who.id, userName: who.name, ip: IP });
  return { result, entries };
}

async function administrator(): Promise<{ actor: Actor; who: { id: string; name: string } }> {
  const user = await makeStaffUser("Administrator");
  return { actor: { id: user.id, userType: user.userType }, who: { id: user.id, name: user.name } };
}

function uniqueCpf(): string {
  return String(Math.floor(Math.random() * 1e11)).padStart(11, "0");
}

describe("every service command leaves one entry per row it changed", () => {
  it("courses, offers, branches (a new default unmarks the old one: a bulk update), classrooms and schedules (deletes cascade)", async () => {
    const { actor, who } = await administrator();
    const course = (await audited(who, () => createCourse(actor, { name: "Curso Auditado" }))).result;
    await audited(who, () => updateCourse(actor, course.id, { name: "Curso Auditado 2", active: false }));
    await audited(who, () => deleteCourse(actor, course.id));

    await makeBranch({ isDefault: true });
    const branch = (await audited(who, () => createBranch(actor, { name: "Unidade Auditada", address: "Rua A, 1", isDefault: true })))
      .result;
    await audited(who, () => updateBranch(actor, branch.id, { address: "Rua B, 2" }));
    const offer = (
      await audited(who, () =>
        createOffer(actor, { name: "Plano Auditado", monthlyValue: 120, checkoutLink: "https://pagar.exemplo.com/x", branchId: branch.id }),
      )
    ).result;
    await audited(who, () => updateOffer(actor, offer.id, { monthlyValue: 130 }));
    await audited(who, () => deleteOffer(actor, offer.id));

    const classroom = (await audited(who, () => createClassroom(actor, { branchId: branch.id, name: "Sala Auditada", capacity: 8 })))
      .result;
    await audited(who, () => updateClassroom(actor, classroom.id, { capacity: 10 }));
    const schedule = (
      await audited(who, () =>
        createSchedule(actor, { classroomId: classroom.id, dayOfWeek: "Terça", startTime: "10:00", endTime: "11:00" }),
      )
    ).result;
    await audited(who, () => updateSchedule(actor, schedule.id, { endTime: "11:30" }));
    // The branch's delete cascades to its classrooms and their schedules: each gets its entry.
    await makeSchedule(classroom.id, { dayOfWeek: "Quarta", startTime: "10:00", endTime: "11:00" });
    const { entries } = await audited(who, () => deleteBranch(actor, branch.id));
    expect(entries.map((e) => `${e.entity}:${e.action}`).sort()).toEqual([
      "branches:delete",
      "classroom_schedules:delete",
      "classroom_schedules:delete",
      "classrooms:delete",
    ]);

    const other = await makeClassroom((await makeBranch()).id);
    await makeSchedule(other.id);
    await audited(who, () => deleteClassroom(actor, other.id));
  });

  it("classes: their schedule links are created, replaced and deleted with them; a schedule's delete takes its links", async () => {
    const { actor, who } = await administrator();
    const made = await makeClass({ schedules: [{ dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" }] });
    const second = await makeSchedule(made.classroomId, { dayOfWeek: "Sexta", startTime: "08:00", endTime: "09:00" });
    const input = {
      courseId: made.courseId,
      responsibleId: made.responsibleId,
      branchId: made.branchId,
      classroomId: made.classroomId,
      scheduleIds: [made.schedules[0].id],
    };
    const created = (await audited(who, () => createClass(actor, input))).result;
    await audited(who, () => updateClass(actor, created.id, { ...input, scheduleIds: [second.id] }));
    await audited(who, () => deleteClass(actor, created.id));
    // A schedule still linked to a class: the link goes by cascade.
    const third = await makeSchedule(made.classroomId, { dayOfWeek: "Sábado", startTime: "08:00", endTime: "09:00" });
    await audited(who, () => updateClass(actor, made.cls.id, { ...input, scheduleIds: [made.schedules[0].id, third.id] }));
    const { entries } = await audited(who, () => deleteSchedule(actor, third.id));
    expect(entries.map((e) => e.entity).sort()).toEqual(["class_schedules", "classroom_schedules"]);
  });

  it("users (the password never written), guardians with their persons and Client user, students", async () => {
    const { actor, who } = await administrator();
    const user = (
      await audited(who, () =>
        createUser(actor, { name: "Usuária Auditada", email: `aud.${Date.now()}@teste.com`, password: "senhaBoa123", userType: "Team" }),
      )
    ).result;
    const { entries } = await audited(who, () => updateUser(actor, user.id, { password: "outraSenha456" }));
    expect(entries[0].changes).toBe(JSON.stringify({ passwordHash: { before: "[protegido]", after: "[protegido]" } }));

    const guardian = (
      await audited(who, () =>
        createGuardian(actor, {
          address: "Rua da Família, 3",
          persons: [
            {
              fullName: "Mãe Auditada",
              cpf: uniqueCpf(),
              email: `mae.${Date.now()}@teste.com`,
              birthDate: "1980-01-02",
              phone: "11955554444",
              isPrimary: true,
            },
            {
              fullName: "Pai Auditado",
              cpf: uniqueCpf(),
              email: `pai.${Date.now()}@teste.com`,
              birthDate: "1980-01-02",
              phone: "11955554444",
              isPrimary: false,
            },
            {
              fullName: "Avó Auditada",
              cpf: uniqueCpf(),
              email: `avo.${Date.now()}@teste.com`,
              birthDate: "1980-01-02",
              phone: "11955554444",
              isPrimary: false,
            },
          ],
        }),
      )
    ).result;
    const [, dad, grandma] = guardian.persons;
    await audited(who, () => updateGuardianPerson(actor, dad.id, { phone: "11912345678" }));
    await audited(who, () => deleteGuardianPerson(actor, grandma.id));
    const student = (await audited(who, () => createStudent(actor, { guardianId: guardian.id, fullName: "Filha Auditada" }))).result;
    await audited(who, () => updateStudent(actor, student.id, { notes: "Alergia a amendoim" }));
    await audited(who, () => deleteStudent(actor, student.id));
    // The guardian's delete cascades to its persons.
    const { entries: gone } = await audited(who, () => deleteGuardian(actor, guardian.id));
    expect(gone.filter((e) => e.entity === "guardian_persons")).toHaveLength(2);

    // A user's delete sets the family's user to null (ON DELETE SET NULL): an update entry of the guardian.
    const family = await makeGuardian(1);
    const { entries: unlinked } = await audited(who, () => deleteUser(actor, family.user.id));
    expect(unlinked.find((e) => e.entity === "guardians")).toMatchObject({ action: "update", entityId: family.guardian.id });
  });

  it("trials, enrolments (a cancellation promotes the waiting list), roll calls and make-ups", async () => {
    const { actor, who } = await administrator();
    const cls = await sessionClass({ capacity: 1 });
    const trial = (
      await audited(who, () =>
        createTrial(actor, {
          guardianName: "Tia Auditada",
          studentName: "Sobrinha Auditada",
          classId: cls.id,
          whatsappNumber: "11987654321",
          scheduledDate: addDays(TODAY(), 3),
        }),
      )
    ).result;
    await audited(who, () => updateTrial(actor, trial.id, { status: "Compareceu" }));
    await audited(who, () => deleteTrial(actor, trial.id));

    const { guardian } = await makeGuardian(1);
    const offer = await makeOffer(cls.branchId);
    const first = await makeStudent(guardian.id);
    const second = await makeStudent(guardian.id);
    const start = addDays(TODAY(), -30);
    const active = (
      await audited(who, () => createEnrollment(actor, { studentId: first.id, classId: cls.id, offerId: offer.id, startDate: start }))
    ).result;
    await audited(who, () =>
      createEnrollment(actor, { studentId: second.id, classId: cls.id, offerId: offer.id, startDate: start, waitlist: true }),
    );
    const { entries } = await audited(who, () => cancelEnrollment(actor, active.id, "Mudou de cidade"));
    expect(entries.filter((e) => e.entity === "enrollments")).toHaveLength(2);

    const other = await sessionClass({ courseId: cls.courseId, capacity: 5 });
    const { pupils } = await enrolled(other, 2);
    const date = notSunday(addDays(TODAY(), -2), -1);
    const scheduleId = other.scheduleOn(date);
    const roll = (status: "Presente" | "Falta") => ({
      date,
      scheduleId,
      records: pupils.map((p) => ({ enrollmentId: p.enrollment.id, status })),
    });
    await audited(who, () => saveRollCall(actor, other.id, roll("Falta")));
    await audited(who, () => saveRollCall(actor, other.id, roll("Presente")));

    const before = notSunday(addDays(date, -1), -1);
    const absent = await makeAttendance({
      enrollmentId: pupils[1].enrollment.id,
      classId: other.id,
      scheduleId: other.scheduleOn(before),
      date: before,
      status: "Falta",
    });
    await sessionClass({ courseId: cls.courseId, capacity: 5 });
    const [option] = await makeupOptions(actor, absent.id);
    expect(option).toBeTruthy();
    const makeup = (
      await audited(who, () =>
        bookMakeup(actor, { absenceId: absent.id, classId: option.classId, scheduleId: option.scheduleId, date: option.date }),
      )
    ).result;
    await audited(who, () => deleteMakeup(actor, makeup.id));
  });

  it("a family anonymised: every row it changed has its entry, and no entry keeps the family's values", async () => {
    const { actor, who } = await administrator();
    const cls = await sessionClass({ capacity: 1 });
    const offer = await makeOffer(cls.branchId);
    const { guardian, persons, user } = await makeGuardian(2);
    const child = await makeStudent(guardian.id);
    const start = addDays(TODAY(), -30);
    await createEnrollment(actor, { studentId: child.id, classId: cls.id, offerId: offer.id, startDate: start });
    const waiting = await makeStudent((await makeGuardian(1)).guardian.id);
    await createEnrollment(actor, { studentId: waiting.id, classId: cls.id, offerId: offer.id, startDate: start, waitlist: true });
    const { entries } = await audited(who, () =>
      anonymizeFamily(actor, guardian.id, { reason: "Pedido da família", confirmName: persons[0].fullName }),
    );
    // Persons, guardian, student, Client user, the enrolment cancelled and the one promoted.
    expect(entries.filter((e) => e.entity === "enrollments")).toHaveLength(2);
    expect(entries.some((e) => e.entity === "users" && e.entityId === user.id)).toBe(true);
    const everything = JSON.stringify(await AuditEntry.findAll({ raw: true }));
    for (const value of [persons[0].fullName, persons[1].email, persons[0].cpf, child.fullName, user.email]) {
      expect(everything).not.toContain(value);
    }
  });
});

describe("the guards", () => {
  it("a plain SQL write to an audited table is refused (it would leave no entry); other tables are written as before", async () => {
    const course = await makeCourse();
    await expect(
      writeRows(`UPDATE "courses" SET "name" = :name WHERE "id" = :id`, { name: "Sem registro", id: course.id }),
    ).rejects.toThrow(/auditada/);
    await expect(writeRows(`DELETE FROM courses WHERE "id" = :id`, { id: course.id })).rejects.toThrow(/auditada/);
    await expect(writeRows(`DELETE FROM "login_attempts" WHERE "key" = :key`, { key: "nada" })).resolves.toEqual([]);
  });

  it("every audited model's writes go through the hooks: a new model is audited unless listed as not audited", async () => {
    const tables = (await auditedModels()).map((m) => m.tableName);
    for (const t of ["users", "courses", "guardians", "guardian_persons", "students", "enrollments", "attendance_records", "makeups"]) {
      expect(tables).toContain(t);
    }
    expect(tables).not.toContain("sessions");
    expect(tables).not.toContain("audit_entries");
  });
});

describe("retention", () => {
  it("deletes entries past AUDIT_RETENTION_DAYS, and sign-in entries after 180 days", async () => {
    const day = 86_400_000;
    const now = new Date();
    const make = (action: string, daysAgo: number) =>
      AuditEntry.create(
        { entity: "courses", entityId: `ret-${action}-${daysAgo}`, action, createdAt: new Date(now.getTime() - daysAgo * day) },
        { hooks: false },
      );
    const rows = [
      await make("update", 1000),
      await make("update", 1900),
      await make("sign-in", 100),
      await make("sign-in", 200),
      await make("sign-out", 181),
      await make("sign-in-failed", 179),
    ];
    await cleanupAuditEntries(1825, now);
    const left = new Set((await AuditEntry.findAll({ where: { id: rows.map((r) => r.id) } })).map((r) => r.entityId));
    expect([...left].sort()).toEqual(["ret-sign-in-100", "ret-sign-in-failed-179", "ret-update-1000"]);
    // A shorter retention also shortens the sign-ins'.
    await cleanupAuditEntries(90, now);
    expect(await AuditEntry.count({ where: { id: rows.map((r) => r.id) } })).toBe(0);
  });
});
