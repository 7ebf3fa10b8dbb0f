import { describe, expect, it } from "vitest";
import { atRiskStudents, getRollCall, todaySessions } from "~/domain/attendance/queries.server";
import { saveRollCall } from "~/domain/attendance/service.server";
import { bookMakeup } from "~/domain/attendance/makeups/service.server";
import { makeupOptions } from "~/domain/attendance/makeups/queries.server";
import {
  makeAttendance,
  makeBranch,
  makeEnrollment,
  makeGuardian,
  makeMakeup,
  makeOffer,
  makeStudent,
  type AttendanceStatus,
} from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, sessionsOf, TODAY } from "../support/attendance";
import { actorOfType, refusal } from "../support/service";

describe("todaySessions (the 'Aulas de Hoje' screen)", () => {
  it("lists the day's sessions of the branch's active classes by start time, with pupils (make-ups included) and whether the roll call is done", async () => {
    const team = await actorOfType("Team");
    const branch = await makeBranch();
    const date = notSunday(addDays(TODAY(), -3), -1);
    const late = await sessionClass({ branchId: branch.id, startTime: "18:00" });
    const early = await sessionClass({ branchId: branch.id, startTime: "07:00" });
    await sessionClass({ branchId: branch.id, active: false });
    await sessionClass({ branchId: branch.id, daysAgo: 0 }); // created after the date
    await sessionClass({ startTime: "06:00" }); // another branch
    const { pupils, offer, guardian } = await enrolled(late, 2);
    // Cancelled after the date: still counted that day; cancelled before it: not.
    for (const [days, name] of [
      [1, "Saiu depois"],
      [-1, "Saiu antes"],
    ] as const) {
      const student = await makeStudent(guardian.id, { fullName: name });
      await makeEnrollment({
        studentId: student.id,
        classId: late.id,
        offerId: offer.id,
        startDate: "2020-01-06",
        status: "Cancelada",
        cancelledAt: new Date(`${addDays(date, days)}T12:00:00Z`),
      });
    }
    await enrolled(early, 1, { startDate: addDays(date, 1) }); // not yet on that date
    const other = await sessionClass({ courseId: late.courseId });
    const absentee = await enrolled(other, 1);
    const prev = notSunday(addDays(date, -1), -1);
    const absence = await makeAttendance({
      enrollmentId: absentee.pupils[0].enrollment.id,
      classId: other.id,
      scheduleId: other.scheduleOn(prev),
      date: prev,
      status: "Falta",
    });
    await makeMakeup({ absenceId: absence.id, classId: late.id, scheduleId: late.scheduleOn(date), date });
    await saveRollCall(team, late.id, {
      date,
      scheduleId: late.scheduleOn(date),
      records: [{ enrollmentId: pupils[0].enrollment.id, status: "Presente" }],
    });

    const list = await todaySessions(team, { branchId: branch.id, date });
    expect(list.map((s) => [s.classId, s.startTime, s.endTime, s.students, s.attendanceTaken])).toEqual([
      [early.id, "07:00", "08:00", 0, false],
      [late.id, "18:00", "19:00", 4, true],
    ]);
    expect(list[1]).toMatchObject({ scheduleId: late.scheduleOn(date), date });
    expect(list[1].classLabel).toMatch(/ - Turma \d+$/);
    expect(list[1].teacherName).toMatch(/^Professor /);
    expect(list[1].classroomName).toMatch(/^Sala /);
    // Every branch when null; nothing on a Sunday.
    expect((await todaySessions(team, { branchId: null, date })).length).toBeGreaterThan(2);
    let sunday = date;
    while (new Date(`${sunday}T00:00:00Z`).getUTCDay() !== 0) sunday = addDays(sunday, 1);
    expect(await todaySessions(team, { branchId: branch.id, date: sunday })).toEqual([]);
    expect((await refusal(todaySessions(null, { branchId: null }))).status).toBe(401);
  });
});

