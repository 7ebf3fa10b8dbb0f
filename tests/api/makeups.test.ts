import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeAttendance, makeCourse, makeMakeup } from "../support/factories";
import {
  addDays,
  enrolled,
  notSunday,
  sessionClass,
  sessionsOf,
  sundayFrom,
  TODAY,
  weekdayOf,
  type MadeClass,
} from "../support/attendance";

// The fields of the answers (the DTOs) that these tests read.
type Makeup = { id: string };
type MakeupOption = { date: string; classId: string; startTime: string };

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const isSunday = (date: string) => weekdayOf(date) === null;

/** `n` pupils of a class, each with an absence on the class's session `daysAgo` days ago (or the one before it, on a Sunday). */
async function absences(cls: MadeClass, n: number, daysAgo = 1, status: "Falta" | "Falta justificada" | "Presente" = "Falta") {
  const date = notSunday(addDays(TODAY(), -daysAgo), -1);
  const { pupils } = await enrolled(cls, n);
  const made = [];
  for (const p of pupils) {
    made.push(await makeAttendance({ enrollmentId: p.enrollment.id, classId: cls.id, scheduleId: cls.scheduleOn(date), date, status }));
  }
  return { date, pupils, records: made };
}

/** The first session of `cls` on or after `from` (not a Sunday). */
function sessionFrom(cls: MadeClass, from: string) {
  const s = sessionsOf(cls, from, addDays(from, 7))[0];
  return { classId: cls.id, scheduleId: s.scheduleId, date: s.date };
}

