import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeAttendance, makeEnrollment, makeGuardian, makeMakeup, makeStudent, type AttendanceStatus } from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, sessionsOf, sundayFrom, TODAY } from "../support/attendance";

// The fields of the answers (the DTOs) that these tests read.
type Session = { date: string; scheduleId: string };
type Entry = { studentName: string; enrollmentId: string; status: string | null; note: string | null; makeupId?: string };
type StudentRecord = { date: string; status: string };
type Absence = { id: string; makeup?: { id: string } | null };

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const rollCallUrl = (classId: string, date: string, scheduleId: string) =>
  `/api/classes/${classId}/attendance?date=${date}&scheduleId=${scheduleId}`;
const records = (classId: string) => count("attendance_records", `"classId" = :id`, { id: classId });

/** The latest past session (before today, not a Sunday). */
const pastDate = () => notSunday(addDays(TODAY(), -1), -1);
/** The first future session (after today, not a Sunday). */
const futureDate = () => notSunday(addDays(TODAY(), 1), 1);

describe("GET /api/classes/{id}/sessions", () => {
  it("lists the class's sessions of the range, from its creation on, with enrolments, make-ups and whether the roll call was taken", async () => {
    const cls = await sessionClass({ weekdays: ["Segunda", "Quarta"], daysAgo: 20 });
    const from = addDays(TODAY(), -30);
    const to = addDays(TODAY(), 10);
    const res = await team.get(`/api/classes/${cls.id}/sessions?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const expected = sessionsOf(cls, from, to);
    expect(expected.length).toBeGreaterThan(3);
    expect(res.body.map((s: Session) => `${s.date} ${s.scheduleId}`)).toEqual(expected.map((s) => `${s.date} ${s.scheduleId}`));
    // Nothing before the class existed.
    expect(res.body.every((s: Session) => s.date >= addDays(TODAY(), -20))).toBe(true);
    expect(res.body[0]).toMatchObject({ startTime: "08:00", endTime: "09:00", enrolled: 0, makeups: 0, attendanceTaken: false });

    // An enrolment counts from its start date; a taken roll call and a booked make-up show.
    const past = expected.filter((s) => s.date < TODAY());
    const { pupils } = await enrolled(cls, 2, { startDate: past[1].date });
    await makeAttendance({
      enrollmentId: pupils[0].enrollment.id,
      classId: cls.id,
      scheduleId: past[1].scheduleId,
      date: past[1].date,
      status: "Falta",
    });
    const other = await sessionClass({ courseId: cls.courseId });
    const absentee = await enrolled(other, 1);
    const absence = await makeAttendance({
      enrollmentId: absentee.pupils[0].enrollment.id,
      classId: other.id,
      scheduleId: other.scheduleOn(past[1].date),
      date: past[1].date,
      status: "Falta",
    });
    await makeMakeup({ absenceId: absence.id, classId: cls.id, scheduleId: past[2].scheduleId, date: past[2].date });
    const again = (await team.get(`/api/classes/${cls.id}/sessions?from=${from}&to=${to}`)).body;
    const at = (date: string) => again.find((s: Session) => s.date === date);
    expect(at(past[0].date)).toMatchObject({ enrolled: 0, makeups: 0, attendanceTaken: false });
    expect(at(past[1].date)).toMatchObject({ enrolled: 2, makeups: 0, attendanceTaken: true });
    expect(at(past[2].date)).toMatchObject({ enrolled: 2, makeups: 1, attendanceTaken: false });
  });

  it("refuses a reversed range, more than 62 days and malformed dates (400); 404 for no class; pages like every list", async () => {
    const cls = await sessionClass();
    const bad = ["from=2026-11-10&to=2026-11-09", "from=2026-01-01&to=2026-03-05", "to=2026-01-05"];
    for (const query of bad.slice(0, 2)) {
      const res = await team.get(`/api/classes/${cls.id}/sessions?${query}`);
      expect([res.status, res.body.message], query).toEqual([400, "Período inválido (use from e to em AAAA-MM-DD, no máximo 62 dias)"]);
    }
    for (const query of [bad[2], "from=2026-02-30&to=2026-03-01", "from=ontem&to=hoje"]) {
      const res = await team.get(`/api/classes/${cls.id}/sessions?${query}`);
      expect([res.status, res.body.message], query).toEqual([400, "Data inválida"]);
    }
    expect((await team.get(`/api/classes/${cls.id}/sessions?from=2026-01-01&to=2026-03-04`)).status).toBe(200);
    const missing = await team.get(`/api/classes/${MISSING}/sessions?from=2026-01-01&to=2026-01-10`);
    expect([missing.status, missing.body.message]).toEqual([404, "Turma não encontrada"]);
    expect((await team.get(`/api/classes/nao-e-id/sessions?from=2026-01-01&to=2026-01-10`)).status).toBe(404);
    const from = addDays(TODAY(), -20);
    const whole = (await team.get(`/api/classes/${cls.id}/sessions?from=${from}&to=${TODAY()}`)).body;
    const first = await team.get(`/api/classes/${cls.id}/sessions?from=${from}&to=${TODAY()}&limit=5`);
    expect(first.body).toEqual(whole.slice(0, 5));
    expect(first.headers.get("Link")).toMatch(/cursor=/);
    expect((await anonymous().get(`/api/classes/${cls.id}/sessions?from=${from}&to=${TODAY()}`)).status).toBe(401);
  });
});

describe("GET /api/classes/{id}/attendance", () => {
  it("lists the enrolments active on the date, by name: not those starting after it, cancelled before it, or waiting", async () => {
    const cls = await sessionClass();
    const date = pastDate();
    const scheduleId = cls.scheduleOn(date);
    const { guardian } = await makeGuardian(1);
    const { offer } = await enrolled(cls, 0);
    const student = (name: string) => makeStudent(guardian.id, { fullName: name });
    const dayAfter = new Date(`${addDays(date, 1)}T15:00:00Z`);
    const dayBefore = new Date(`${addDays(date, -1)}T15:00:00Z`);
    const made = {
      carla: await makeEnrollment({
        studentId: (await student("Carla")).id,
        classId: cls.id,
        offerId: offer.id,
        startDate: addDays(date, -7),
      }),
      ana: await makeEnrollment({ studentId: (await student("Ana")).id, classId: cls.id, offerId: offer.id, startDate: date }),
      bia: await makeEnrollment({
        studentId: (await student("Bia")).id,
        classId: cls.id,
        offerId: offer.id,
        startDate: addDays(date, -30),
        status: "Cancelada",
        cancelledAt: dayAfter,
      }),
      late: await makeEnrollment({
        studentId: (await student("Depois")).id,
        classId: cls.id,
        offerId: offer.id,
        startDate: addDays(date, 1),
      }),
      gone: await makeEnrollment({
        studentId: (await student("Saiu")).id,
        classId: cls.id,
        offerId: offer.id,
        startDate: addDays(date, -30),
        status: "Cancelada",
        cancelledAt: dayBefore,
      }),
      waiting: await makeEnrollment({
        studentId: (await student("Esperando")).id,
        classId: cls.id,
        offerId: offer.id,
        startDate: addDays(date, -30),
        status: "Em espera",
        waitlistPosition: 1,
      }),
    };
    const res = await team.get(rollCallUrl(cls.id, date, scheduleId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date, scheduleId, taken: false });
    expect(res.body.records.map((r: Entry) => r.studentName)).toEqual(["Ana", "Bia", "Carla"]);
    expect(res.body.records.map((r: Entry) => r.enrollmentId)).toEqual([made.ana.id, made.bia.id, made.carla.id]);
    expect(res.body.records.every((r: Entry) => r.status === null && r.note === null && r.makeupId === undefined)).toBe(true);
  });

  it("a future session answers its roster with every status null; a date without a session is a 400", async () => {
    const cls = await sessionClass({ weekdays: ["Segunda", "Terça", "Quarta", "Quinta", "Sexta"] });
    await enrolled(cls, 2);
    const saturday = (() => {
      let d = addDays(TODAY(), -1);
      while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, -1);
      return d;
    })();
    const next = sessionsOf(cls, addDays(TODAY(), 1), addDays(TODAY(), 8))[0];
    const res = await team.get(rollCallUrl(cls.id, next.date, next.scheduleId));
    expect(res.status).toBe(200);
    expect(res.body.records).toHaveLength(2);
    expect(res.body.records.every((r: Entry) => r.status === null)).toBe(true);

    const monday = cls.schedules.find((s) => s.dayOfWeek === "Segunda")!.id;
    for (const [date, scheduleId] of [
      [saturday, monday], // the class does not meet on Saturdays
      [sundayFrom(TODAY()), monday], // nor on Sundays
      [next.date, (await sessionClass()).schedules[0].id], // another class's schedule
      [addDays(TODAY(), -120), monday], // before the class existed
    ]) {
      const bad = await team.get(rollCallUrl(cls.id, date, scheduleId));
      expect([bad.status, bad.body.message], date).toEqual([400, "Data sem aula desta turma"]);
    }
    const malformed = await team.get(rollCallUrl(cls.id, "2026-13-01", monday));
    expect([malformed.status, malformed.body.message]).toEqual([400, "Data inválida"]);
    const noSchedule = await team.get(`/api/classes/${cls.id}/attendance?date=${next.date}`);
    expect([noSchedule.status, noSchedule.body.message]).toEqual([400, "Horário é obrigatório"]);
    const missing = await team.get(rollCallUrl(MISSING, next.date, monday));
    expect([missing.status, missing.body.message]).toEqual([404, "Turma não encontrada"]);
    expect((await anonymous().get(rollCallUrl(cls.id, next.date, next.scheduleId))).status).toBe(401);
  });
});

describe("PUT /api/classes/{id}/attendance", () => {
  it("saves the roll call; saving the same session twice updates, never duplicates", async () => {
    const cls = await sessionClass();
    const date = pastDate();
    const scheduleId = cls.scheduleOn(date);
    const { pupils } = await enrolled(cls, 3);
    const body = (statuses: string[], note?: string) => ({
      date,
      scheduleId,
      records: pupils.map((p, i) => ({ enrollmentId: p.enrollment.id, status: statuses[i], ...(note && i === 0 ? { note } : {}) })),
    });
    const first = await team.put(`/api/classes/${cls.id}/attendance`, body(["Presente", "Falta", "Falta justificada"], "Chegou atrasada"));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ date, scheduleId, taken: true });
    expect(first.body.records.map((r: Entry) => [r.studentName, r.status, r.note])).toEqual([
      ["Aluno 00", "Presente", "Chegou atrasada"],
      ["Aluno 01", "Falta", null],
      ["Aluno 02", "Falta justificada", null],
    ]);
    expect(await records(cls.id)).toBe(3);

    const second = await admin.put(`/api/classes/${cls.id}/attendance`, body(["Falta", "Presente", "Presente"]));
    expect(second.status).toBe(200);
    expect(await records(cls.id)).toBe(3);
    const read = await team.get(rollCallUrl(cls.id, date, scheduleId));
    expect(read.body.records.map((r: Entry) => [r.status, r.note])).toEqual([
      ["Falta", null],
      ["Presente", null],
      ["Presente", null],
    ]);
    // Pupils not sent keep their status; the record says who took it.
    await team.put(`/api/classes/${cls.id}/attendance`, {
      date,
      scheduleId,
      records: [{ enrollmentId: pupils[1].enrollment.id, status: "Falta" }],
    });
    const after = (await team.get(rollCallUrl(cls.id, date, scheduleId))).body.records.map((r: Entry) => r.status);
    expect(after).toEqual(["Falta", "Falta", "Presente"]);
    expect(await records(cls.id)).toBe(3);
    const [rows] = await testDb().query(`SELECT "takenById" FROM "attendance_records" WHERE "enrollmentId" = :id`, {
      replacements: { id: pupils[1].enrollment.id },
    });
    expect((rows as Array<{ takenById: string }>)[0].takenById).toBe(team.user!.id);
    // Today is a session too (when it is not a Sunday).
    const today = TODAY();
    if (new Date(`${today}T00:00:00Z`).getUTCDay() !== 0) {
      const now = await team.put(`/api/classes/${cls.id}/attendance`, {
        date: today,
        scheduleId: cls.scheduleOn(today),
        records: [{ enrollmentId: pupils[0].enrollment.id, status: "Presente" }],
      });
      expect(now.status).toBe(200);
    }
  });

  it("concurrent saves of one session never make two rows for a pupil", async () => {
    const cls = await sessionClass();
    const date = pastDate();
    const scheduleId = cls.scheduleOn(date);
    const { pupils } = await enrolled(cls, 5);
    const statuses = ["Presente", "Falta", "Falta justificada"];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? admin : team).put(`/api/classes/${cls.id}/attendance`, {
          date,
          scheduleId,
          records: pupils.map((p) => ({ enrollmentId: p.enrollment.id, status: statuses[i % 3] })),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await records(cls.id)).toBe(5);
    const final = (await team.get(rollCallUrl(cls.id, date, scheduleId))).body.records;
    expect(new Set(final.map((r: Entry) => r.status)).size).toBe(1);
  });

  it("refuses a future date, a date without a session and a pupil who does not belong to the session (400); nothing is written", async () => {
    const cls = await sessionClass();
    const { pupils } = await enrolled(cls, 1);
    const late = await enrolled(cls, 1, { startDate: TODAY(), prefix: "Novato" });
    const elsewhere = await enrolled(await sessionClass(), 1);
    const date = pastDate();
    const scheduleId = cls.scheduleOn(date);
    const record = { enrollmentId: pupils[0].enrollment.id, status: "Presente" };
    const put = (body: object) => team.put(`/api/classes/${cls.id}/attendance`, body);

    const future = futureDate();
    const inFuture = await put({ date: future, scheduleId: cls.scheduleOn(future), records: [record] });
    expect([inFuture.status, inFuture.body.message]).toEqual([400, "Não é possível registrar presença em data futura"]);
    const noSession = await put({ date: sundayFrom(addDays(TODAY(), -7)), scheduleId, records: [record] });
    expect([noSession.status, noSession.body.message]).toEqual([400, "Data sem aula desta turma"]);
    for (const enrollmentId of [late.pupils[0].enrollment.id, elsewhere.pupils[0].enrollment.id, MISSING]) {
      const res = await put({ date, scheduleId, records: [record, { enrollmentId, status: "Falta" }] });
      expect([res.status, res.body.message]).toEqual([400, "Aluno não pertence a esta aula"]);
    }
    const wrongMakeup = await put({ date, scheduleId, records: [{ makeupId: MISSING, status: "Falta" }] });
    expect([wrongMakeup.status, wrongMakeup.body.message]).toEqual([400, "Aluno não pertence a esta aula"]);
    const badStatus = await put({ date, scheduleId, records: [{ ...record, status: "Atrasado" }] });
    expect([badStatus.status, badStatus.body.message]).toEqual([400, "Status de presença inválido"]);
    const both = await put({ date, scheduleId, records: [{ ...record, makeupId: MISSING }] });
    expect([both.status, both.body.message]).toEqual([400, "Informe a matrícula ou a reposição"]);
    const neither = await put({ date, scheduleId, records: [{ status: "Presente" }] });
    expect([neither.status, neither.body.message]).toEqual([400, "Informe a matrícula ou a reposição"]);
    const longNote = await put({ date, scheduleId, records: [{ ...record, note: "x".repeat(501) }] });
    expect([longNote.status, longNote.body.message]).toEqual([400, "Máximo de 500 caracteres"]);
    expect(await records(cls.id)).toBe(0);
  });

  it("roles: Client 403, anonymous 401 (nothing written); 404 for no class", async () => {
    const cls = await sessionClass();
    const { pupils } = await enrolled(cls, 1);
    const date = pastDate();
    const body = { date, scheduleId: cls.scheduleOn(date), records: [{ enrollmentId: pupils[0].enrollment.id, status: "Presente" }] };
    expect((await client.put(`/api/classes/${cls.id}/attendance`, body)).status).toBe(403);
    expect((await anonymous().put(`/api/classes/${cls.id}/attendance`, body)).status).toBe(401);
    expect(await records(cls.id)).toBe(0);
    const missing = await team.put(`/api/classes/${MISSING}/attendance`, body);
    expect([missing.status, missing.body.message]).toEqual([404, "Turma não encontrada"]);
    expect((await team.get(rollCallUrl(cls.id, date, body.scheduleId))).body.taken).toBe(false);
  });
});

describe("GET /api/students/{id}/attendance", () => {
  it("lists the student's records newest first, the presence rate and the absences with their make-up", async () => {
    const cls = await sessionClass();
    const { pupils } = await enrolled(cls, 1);
    const enrollmentId = pupils[0].enrollment.id;
    const dates = sessionsOf(cls, addDays(TODAY(), -10), addDays(TODAY(), -1)).slice(-4);
    const statuses: AttendanceStatus[] = ["Presente", "Falta", "Presente", "Falta justificada"];
    const made = [];
    for (let i = 0; i < 4; i++) {
      made.push(
        await makeAttendance({ enrollmentId, classId: cls.id, scheduleId: dates[i].scheduleId, date: dates[i].date, status: statuses[i] }),
      );
    }
    const target = await sessionClass({ courseId: cls.courseId });
    const future = futureDate();
    const makeup = await makeMakeup({ absenceId: made[1].id, classId: target.id, scheduleId: target.scheduleOn(future), date: future });
    const res = await team.get(`/api/students/${pupils[0].student.id}/attendance`);
    expect(res.status).toBe(200);
    expect(res.body.studentId).toBe(pupils[0].student.id);
    expect(res.body.presenceRate).toBeCloseTo(0.5);
    expect(res.body.records.map((r: StudentRecord) => r.date)).toEqual(dates.map((d) => d.date).reverse());
    expect(res.body.records[0].classLabel).toMatch(/ - Turma \d+$/);
    expect(res.body.absences.map((a: Absence) => [a.id, a.makeup?.id ?? null])).toEqual([
      [made[3].id, null],
      [made[1].id, makeup.id],
    ]);
    expect(res.body.absences[1].makeup).toMatchObject({ status: "Agendada", date: future, classId: target.id });

    // A make-up's own record counts for the student too.
    await makeAttendance({
      makeupId: makeup.id,
      classId: target.id,
      scheduleId: target.scheduleOn(future),
      date: future,
      status: "Presente",
    });
    const again = (await team.get(`/api/students/${pupils[0].student.id}/attendance`)).body;
    expect(again.records).toHaveLength(5);
    expect(again.presenceRate).toBeCloseTo(0.6);

    const none = await makeStudent((await makeGuardian(1)).guardian.id);
    expect((await team.get(`/api/students/${none.id}/attendance`)).body).toEqual({
      studentId: none.id,
      presenceRate: null,
      records: [],
      absences: [],
    });
    const missing = await team.get(`/api/students/${MISSING}/attendance`);
    expect([missing.status, missing.body.message]).toEqual([404, "Aluno não encontrado"]);
    expect((await anonymous().get(`/api/students/${none.id}/attendance`)).status).toBe(401);
  });
});

describe("what attendance keeps", () => {
  it("a class or a schedule with attendance cannot be deleted (409)", async () => {
    const cls = await sessionClass();
    const other = await sessionClass({ courseId: cls.courseId });
    const absentee = await enrolled(other, 1);
    const date = pastDate();
    // A class whose only attendance is a make-up's (no enrolments of its own).
    const absence = await makeAttendance({
      enrollmentId: absentee.pupils[0].enrollment.id,
      classId: other.id,
      scheduleId: other.scheduleOn(date),
      date,
      status: "Falta",
    });
    const makeup = await makeMakeup({ absenceId: absence.id, classId: cls.id, scheduleId: cls.scheduleOn(date), date });
    await makeAttendance({ makeupId: makeup.id, classId: cls.id, scheduleId: cls.scheduleOn(date), date, status: "Presente" });
    const res = await admin.delete(`/api/classes/${cls.id}`);
    expect(res.status).toBe(409);
    expect(await count("classes", `"id" = :id`, { id: cls.id })).toBe(1);
    const schedule = await admin.delete(`/api/classroom-schedules/${other.scheduleOn(date)}`);
    expect([schedule.status, schedule.body.message]).toEqual([
      409,
      "Não é possível excluir um horário com chamadas ou reposições registradas",
    ]);
    expect(await count("attendance_records", `"id" = :id`, { id: absence.id })).toBe(1);
  });
});