describe("getRollCall (the 'Chamada' screen)", () => {
  it("gives the class's label, times, whether the date is in the future and the neighbouring sessions", async () => {
    // The staff's screen (a Client gets a 404: tests/api/client-scope.test.ts).
    const client = await actorOfType("Team");
    const cls = await sessionClass({ weekdays: ["Segunda", "Quarta"], daysAgo: 30 });
    const sessions = sessionsOf(cls, addDays(TODAY(), -30), addDays(TODAY(), 14));
    const past = sessions.filter((s) => s.date <= TODAY());
    const at = past.length - 1;
    const view = await getRollCall(client, cls.id, { date: past[at].date, scheduleId: past[at].scheduleId });
    expect(view).toMatchObject({ startTime: "08:00", endTime: "09:00", future: false, taken: false, records: [] });
    expect(view.classLabel).toMatch(/ - Turma \d+$/);
    expect(view.previous).toEqual({ date: past[at - 1].date, scheduleId: past[at - 1].scheduleId });
    expect(view.next).toEqual({ date: sessions[at + 1].date, scheduleId: sessions[at + 1].scheduleId });
    const future = sessions[at + 1];
    expect((await getRollCall(client, cls.id, { date: future.date, scheduleId: future.scheduleId })).future).toBe(true);
    const first = await getRollCall(client, cls.id, { date: sessions[0].date, scheduleId: sessions[0].scheduleId });
    expect(first.previous).toBeNull();
  });
});

describe("atRiskStudents (the dashboard's 'Alunos em risco')", () => {
  it("lists pupils whose last 3 or more records of a current enrolment in the last 30 days are absences, with the guardian's WhatsApp digits", async () => {
    const team = await actorOfType("Team");
    const branch = await makeBranch();
    const cls = await sessionClass({ branchId: branch.id });
    const past = sessionsOf(cls, addDays(TODAY(), -28), addDays(TODAY(), -1));
    const { guardian, persons } = await makeGuardian(1);
    const offer = await makeOffer(branch.id);
    const enrollmentOf = new Map<string, string>();
    const pupil = async (
      name: string,
      statuses: AttendanceStatus[],
      dates = past.slice(-statuses.length),
      status: "Ativa" | "Cancelada" = "Ativa",
    ) => {
      const student = await makeStudent(guardian.id, { fullName: name });
      const enrollment = await makeEnrollment({
        studentId: student.id,
        classId: cls.id,
        offerId: offer.id,
        startDate: "2020-01-06",
        status,
      });
      enrollmentOf.set(name, enrollment.id);
      for (let i = 0; i < statuses.length; i++) {
        await makeAttendance({
          enrollmentId: enrollment.id,
          classId: cls.id,
          scheduleId: dates[i].scheduleId,
          date: dates[i].date,
          status: statuses[i],
        });
      }
      return student;
    };
    const risky = await pupil("Risco", ["Presente", "Falta", "Falta justificada", "Falta", "Falta"]);
    await pupil("Voltou", ["Falta", "Falta", "Falta", "Presente"]);
    await pupil("Duas", ["Presente", "Falta", "Falta"]);
    await pupil("Cancelou", ["Falta", "Falta", "Falta"], undefined, "Cancelada");
    const old = sessionsOf(cls, addDays(TODAY(), -60), addDays(TODAY(), -35));
    await pupil("Antigo", ["Falta", "Falta", "Falta"], old.slice(-3));
    await pupil("Antigo recente", ["Falta", "Falta", "Falta"], [...old.slice(-2), past[past.length - 1]]);

    const list = await atRiskStudents(team, { branchId: branch.id });
    expect(list.map((s) => [s.studentName, s.absences])).toEqual([["Risco", 4]]);
    expect(list[0]).toMatchObject({
      studentId: risky.id,
      guardianName: persons[0].fullName,
      whatsapp: "11987654321",
      classId: cls.id,
      lastAbsence: past[past.length - 1].date,
    });
    expect(list[0].classLabel).toMatch(/ - Turma \d+$/);
    expect(await atRiskStudents(team, { branchId: (await makeBranch()).id })).toEqual([]);
    expect((await atRiskStudents(team, { branchId: null })).some((s) => s.studentId === risky.id)).toBe(true);

    // The list is kept between visits; a roll call saved since shows at once: the last absence
    // corrected to a presence ends a run, a presence corrected to an absence completes one.
    const last = past[past.length - 1];
    await saveRollCall(team, cls.id, {
      date: last.date,
      scheduleId: last.scheduleId,
      records: [{ enrollmentId: enrollmentOf.get("Risco")!, status: "Presente" }],
    });
    expect(await atRiskStudents(team, { branchId: branch.id })).toEqual([]);
    const third = past[past.length - 3];
    await saveRollCall(team, cls.id, {
      date: third.date,
      scheduleId: third.scheduleId,
      records: [{ enrollmentId: enrollmentOf.get("Duas")!, status: "Falta" }],
    });
    expect((await atRiskStudents(team, { branchId: branch.id })).map((s) => [s.studentName, s.absences])).toEqual([["Duas", 3]]);
  });
});