describe("POST /api/makeups", () => {
  it("books a make-up ('Agendada'): listed in the target session's roll call as a make-up, counted in its sessions", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, startTime: "15:00" });
    const { records, pupils } = await absences(from, 1);
    const target = sessionFrom(to, addDays(TODAY(), 1));
    const res = await team.post("/api/makeups", { absenceId: records[0].id, ...target });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ absenceId: records[0].id, ...target, status: "Agendada" });

    const rollCall = (await team.get(`/api/classes/${to.id}/attendance?date=${target.date}&scheduleId=${target.scheduleId}`)).body;
    expect(rollCall.records).toEqual([
      {
        makeupId: res.body.id,
        studentId: pupils[0].student.id,
        studentName: pupils[0].student.fullName,
        status: null,
        note: null,
        notice: false,
      },
    ]);
    const sessions = (await team.get(`/api/classes/${to.id}/sessions?from=${target.date}&to=${target.date}`)).body;
    expect(sessions[0]).toMatchObject({ enrolled: 0, makeups: 1 });
    expect((await team.get(`/api/makeups/${res.body.id}`)).body).toEqual(res.body);
    const byStudent = (await team.get(`/api/makeups?studentId=${pupils[0].student.id}`)).body;
    expect(byStudent.map((m: Makeup) => m.id)).toEqual([res.body.id]);
    expect((await team.get(`/api/makeups?classId=${to.id}&date=${target.date}`)).body.map((m: Makeup) => m.id)).toEqual([res.body.id]);
    expect((await team.get(`/api/makeups?classId=nao-e-id`)).body).toEqual([]);
    const badDate = await team.get(`/api/makeups?date=2026-02-30`);
    expect([badDate.status, badDate.body.message]).toEqual([400, "Data inválida"]);
  });

  it("goes into an active class of the same course, in any branch; a 'Falta justificada' is made up too", async () => {
    const from = await sessionClass();
    const elsewhere = await sessionClass({ courseId: from.courseId }); // another branch
    const { records } = await absences(from, 2, 1, "Falta justificada");
    const ok = await team.post("/api/makeups", { absenceId: records[0].id, ...sessionFrom(elsewhere, addDays(TODAY(), 1)) });
    expect(ok.status).toBe(201);

    const otherCourse = await sessionClass({ courseId: (await makeCourse()).id });
    const wrong = await team.post("/api/makeups", { absenceId: records[1].id, ...sessionFrom(otherCourse, addDays(TODAY(), 1)) });
    expect([wrong.status, wrong.body.message]).toEqual([400, "A reposição deve ser em uma turma do mesmo curso"]);
    const inactive = await sessionClass({ courseId: from.courseId, active: false });
    const off = await team.post("/api/makeups", { absenceId: records[1].id, ...sessionFrom(inactive, addDays(TODAY(), 1)) });
    expect([off.status, off.body.message]).toEqual([400, "Turma inativa"]);
    const missingClass = await team.post("/api/makeups", {
      absenceId: records[1].id,
      classId: MISSING,
      scheduleId: MISSING,
      date: TODAY(),
    });
    expect([missingClass.status, missingClass.body.message]).toEqual([400, "Turma não encontrada"]);
  });

  it("only an absence is made up; unknown absences and missing fields are 400", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 1, 1, "Presente");
    const target = sessionFrom(to, addDays(TODAY(), 1));
    const present = await team.post("/api/makeups", { absenceId: records[0].id, ...target });
    expect([present.status, present.body.message]).toEqual([400, "Só é possível repor uma falta"]);
    const unknown = await team.post("/api/makeups", { absenceId: MISSING, ...target });
    expect([unknown.status, unknown.body.message]).toEqual([400, "Falta não encontrada"]);
    const empty = await team.post("/api/makeups", {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      absenceId: ["Falta é obrigatória"],
      classId: ["Turma é obrigatória"],
      scheduleId: ["Horário é obrigatório"],
      date: ["Data inválida"],
    });
    expect(await count("makeups", `"classId" = :id`, { id: to.id })).toBe(0);
  });

  it("within 30 days after the absence, not past (today counts), on a real session of the class", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { date, records } = await absences(from, 1, 10);
    const post = (target: object) => team.post("/api/makeups", { absenceId: records[0].id, ...target });
    const at = (d: string) => ({ classId: to.id, scheduleId: to.scheduleOn(d), date: d });

    const sameDay = await post(at(date));
    expect([sameDay.status, sameDay.body.message]).toEqual([400, "Reposição fora do prazo de 30 dias"]);
    const tooLate = notSunday(addDays(date, 31), 1);
    const late = await post(at(tooLate));
    expect([late.status, late.body.message]).toEqual([400, "Reposição fora do prazo de 30 dias"]);
    const past = notSunday(addDays(TODAY(), -2), -1);
    const gone = await post(at(past));
    expect([gone.status, gone.body.message]).toEqual([400, "Não é possível agendar reposição em aula que já passou"]);
    const sunday = sundayFrom(addDays(TODAY(), 1));
    const noSession = await post({ classId: to.id, scheduleId: to.scheduleOn(addDays(sunday, 1)), date: sunday });
    expect([noSession.status, noSession.body.message]).toEqual([400, "Data sem aula desta turma"]);
    expect(await count("makeups", `"absenceId" = :id`, { id: records[0].id })).toBe(0);

    // The 30th day is still in the window; today too, when it is a session.
    const lastDay = addDays(date, 30);
    const ok = await post(isSunday(lastDay) ? at(addDays(lastDay, -1)) : at(lastDay));
    expect(ok.status).toBe(201);
    if (!isSunday(TODAY())) {
      const other = await absences(from, 1, 1);
      const today = await team.post("/api/makeups", { absenceId: other.records[0].id, ...at(TODAY()) });
      expect(today.status).toBe(201);
    }
  });

  it("a later session on the absence's own day is in the window; one at or before the absence's time is not", async () => {
    // The pupil misses the 16:00 class and comes to the 18:00 one of the same course, that same day.
    const from = await sessionClass({ startTime: "16:00" });
    const later = await sessionClass({ courseId: from.courseId, startTime: "18:00" });
    const sameTime = await sessionClass({ courseId: from.courseId, startTime: "16:00" });
    const earlier = await sessionClass({ courseId: from.courseId, startTime: "14:00" });
    const at = (cls: MadeClass, d: string) => ({ classId: cls.id, scheduleId: cls.scheduleOn(d), date: d });

    // A past day (yesterday, or Saturday on a Monday): the later session passes the window, and is refused only as past.
    const past = await absences(from, 1, 1);
    const post = (target: object) => team.post("/api/makeups", { absenceId: past.records[0].id, ...target });
    const gone = await post(at(later, past.date));
    expect([gone.status, gone.body.message]).toEqual([400, "Não é possível agendar reposição em aula que já passou"]);
    for (const cls of [sameTime, earlier]) {
      const refused = await post(at(cls, past.date));
      expect([refused.status, refused.body.message]).toEqual([400, "Reposição fora do prazo de 30 dias"]);
    }

    // Today (a session day): the 18:00 session is offered and booked; the 14:00 and 16:00 ones are neither.
    if (!isSunday(TODAY())) {
      const { records } = await absences(from, 1, 0);
      const options = (await team.get(`/api/makeups/options?absenceId=${records[0].id}`)).body;
      const todays = options.filter((o: MakeupOption) => o.date === TODAY());
      expect(todays.map((o: MakeupOption) => [o.classId, o.startTime])).toEqual([[later.id, "18:00"]]);
      for (const cls of [sameTime, earlier]) {
        const refused = await team.post("/api/makeups", { absenceId: records[0].id, ...at(cls, TODAY()) });
        expect([refused.status, refused.body.message]).toEqual([400, "Reposição fora do prazo de 30 dias"]);
      }
      const booked = await team.post("/api/makeups", { absenceId: records[0].id, ...at(later, TODAY()) });
      expect(booked.status).toBe(201);
      expect(booked.body).toMatchObject({ ...at(later, TODAY()), status: "Agendada" });
    }
  });

  it("20 simultaneous bookings into a session with 3 free places give exactly 3; the rest 409 'Sem vagas nesta aula'", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 5 });
    await enrolled(to, 2);
    const { records } = await absences(from, 20);
    const target = sessionFrom(to, addDays(TODAY(), 1));
    const answers = await Promise.all(records.map((r, i) => (i % 2 ? admin : team).post("/api/makeups", { absenceId: r.id, ...target })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(17);
    expect(refused.every((r) => r.body.message === "Sem vagas nesta aula")).toBe(true);
    expect(await count("makeups", `"classId" = :id AND "date" = :date`, { id: to.id, date: target.date })).toBe(3);
    // Another session of the same class still has its places.
    const other = sessionFrom(to, addDays(target.date, 1));
    expect((await team.post("/api/makeups", { absenceId: records[19].id, ...other })).status).toBe(201);
  });

  it("counts the enrolments active on that date and the make-ups that hold a place ('Não compareceu' frees it)", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 2 });
    const target = sessionFrom(to, addDays(TODAY(), 2));
    await enrolled(to, 1);
    await enrolled(to, 1, { startDate: addDays(target.date, 1), prefix: "Depois" }); // not yet active on the date
    const { records } = await absences(from, 3);
    // A make-up missed there (its roll call taken: written directly, as the roll call leaves it) holds no place.
    const missed = await makeMakeup({ absenceId: records[2].id, ...target, status: "Não compareceu" });
    await makeAttendance({ makeupId: missed.id, ...target, status: "Falta" });
    const first = await team.post("/api/makeups", { absenceId: records[0].id, ...target });
    expect(first.status).toBe(201);
    const full = await team.post("/api/makeups", { absenceId: records[1].id, ...target });
    expect([full.status, full.body.message]).toEqual([409, "Sem vagas nesta aula"]);
    // A cancelled one frees its place.
    expect((await team.delete(`/api/makeups/${first.body.id}`)).status).toBe(204);
    expect((await team.post("/api/makeups", { absenceId: records[1].id, ...target })).status).toBe(201);
  });

  it("one make-up per absence (409 'Esta falta já tem reposição'), also at the same time", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 2);
    const target = sessionFrom(to, addDays(TODAY(), 1));
    expect((await team.post("/api/makeups", { absenceId: records[0].id, ...target })).status).toBe(201);
    const again = await team.post("/api/makeups", { absenceId: records[0].id, ...sessionFrom(to, addDays(target.date, 1)) });
    expect([again.status, again.body.message]).toEqual([409, "Esta falta já tem reposição"]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => team.post("/api/makeups", { absenceId: records[1].id, ...target })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.message === "Esta falta já tem reposição")).toBe(true);
    expect(await count("makeups", `"absenceId" = :id`, { id: records[1].id })).toBe(1);
  });

  it("roles: Client 403 and anonymous 401 (nothing written)", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 1);
    const body = { absenceId: records[0].id, ...sessionFrom(to, addDays(TODAY(), 1)) };
    expect((await client.post("/api/makeups", body)).status).toBe(403);
    expect((await anonymous().post("/api/makeups", body)).status).toBe(401);
    expect((await anonymous().get("/api/makeups")).status).toBe(401);
    expect(await count("makeups", `"absenceId" = :id`, { id: records[0].id })).toBe(0);
  });
});

