import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeAttendance, makeClassroom, makeGuardian, makeMakeup, makeOffer, makeSchedule, makeStudent } from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, sessionsOf, TODAY, weekdayOf, type MadeClass } from "../support/attendance";

/**
 * A session holds its enrolments active on its date plus the make-ups booked
 * into it; every command that takes a place counts both. And a make-up's
 * roll call is its history: only the roll call marks it done or missed, and
 * once taken it is neither cancelled, moved nor booked again.
 */

let admin: ApiClient;
let team: ApiClient;

beforeAll(async () => {
  [admin, team] = await Promise.all([signIn("Administrator"), signIn("Team")]);
});

const isSunday = (date: string) => weekdayOf(date) === null;
const NO_ROOM = "Sem vagas nesta aula";
const CLASS_FULL = "Turma lotada";
const BELOW = "Capacidade menor que o número de alunos ativos";
const STATUS_FROM_ROLL_CALL = "Só a chamada da aula marca uma reposição como Realizada ou Não compareceu";
const ROLL_CALL_TAKEN = "A chamada desta reposição já foi registrada: ela não pode ser cancelada, movida nem voltar a Agendada";
const ABSENCE_MADE_UP = "A reposição desta falta já tem chamada registrada: a falta não pode ser alterada para Presente";

/** `n` pupils of `cls`, each with a 'Falta' on its session `daysAgo` days ago (the one before, on a Sunday). */
async function absences(cls: MadeClass, n: number, daysAgo = 1) {
  const date = notSunday(addDays(TODAY(), -daysAgo), -1);
  const { pupils } = await enrolled(cls, n, { prefix: "Faltou" });
  const records = [];
  for (const p of pupils) {
    records.push(
      await makeAttendance({ enrollmentId: p.enrollment.id, classId: cls.id, scheduleId: cls.scheduleOn(date), date, status: "Falta" }),
    );
  }
  return { date, pupils, records };
}

/** The first session of `cls` on or after `from`. */
function sessionFrom(cls: MadeClass, from: string) {
  const s = sessionsOf(cls, from, addDays(from, 7))[0];
  return { classId: cls.id, scheduleId: s.scheduleId, date: s.date };
}

/**
 * A make-up of `absenceId` in today's session of `cls` (booked through the API),
 * or, on a Sunday, in the last session (written directly, as if booked then).
 */
async function makeupWhoseRollCallCanBeTaken(cls: MadeClass, absenceId: string) {
  const date = isSunday(TODAY()) ? notSunday(addDays(TODAY(), -1), -1) : TODAY();
  const session = { classId: cls.id, scheduleId: cls.scheduleOn(date), date };
  if (date === TODAY()) {
    const res = await team.post("/api/makeups", { absenceId, ...session });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, session };
  }
  return { id: (await makeMakeup({ absenceId, ...session })).id, session };
}

const rollCall = (session: { classId: string; scheduleId: string; date: string }, records: object[]) =>
  team.put(`/api/classes/${session.classId}/attendance`, { date: session.date, scheduleId: session.scheduleId, records });

async function newPupil() {
  const { guardian } = await makeGuardian(1);
  return makeStudent(guardian.id, { fullName: "Novo Aluno" });
}