describe("make-ups called directly", () => {
  it("books into an option; the absence's own make-up does not take a place from its options (to move it)", async () => {
    const team = await actorOfType("Team");
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 3 });
    const { pupils } = await enrolled(from, 1);
    const date = notSunday(addDays(TODAY(), -2), -1);
    const absence = await makeAttendance({
      enrollmentId: pupils[0].enrollment.id,
      classId: from.id,
      scheduleId: from.scheduleOn(date),
      date,
      status: "Falta",
    });
    const options = await makeupOptions(team, absence.id);
    expect(options.every((o) => o.classId === to.id && o.freePlaces === 3)).toBe(true);
    const made = await bookMakeup(team, {
      absenceId: absence.id,
      classId: to.id,
      scheduleId: options[0].scheduleId,
      date: options[0].date,
    });
    expect(made.status).toBe("Agendada");
    const after = await makeupOptions(team, absence.id);
    // Its own make-up does not count against moving it.
    expect(after[0]).toMatchObject({ date: options[0].date, freePlaces: 3 });
    const client = await actorOfType("Client");
    expect(
      (
        await refusal(
          bookMakeup(client, { absenceId: absence.id, classId: to.id, scheduleId: options[0].scheduleId, date: options[0].date }),
        )
      ).status,
    ).toBe(403);
  });

  it("refuses a session of a class the pupil is enrolled in on that date (the options leave it out; the service refuses it)", async () => {
    const team = await actorOfType("Team");
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { pupils, offer } = await enrolled(from, 1);
    const date = notSunday(addDays(TODAY(), -2), -1);
    const absence = await makeAttendance({
      enrollmentId: pupils[0].enrollment.id,
      classId: from.id,
      scheduleId: from.scheduleOn(date),
      date,
      status: "Falta",
    });
    const [option] = await makeupOptions(team, absence.id);
    expect(option.classId).toBe(to.id);
    await makeEnrollment({ studentId: pupils[0].student.id, classId: to.id, offerId: offer.id, startDate: "2020-01-06" });
    expect(await makeupOptions(team, absence.id)).toEqual([]);
    const refused = await refusal(
      bookMakeup(team, { absenceId: absence.id, classId: to.id, scheduleId: option.scheduleId, date: option.date }),
    );
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ classId: ["O aluno já está matriculado nesta turma"] });
  });

  it("lists the sessions at the pupil's own branches first and marks those that overlap one of its own classes' sessions", async () => {
    const team = await actorOfType("Team");
    // The pupil's class: every weekday 08:00–09:00 at its branch.
    const from = await sessionClass();
    // Another branch at 07:30 (overlaps 08:00–09:00), the pupil's branch at 10:00 (does not).
    const far = await sessionClass({ courseId: from.courseId, startTime: "07:30" });
    const near = await sessionClass({ courseId: from.courseId, branchId: from.branchId, startTime: "10:00" });
    const clashing = await sessionClass({ courseId: from.courseId, branchId: from.branchId, startTime: "08:00" });
    const { pupils } = await enrolled(from, 1);
    const date = notSunday(addDays(TODAY(), -2), -1);
    const absence = await makeAttendance({
      enrollmentId: pupils[0].enrollment.id,
      classId: from.id,
      scheduleId: from.scheduleOn(date),
      date,
      status: "Falta",
    });
    const options = await makeupOptions(team, absence.id);
    const own = options.filter((o) => o.ownBranch);
    expect(own.length).toBeGreaterThan(0);
    expect(options.slice(0, own.length)).toEqual(own); // the pupil's branch first
    expect(new Set(own.map((o) => o.classId))).toEqual(new Set([near.id, clashing.id]));
    expect(options.filter((o) => !o.ownBranch).every((o) => o.classId === far.id)).toBe(true);
    // A session on a day the pupil has its own 08:00 class (after the absence) overlaps it; 10:00 does not.
    const ownDays = new Set(sessionsOf(from, TODAY(), addDays(date, 30)).map((s) => s.date));
    for (const o of options) {
      const overlaps = o.classId !== near.id && ownDays.has(o.date) && o.date !== date;
      expect({ classId: o.classId, date: o.date, clash: o.clash }).toEqual({ classId: o.classId, date: o.date, clash: overlaps });
    }
    expect(options.some((o) => o.clash)).toBe(true);
    expect(options.find((o) => o.classId === near.id)?.clash).toBe(false);
  });
});