describe("a make-up in its session's roll call", () => {
  it("the roll call sets its status: Presente → 'Realizada', a falta → 'Não compareceu'", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 1, 3);
    // Booked today (when it is a session) or on the day after the absence (then written directly, as if booked then).
    const date = isSunday(TODAY()) ? notSunday(addDays(TODAY(), -1), -1) : TODAY();
    const res = await team.post("/api/makeups", { absenceId: records[0].id, classId: to.id, scheduleId: to.scheduleOn(date), date });
    if (isSunday(TODAY())) expect(res.status).toBe(400);
    const makeupId =
      res.status === 201
        ? res.body.id
        : (await makeMakeup({ absenceId: records[0].id, classId: to.id, scheduleId: to.scheduleOn(date), date })).id;
    const put = (status: string) =>
      team.put(`/api/classes/${to.id}/attendance`, { date, scheduleId: to.scheduleOn(date), records: [{ makeupId, status }] });
    const saved = await put("Presente");
    expect(saved.status).toBe(200);
    expect(saved.body.records).toEqual([expect.objectContaining({ makeupId, status: "Presente" })]);
    expect((await team.get(`/api/makeups/${makeupId}`)).body.status).toBe("Realizada");
    expect((await put("Falta justificada")).status).toBe(200);
    expect((await team.get(`/api/makeups/${makeupId}`)).body.status).toBe("Não compareceu");
    expect(await count("attendance_records", `"makeupId" = :id`, { id: makeupId })).toBe(1);
  });
});