describe("places: enrolments and make-ups share them", () => {
  it("a missed make-up whose place was taken is not booked again (409), nor marked present again when the session is full", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 2, startTime: "17:00" });
    await enrolled(to, 1);
    const { records } = await absences(from, 2, 2);
    const first = await makeupWhoseRollCallCanBeTaken(to, records[0].id);
    expect((await rollCall(first.session, [{ makeupId: first.id, status: "Falta" }])).status).toBe(200);
    expect((await team.get(`/api/makeups/${first.id}`)).body.status).toBe("Não compareceu");

    // Its place is free again: another make-up takes it (today's session; on a Sunday the last one, written directly).
    if (first.session.date === TODAY()) {
      expect((await team.post("/api/makeups", { absenceId: records[1].id, ...first.session })).status).toBe(201);
    } else {
      await makeMakeup({ absenceId: records[1].id, ...first.session });
    }
    const again = await team.patch(`/api/makeups/${first.id}`, { status: "Agendada" });
    expect([again.status, again.body.message]).toEqual([409, ROLL_CALL_TAKEN]);
    expect((await team.get(`/api/makeups/${first.id}`)).body.status).toBe("Não compareceu");
    if (first.session.date === TODAY()) {
      // Today's session is still to come: marking it present would seat three in a class of two.
      const present = await rollCall(first.session, [{ makeupId: first.id, status: "Presente" }]);
      expect([present.status, present.body.message]).toEqual([409, NO_ROOM]);
      expect((await team.get(`/api/makeups/${first.id}`)).body.status).toBe("Não compareceu");
    }
  });

  it("a new enrolment counts the make-ups booked into the class's coming sessions; a cancelled make-up lets the waiting list in", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 2, startTime: "18:00" });
    const { records } = await absences(from, 2);
    const target = sessionFrom(to, addDays(TODAY(), 2));
    const booked = [];
    for (const r of records) {
      const res = await team.post("/api/makeups", { absenceId: r.id, ...target });
      expect(res.status).toBe(201);
      booked.push(res.body.id as string);
    }
    const offer = await makeOffer(to.branchId);
    const [x, y] = [await newPupil(), await newPupil()];
    const enrol = (studentId: string, startDate: string, waitlist = false) =>
      team.post("/api/enrollments", { studentId, classId: to.id, offerId: offer.id, startDate, waitlist });

    const full = await enrol(x.id, TODAY());
    expect([full.status, full.body.message]).toEqual([409, CLASS_FULL]);
    const waiting = await enrol(x.id, TODAY(), true);
    expect([waiting.status, waiting.body.status, waiting.body.waitlistPosition]).toEqual([201, "Em espera", 1]);

    // A cancelled make-up frees its place: the first of the waiting list takes it.
    expect((await team.delete(`/api/makeups/${booked[0]}`)).status).toBe(204);
    const roster = (await team.get(`/api/classes/${to.id}/enrollments`)).body;
    expect([roster.active, roster.waitlist]).toEqual([1, []]);
    expect((await enrol(y.id, TODAY())).body.message).toBe(CLASS_FULL);
    // From the day after that session on, only the enrolments count.
    const later = await enrol(y.id, addDays(target.date, 1));
    expect([later.status, later.body.status]).toEqual([201, "Ativa"]);
    expect(await count("makeups", `"classId" = :id AND "date" = :date`, { id: to.id, date: target.date })).toBe(1);
  });

  it("an earlier start date takes places in the sessions it now covers", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 2, startTime: "19:00" });
    const target = sessionFrom(to, addDays(TODAY(), 2));
    const { pupils } = await enrolled(to, 1);
    const { records } = await absences(from, 1);
    expect((await team.post("/api/makeups", { absenceId: records[0].id, ...target })).status).toBe(201);
    const offer = await makeOffer(to.branchId);
    const late = await team.post("/api/enrollments", {
      studentId: (await newPupil()).id,
      classId: to.id,
      offerId: offer.id,
      startDate: addDays(target.date, 1),
    });
    expect(late.status).toBe(201);
    const earlier = await admin.patch(`/api/enrollments/${late.body.id}`, { startDate: TODAY() });
    expect([earlier.status, earlier.body.message]).toEqual([409, CLASS_FULL]);
    expect(pupils).toHaveLength(1);
  });

  it("a classroom's capacity, or a class's new classroom, below the places taken: 409", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, capacity: 3, startTime: "20:00" });
    await enrolled(to, 2);
    const lower = (capacity: number) => admin.patch(`/api/classrooms/${to.classroomId}`, { capacity });
    const refused = await lower(1);
    expect([refused.status, refused.body.message]).toEqual([409, BELOW]);

    // A make-up booked into a coming session takes a place there too.
    const { records } = await absences(from, 1);
    const made = await team.post("/api/makeups", { absenceId: records[0].id, ...sessionFrom(to, addDays(TODAY(), 1)) });
    expect(made.status).toBe(201);
    const withMakeup = await lower(2);
    expect([withMakeup.status, withMakeup.body.message]).toEqual([409, BELOW]);
    expect((await admin.get(`/api/classrooms/${to.classroomId}`)).body.capacity).toBe(3);
    expect((await team.delete(`/api/makeups/${made.body.id}`)).status).toBe(204);
    expect((await lower(2)).status).toBe(200);

    // Another, smaller classroom of the branch.
    const small = await makeClassroom(to.branchId, { capacity: 1 });
    const schedule = await makeSchedule(small.id, { dayOfWeek: "Segunda", startTime: "07:00", endTime: "08:00" });
    const moved = await admin.patch(`/api/classes/${to.id}`, { classroomId: small.id, scheduleIds: [schedule.id] });
    expect([moved.status, moved.body.message]).toEqual([409, BELOW]);
    expect((await admin.get(`/api/classes/${to.id}`)).body.classroomId).toBe(to.classroomId);
  });
});