describe("PATCH and DELETE /api/makeups/{id}", () => {
  it("moves it with the booking's rules (still 'Agendada'), cancels it; its status is the roll call's (409)", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 1);
    const first = sessionFrom(to, addDays(TODAY(), 1));
    const made = await team.post("/api/makeups", { absenceId: records[0].id, ...first });
    const id = made.body.id;
    const status = await team.patch(`/api/makeups/${id}`, { status: "Realizada" });
    expect([status.status, status.body.message]).toEqual([
      409,
      "Só a chamada da aula marca uma reposição como Realizada ou Não compareceu",
    ]);
    const badStatus = await team.patch(`/api/makeups/${id}`, { status: "Talvez" });
    expect([badStatus.status, badStatus.body.message]).toEqual([400, "Status da reposição inválido"]);

    const second = sessionFrom(to, addDays(first.date, 1));
    const moved = await team.patch(`/api/makeups/${id}`, { date: second.date, scheduleId: second.scheduleId });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ...second, status: "Agendada" });
    const movedDone = await team.patch(`/api/makeups/${id}`, { ...first, status: "Realizada" });
    expect(movedDone.status).toBe(409);
    const outside = await team.patch(`/api/makeups/${id}`, { date: notSunday(addDays(records[0].date as unknown as string, 31), 1) });
    expect(outside.status).toBe(400);
    const otherCourse = await sessionClass({ courseId: (await makeCourse()).id });
    const wrong = await team.patch(`/api/makeups/${id}`, sessionFrom(otherCourse, addDays(TODAY(), 1)));
    expect([wrong.status, wrong.body.message]).toEqual([400, "A reposição deve ser em uma turma do mesmo curso"]);
    expect((await client.patch(`/api/makeups/${id}`, { status: "Agendada" })).status).toBe(403);
    expect((await team.get(`/api/makeups/${id}`)).body).toMatchObject({ ...second, status: "Agendada" });

    expect((await client.delete(`/api/makeups/${id}`)).status).toBe(403);
    expect((await team.delete(`/api/makeups/${id}`)).status).toBe(204);
    const gone = await team.get(`/api/makeups/${id}`);
    expect([gone.status, gone.body.message]).toEqual([404, "Reposição não encontrada"]);
    expect((await team.delete(`/api/makeups/${id}`)).status).toBe(404);
    expect((await team.patch(`/api/makeups/${MISSING}`, { status: "Realizada" })).status).toBe(404);
    expect((await team.get(`/api/makeups/nao-e-id`)).status).toBe(404);
    // The absence may be made up again.
    expect((await team.post("/api/makeups", { absenceId: records[0].id, ...first })).status).toBe(201);
  });

  it("only a make-up still 'Agendada' is cancelled: a held or missed one is history (409, kept)", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 2, 3);
    // Its roll call taken (written directly, as the roll call leaves it).
    const date = notSunday(addDays(TODAY(), -1), -1);
    const target = { classId: to.id, scheduleId: to.scheduleOn(date), date };
    for (const [i, status] of (["Realizada", "Não compareceu"] as const).entries()) {
      const made = await makeMakeup({ absenceId: records[i].id, ...target, status });
      await makeAttendance({ makeupId: made.id, ...target, status: status === "Realizada" ? "Presente" : "Falta" });
      const refused = await admin.delete(`/api/makeups/${made.id}`);
      expect([refused.status, refused.body.message]).toEqual([409, "Só é possível cancelar uma reposição agendada"]);
      expect((await team.get(`/api/makeups/${made.id}`)).body.status).toBe(status);
    }
  });
});

describe("GET /api/makeups/options", () => {
  it("lists the sessions with free places of the course's active classes, in the window, by date; full sessions and other courses left out", async () => {
    const from = await sessionClass();
    const roomy = await sessionClass({ courseId: from.courseId, capacity: 4, weekdays: ["Segunda", "Quarta"] });
    const full = await sessionClass({ courseId: from.courseId, capacity: 1, weekdays: ["Terça"] });
    await enrolled(full, 1);
    await sessionClass({ courseId: (await makeCourse()).id });
    await sessionClass({ courseId: from.courseId, active: false });
    await enrolled(roomy, 1);
    const { date, records, pupils } = await absences(from, 1, 5);
    const res = await team.get(`/api/makeups/options?absenceId=${records[0].id}`);
    expect(res.status).toBe(200);
    const start = addDays(date, 1) > TODAY() ? addDays(date, 1) : TODAY();
    const expected = sessionsOf(roomy, start, addDays(date, 30));
    expect(res.body.filter((o: MakeupOption) => o.classId !== roomy.id)).toEqual([]);
    expect(res.body.map((o: MakeupOption) => o.date)).toEqual(expected.map((s) => s.date));
    expect(res.body[0]).toMatchObject({
      classId: roomy.id,
      scheduleId: expected[0].scheduleId,
      startTime: "08:00",
      endTime: "09:00",
      freePlaces: 3,
    });
    expect(res.body[0].classLabel).toMatch(/ - Turma \d+ \(Unidade .+\)$/);
    // Another branch than the pupil's, and every session at the time of the pupil's own 08:00 class (Monday to Saturday): marked.
    expect(res.body[0].branchName).toBe(/\((Unidade .+)\)$/.exec(res.body[0].classLabel)![1]);
    expect(res.body.every((o: MakeupOption & { ownBranch: boolean; clash: boolean }) => !o.ownBranch && o.clash)).toBe(true);
    // The pupil's own class (enrolled there on the date) is not an option.
    expect(res.body.some((o: MakeupOption) => o.classId === from.id)).toBe(false);
    expect(pupils).toHaveLength(1);

    const missing = await team.get(`/api/makeups/options?absenceId=${MISSING}`);
    expect([missing.status, missing.body.message]).toEqual([404, "Falta não encontrada"]);
    const none = await team.get(`/api/makeups/options`);
    expect([none.status, none.body.message]).toEqual([400, "Falta é obrigatória"]);
    const present = await absences(from, 1, 5, "Presente");
    const notAbsence = await team.get(`/api/makeups/options?absenceId=${present.records[0].id}`);
    expect([notAbsence.status, notAbsence.body.message]).toEqual([400, "Só é possível repor uma falta"]);
    expect((await anonymous().get(`/api/makeups/options?absenceId=${records[0].id}`)).status).toBe(401);
  });
});