describe("a make-up's history is its roll call", () => {
  it("only the roll call marks it 'Realizada' or 'Não compareceu': a manual change is refused (409)", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId });
    const { records } = await absences(from, 1);
    const made = await team.post("/api/makeups", { absenceId: records[0].id, ...sessionFrom(to, addDays(TODAY(), 1)) });
    for (const status of ["Realizada", "Não compareceu"]) {
      const res = await team.patch(`/api/makeups/${made.body.id}`, { status });
      expect([res.status, res.body.message]).toEqual([409, STATUS_FROM_ROLL_CALL]);
    }
    // Asking for what it already is changes nothing.
    expect((await team.patch(`/api/makeups/${made.body.id}`, { status: "Agendada" })).body.status).toBe("Agendada");
    expect((await team.get(`/api/makeups/${made.body.id}`)).body.status).toBe("Agendada");
  });

  it("with its roll call taken it is not booked again, moved nor cancelled: its record stays", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, startTime: "10:00" });
    const { records } = await absences(from, 1, 2);
    const made = await makeupWhoseRollCallCanBeTaken(to, records[0].id);
    expect((await rollCall(made.session, [{ makeupId: made.id, status: "Presente" }])).status).toBe(200);
    expect((await team.get(`/api/makeups/${made.id}`)).body.status).toBe("Realizada");

    const back = await team.patch(`/api/makeups/${made.id}`, { status: "Agendada" });
    expect([back.status, back.body.message]).toEqual([409, ROLL_CALL_TAKEN]);
    const moved = await team.patch(`/api/makeups/${made.id}`, sessionFrom(to, addDays(TODAY(), 1)));
    expect([moved.status, moved.body.message]).toEqual([409, ROLL_CALL_TAKEN]);
    const gone = await admin.delete(`/api/makeups/${made.id}`);
    expect([gone.status, gone.body.message]).toEqual([409, "Só é possível cancelar uma reposição agendada"]);
    expect(await count("attendance_records", `"makeupId" = :id`, { id: made.id })).toBe(1);
    expect((await team.get(`/api/makeups/${made.id}`)).body).toMatchObject({ ...made.session, status: "Realizada" });
  });

  it("a make-up still 'Agendada' that has a roll-call record is not cancelled either (409)", async () => {
    const from = await sessionClass();
    const to = await sessionClass({ courseId: from.courseId, startTime: "11:00" });
    const { records } = await absences(from, 1, 3);
    const date = notSunday(addDays(TODAY(), -1), -1);
    const session = { classId: to.id, scheduleId: to.scheduleOn(date), date };
    const makeup = await makeMakeup({ absenceId: records[0].id, ...session });
    await makeAttendance({ makeupId: makeup.id, ...session, status: "Presente" });
    const res = await team.delete(`/api/makeups/${makeup.id}`);
    expect([res.status, res.body.message]).toEqual([409, ROLL_CALL_TAKEN]);
    expect(await count("attendance_records", `"makeupId" = :id`, { id: makeup.id })).toBe(1);
  });

  it("an absence changed to 'Presente' cancels its booked make-up in the same save; one already made up refuses the change", async () => {
    const from = await sessionClass({ startTime: "12:00" });
    const to = await sessionClass({ courseId: from.courseId, startTime: "13:00" });
    const { date, records } = await absences(from, 2, 2);
    const absence = { classId: from.id, scheduleId: from.scheduleOn(date), date };
    const booked = await team.post("/api/makeups", { absenceId: records[0].id, ...sessionFrom(to, addDays(TODAY(), 1)) });
    expect(booked.status).toBe(201);

    const saved = await rollCall(absence, [{ enrollmentId: records[0].enrollmentId, status: "Presente" }]);
    expect(saved.status).toBe(200);
    expect((await team.get(`/api/makeups/${booked.body.id}`)).status).toBe(404);
    expect(await count("makeups", `"absenceId" = :id`, { id: records[0].id })).toBe(0);

    const taken = await makeupWhoseRollCallCanBeTaken(to, records[1].id);
    expect((await rollCall(taken.session, [{ makeupId: taken.id, status: "Presente" }])).status).toBe(200);
    const refused = await rollCall(absence, [{ enrollmentId: records[1].enrollmentId, status: "Presente" }]);
    expect([refused.status, refused.body.message]).toEqual([400, ABSENCE_MADE_UP]);
    expect(await count("attendance_records", `"id" = :id AND "status" = 'Falta'`, { id: records[1].id })).toBe(1);
    expect((await team.get(`/api/makeups/${taken.id}`)).body.status).toBe("Realizada");
  });
});
