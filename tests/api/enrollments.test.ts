import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeClassroom,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
} from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, TODAY, type MadeClass } from "../support/attendance";
import { firstSessionDate, firstSessionDateAfter } from "../../app/domain/calendar/sessions";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const randomTag = () => Math.random().toString(36).slice(2, 8);
const START = "2026-12-01";

/** A class whose classroom has `capacity` seats, an active offer of its branch, and `students` active students of one family. */
async function setup(capacity: number, students = 0) {
  const branch = await makeBranch();
  const classroom = await makeClassroom(branch.id, { capacity });
  const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id });
  const offer = await makeOffer(branch.id);
  const { guardian } = await makeGuardian(1);
  const made = [];
  for (let i = 0; i < students; i++) made.push(await makeStudent(guardian.id, { fullName: `Aluno ${String(i).padStart(2, "0")}` }));
  return { branchId: branch.id, cls, offer, guardian, students: made };
}

const body = (studentId: string, classId: string, offerId: string, extra: Record<string, unknown> = {}) => ({
  studentId,
  classId,
  offerId,
  startDate: START,
  ...extra,
});

describe("capacity under concurrency", () => {
  it("50 simultaneous enrolments into a class of 10 give exactly 10 'Ativa', the rest 409 'Turma lotada'", async () => {
    const { cls, offer, students } = await setup(10, 50);
    const answers = await Promise.all(students.map((s) => team.post("/api/enrollments", body(s.id, cls.id, offer.id))));
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(created.every((r) => r.body.status === "Ativa" && r.body.waitlistPosition === null)).toBe(true);
    expect(refused.every((r) => r.body.message === "Turma lotada")).toBe(true);
    expect(await count("enrollments", `"classId" = :id`, { id: cls.id })).toBe(10);
    const roster = await team.get(`/api/classes/${cls.id}/enrollments`);
    expect([roster.body.capacity, roster.body.active, roster.body.waitlist]).toEqual([10, 10, []]);
  });

  it("with waitlist: true the rest are 'Em espera' with positions 1…40, no duplicates", async () => {
    const { cls, offer, students } = await setup(10, 50);
    const answers = await Promise.all(students.map((s) => team.post("/api/enrollments", body(s.id, cls.id, offer.id, { waitlist: true }))));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    const active = answers.filter((r) => r.body.status === "Ativa");
    const waiting = answers.filter((r) => r.body.status === "Em espera");
    expect(active).toHaveLength(10);
    expect(waiting.map((r) => r.body.waitlistPosition).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const roster = await team.get(`/api/classes/${cls.id}/enrollments`);
    expect(roster.body.active).toBe(10);
    expect(roster.body.waitlist.map((e: { waitlistPosition: number }) => e.waitlistPosition)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});

describe("the waiting list", () => {
  it("cancelling an 'Ativa' promotes the first 'Em espera'; cancelling an 'Em espera' closes up the positions", async () => {
    const { cls, offer, students } = await setup(2, 6);
    const ids: string[] = [];
    for (const s of students) {
      const res = await team.post("/api/enrollments", body(s.id, cls.id, offer.id, { waitlist: true }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const positions = async () => {
      const roster = (await team.get(`/api/classes/${cls.id}/enrollments`)).body;
      return {
        active: roster.enrollments.map((e: { id: string }) => ids.indexOf(e.id)).sort(),
        waiting: roster.waitlist.map((e: { id: string; waitlistPosition: number }) => [ids.indexOf(e.id), e.waitlistPosition]),
      };
    };
    expect(await positions()).toEqual({
      active: [0, 1],
      waiting: [
        [2, 1],
        [3, 2],
        [4, 3],
        [5, 4],
      ],
    });

    // An 'Em espera' in the middle leaves: the ones after it move up.
    const left = await admin.patch(`/api/enrollments/${ids[3]}`, { status: "Cancelada", cancelReason: "Desistiu da vaga" });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: "Cancelada", waitlistPosition: null, cancelReason: "Desistiu da vaga" });
    expect(await positions()).toEqual({
      active: [0, 1],
      waiting: [
        [2, 1],
        [4, 2],
        [5, 3],
      ],
    });

    // An 'Ativa' leaves: the first of the list takes the seat, the rest move up.
    const cancelled = await admin.patch(`/api/enrollments/${ids[0]}`, { status: "Cancelada", cancelReason: "Mudou de cidade" });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    expect(await positions()).toEqual({
      active: [1, 2],
      waiting: [
        [4, 1],
        [5, 2],
      ],
    });
    expect((await team.get(`/api/enrollments/${ids[2]}`)).body).toMatchObject({ status: "Ativa", waitlistPosition: null });

    // A cancelled enrolment does not change again; the student may enrol again.
    const again = await admin.patch(`/api/enrollments/${ids[0]}`, { status: "Cancelada", cancelReason: "De novo" });
    expect([again.status, again.body.message]).toEqual([409, "Matrícula já cancelada"]);
    const back = await team.post("/api/enrollments", body(students[0].id, cls.id, offer.id, { waitlist: true }));
    expect([back.status, back.body.status, back.body.waitlistPosition]).toEqual([201, "Em espera", 3]);
  });

  it("more seats (a bigger classroom, another classroom) go to the waiting list in order", async () => {
    const { branchId, cls, offer, students } = await setup(1, 5);
    const ids: string[] = [];
    for (const s of students) ids.push((await team.post("/api/enrollments", body(s.id, cls.id, offer.id, { waitlist: true }))).body.id);
    const roster = async () => {
      const r = (await team.get(`/api/classes/${cls.id}/enrollments`)).body;
      return {
        active: r.active,
        waiting: r.waitlist.map((e: { id: string; waitlistPosition: number }) => [ids.indexOf(e.id), e.waitlistPosition]),
      };
    };
    expect(await roster()).toEqual({
      active: 1,
      waiting: [
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ],
    });
    const grown = await admin.patch(`/api/classrooms/${cls.classroomId}`, { capacity: 3 });
    expect(grown.status).toBe(200);
    expect(await roster()).toEqual({
      active: 3,
      waiting: [
        [3, 1],
        [4, 2],
      ],
    });
    const bigger = await makeClassroom(branchId, { capacity: 4 });
    const slot = await admin.post("/api/classroom-schedules", {
      classroomId: bigger.id,
      dayOfWeek: "Sábado",
      startTime: "10:00",
      endTime: "11:00",
    });
    const moved = await admin.patch(`/api/classes/${cls.id}`, { classroomId: bigger.id, scheduleIds: [slot.body.id] });
    expect(moved.status).toBe(200);
    expect(await roster()).toEqual({ active: 4, waiting: [[4, 1]] });
  });

  it("a full class refuses without waitlist, whatever the waiting list holds", async () => {
    const { cls, offer, students } = await setup(1, 3);
    expect((await team.post("/api/enrollments", body(students[0].id, cls.id, offer.id))).body.status).toBe("Ativa");
    expect((await team.post("/api/enrollments", body(students[1].id, cls.id, offer.id, { waitlist: true }))).body.waitlistPosition).toBe(1);
    const refused = await team.post("/api/enrollments", body(students[2].id, cls.id, offer.id, { waitlist: false }));
    expect([refused.status, refused.body.message]).toEqual([409, "Turma lotada"]);
  });
});

describe("a promotion from the waiting list", () => {
  /** The class's next session after now, as the server reckons it (read around a call: the minute may turn meanwhile). */
  const nextStart = (cls: MadeClass) => firstSessionDateAfter(cls.schedules, firstSessionDate(cls.createdAt), new Date());
  const rollCall = async (cls: MadeClass, date: string) =>
    (await team.get(`/api/classes/${cls.id}/attendance?date=${date}&scheduleId=${cls.scheduleOn(date)}`)).body;
  const sessionCounts = async (cls: MadeClass, from: string, to: string) =>
    (await team.get(`/api/classes/${cls.id}/sessions?from=${from}&to=${to}`)).body.map((s: { date: string; enrolled: number }) => [
      s.date,
      s.enrolled,
    ]);

  it("starts at the class's next session after the promotion: a past roll call keeps its pupils; the answer names who was promoted", async () => {
    // A class meeting Monday to Saturday for months, full with one pupil whose roll call of a week ago is taken.
    const cls = await sessionClass({ capacity: 1, daysAgo: 90 });
    const { pupils, offer } = await enrolled(cls, 1, { prefix: "Ativa" });
    const past = notSunday(addDays(TODAY(), -7), -1);
    await makeAttendance({ enrollmentId: pupils[0].enrollment.id, classId: cls.id, scheduleId: cls.scheduleOn(past), date: past });
    const before = await rollCall(cls, past);
    const yesterday = addDays(TODAY(), -1);
    const countsBefore = await sessionCounts(cls, addDays(TODAY(), -20), yesterday);
    expect(before.records.map((r: { studentName: string; status: string }) => [r.studentName, r.status])).toEqual([
      ["Ativa 00", "Presente"],
    ]);

    // Helena asked for a seat a month ago, starting then: she waits.
    const { guardian } = await makeGuardian(1);
    const helena = await makeStudent(guardian.id, { fullName: `Helena Oliveira ${randomTag()}` });
    const asked = addDays(TODAY(), -30);
    const waiting = await team.post("/api/enrollments", { ...body(helena.id, cls.id, offer.id, { waitlist: true }), startDate: asked });
    expect([waiting.status, waiting.body.status, waiting.body.waitlistPosition, waiting.body.promotedAt]).toEqual([
      201,
      "Em espera",
      1,
      null,
    ]);

    const earliest = nextStart(cls);
    const cancelled = await admin.patch(`/api/enrollments/${pupils[0].enrollment.id}`, {
      status: "Cancelada",
      cancelReason: "Mudou de cidade",
    });
    const latest = nextStart(cls);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "Cancelada", promoted: [expect.any(Object)] });
    const [promotion] = cancelled.body.promoted;
    expect(promotion).toEqual({
      enrollmentId: waiting.body.id,
      classId: cls.id,
      studentId: helena.id,
      studentName: helena.fullName,
      startDate: expect.any(String),
    });
    // Not the day she asked for (a month ago): the next session after the promotion, today or later.
    expect([earliest, latest]).toContain(promotion.startDate);
    expect(promotion.startDate >= TODAY()).toBe(true);
    const promoted = (await team.get(`/api/enrollments/${waiting.body.id}`)).body;
    expect(promoted).toMatchObject({
      status: "Ativa",
      waitlistPosition: null,
      startDate: promotion.startDate,
      promotedAt: expect.any(String),
    });

    // The past roll call has the same pupils with the same marks; no past session gained a pupil.
    expect((await rollCall(cls, past)).records).toEqual(before.records);
    expect(await sessionCounts(cls, addDays(TODAY(), -20), yesterday)).toEqual(countsBefore);
    // The roster lists her as active, from that session.
    const roster = (await team.get(`/api/classes/${cls.id}/enrollments`)).body;
    expect(roster.enrollments.map((e: { studentName: string; startDate: string }) => [e.studentName, e.startDate])).toEqual([
      [helena.fullName, promotion.startDate],
    ]);
    // Cancelling an enrolment that frees no seat promotes nobody.
    const other = await makeStudent(guardian.id);
    const third = (await team.post("/api/enrollments", body(other.id, cls.id, offer.id, { waitlist: true }))).body;
    const left = await admin.patch(`/api/enrollments/${third.id}`, { status: "Cancelada", cancelReason: "Desistiu" });
    expect([left.status, left.body.promoted]).toEqual([200, []]);
  });

  it("a bigger classroom promotes from the next session too; a later start that was asked for is kept", async () => {
    const cls = await sessionClass({ capacity: 1, daysAgo: 60 });
    const { offer } = await enrolled(cls, 1);
    const { guardian } = await makeGuardian(1);
    const [early, later] = [await makeStudent(guardian.id), await makeStudent(guardian.id)];
    const laterStart = addDays(TODAY(), 40);
    const a = (await team.post("/api/enrollments", { ...body(early.id, cls.id, offer.id, { waitlist: true }), startDate: "2020-01-06" }))
      .body;
    const b = (await team.post("/api/enrollments", { ...body(later.id, cls.id, offer.id, { waitlist: true }), startDate: laterStart }))
      .body;
    expect([a.status, b.status]).toEqual(["Em espera", "Em espera"]);
    const earliest = nextStart(cls);
    expect((await admin.patch(`/api/classrooms/${cls.classroomId}`, { capacity: 3 })).status).toBe(200);
    const latest = nextStart(cls);
    const [first, second] = [(await team.get(`/api/enrollments/${a.id}`)).body, (await team.get(`/api/enrollments/${b.id}`)).body];
    expect(first.status).toBe("Ativa");
    expect([earliest, latest]).toContain(first.startDate);
    expect([second.status, second.startDate]).toEqual(["Ativa", laterStart]);
  });
});

describe("POST /api/enrollments: rules and messages", () => {
  it("answers 400 with each field's message", async () => {
    const res = await team.post("/api/enrollments", { startDate: "2026-02-30" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      studentId: ["Aluno é obrigatório"],
      classId: ["Turma é obrigatória"],
      offerId: ["Oferta é obrigatória"],
      startDate: ["Data de início inválida"],
    });
    const blank = await team.post("/api/enrollments", { studentId: " ", classId: "", offerId: "", startDate: "01/12/2026" });
    expect(blank.body.errors).toEqual({
      studentId: ["Aluno é obrigatório"],
      classId: ["Turma é obrigatória"],
      offerId: ["Oferta é obrigatória"],
      startDate: ["Data de início inválida"],
    });
  });

  it("refuses inactive classes, offers and students, another branch's offer and unknown references", async () => {
    const { branchId, cls, offer, guardian } = await setup(5);
    const student = await makeStudent(guardian.id);
    const inactiveStudent = await makeStudent(guardian.id, { active: false });
    const inactiveOffer = await makeOffer(branchId, { active: false });
    const otherOffer = await makeOffer((await makeBranch()).id);
    const { cls: inactiveClass } = await makeClass({ branchId, active: false });
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [body(student.id, inactiveClass.id, offer.id), { classId: ["Turma inativa"] }],
      [body(student.id, cls.id, inactiveOffer.id), { offerId: ["Oferta inativa"] }],
      [body(student.id, cls.id, otherOffer.id), { offerId: ["A oferta não pertence à unidade da turma"] }],
      [body(inactiveStudent.id, cls.id, offer.id), { studentId: ["Aluno inativo"] }],
      [body(MISSING, cls.id, MISSING), { studentId: ["Aluno não encontrado"], offerId: ["Oferta não encontrada"] }],
      [body(student.id, MISSING, offer.id), { classId: ["Turma não encontrada"] }],
      [body(student.id, "not-a-uuid", offer.id), { classId: ["Turma não encontrada"] }],
    ];
    for (const [input, errors] of cases) {
      const res = await team.post("/api/enrollments", input);
      expect([res.status, res.body.errors], JSON.stringify(input)).toEqual([400, errors]);
      expect(res.body.message).toBe(Object.values(errors)[0][0]);
    }
    expect(await count("enrollments", `"studentId" IN (:a, :b)`, { a: student.id, b: inactiveStudent.id })).toBe(0);
  });

  it("one enrolment that is not cancelled per student and class (409), also at the same time", async () => {
    const { cls, offer, students } = await setup(5, 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => team.post("/api/enrollments", body(students[0].id, cls.id, offer.id))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.message === "Aluno já matriculado nesta turma")).toBe(true);
  });
});

describe("PATCH /api/enrollments/{id}", () => {
  it("changes the offer and the start date with the offer rules; cancelling needs a reason; only 'Cancelada' as status", async () => {
    const { branchId, cls, offer, students } = await setup(5, 1);
    const created = (await team.post("/api/enrollments", body(students[0].id, cls.id, offer.id))).body;
    const other = await makeOffer(branchId, { name: "Plano Trimestral" });
    const changed = await admin.patch(`/api/enrollments/${created.id}`, { offerId: other.id, startDate: "2027-01-04" });
    expect([changed.status, changed.body.offerId, changed.body.startDate, changed.body.status]).toEqual([
      200,
      other.id,
      "2027-01-04",
      "Ativa",
    ]);
    const inactive = await makeOffer(branchId, { active: false });
    expect((await admin.patch(`/api/enrollments/${created.id}`, { offerId: inactive.id })).body.errors).toEqual({
      offerId: ["Oferta inativa"],
    });
    const foreign = await makeOffer((await makeBranch()).id);
    expect((await admin.patch(`/api/enrollments/${created.id}`, { offerId: foreign.id })).body.errors).toEqual({
      offerId: ["A oferta não pertence à unidade da turma"],
    });
    expect((await admin.patch(`/api/enrollments/${created.id}`, { startDate: "2027-02-30" })).body.errors).toEqual({
      startDate: ["Data de início inválida"],
    });
    const noReason = await admin.patch(`/api/enrollments/${created.id}`, { status: "Cancelada" });
    expect([noReason.status, noReason.body.errors]).toEqual([400, { cancelReason: ["Motivo do cancelamento é obrigatório"] }]);
    const blankReason = await admin.patch(`/api/enrollments/${created.id}`, { status: "Cancelada", cancelReason: "  " });
    expect(blankReason.body.errors).toEqual({ cancelReason: ["Motivo do cancelamento é obrigatório"] });
    const status = await admin.patch(`/api/enrollments/${created.id}`, { status: "Ativa" });
    expect([status.status, status.body.errors]).toEqual([400, { status: ["Só é possível alterar o status para Cancelada"] }]);
    expect((await team.get(`/api/enrollments/${created.id}`)).body).toMatchObject({ status: "Ativa", offerId: other.id });
  });

  it("roles: Team and Client cannot edit or cancel (403); anonymous 401; unknown ids 404", async () => {
    const { cls, offer, students } = await setup(5, 1);
    const created = (await team.post("/api/enrollments", body(students[0].id, cls.id, offer.id))).body;
    const cancel = { status: "Cancelada", cancelReason: "Teste" };
    expect((await team.patch(`/api/enrollments/${created.id}`, cancel)).status).toBe(403);
    expect((await client.patch(`/api/enrollments/${created.id}`, cancel)).status).toBe(403);
    expect((await anonymous().patch(`/api/enrollments/${created.id}`, cancel)).status).toBe(401);
    expect((await client.post("/api/enrollments", body(students[0].id, cls.id, offer.id))).status).toBe(403);
    expect((await anonymous().get("/api/enrollments")).status).toBe(401);
    expect((await team.get(`/api/enrollments/${created.id}`)).body.status).toBe("Ativa");
    for (const path of [`/api/enrollments/${MISSING}`, "/api/enrollments/nao-e-um-id"]) {
      const res = await admin.get(path);
      expect([res.status, res.body.message]).toEqual([404, "Matrícula não encontrada"]);
      expect((await admin.patch(path, cancel)).status).toBe(404);
    }
    for (const path of [`/api/classes/${MISSING}/enrollments`, "/api/classes/x/enrollments"]) {
      const res = await team.get(path);
      expect([res.status, res.body.message]).toEqual([404, "Turma não encontrada"]);
    }
  });
});

describe("GET /api/enrollments", () => {
  it("filters by class, student and status (400 for an unknown status); a malformed id matches nothing", async () => {
    const { cls, offer, students } = await setup(1, 3);
    const a = (await team.post("/api/enrollments", body(students[0].id, cls.id, offer.id))).body;
    const b = (await team.post("/api/enrollments", body(students[1].id, cls.id, offer.id, { waitlist: true }))).body;
    const ids = (res: { body: Array<{ id: string }> }) => res.body.map((e) => e.id);
    expect(ids(await team.get(`/api/enrollments?classId=${cls.id}`))).toEqual([a.id, b.id]);
    expect(ids(await team.get(`/api/enrollments?classId=${cls.id}&status=${encodeURIComponent("Em espera")}`))).toEqual([b.id]);
    expect(ids(await team.get(`/api/enrollments?studentId=${students[0].id}`))).toEqual([a.id]);
    expect(ids(await team.get(`/api/enrollments?studentId=x`))).toEqual([]);
    const bad = await team.get(`/api/enrollments?status=Pendente`);
    expect([bad.status, bad.body.errors]).toEqual([400, { status: ["Status inválido"] }]);
    const page = await team.get(`/api/enrollments?classId=${cls.id}&limit=1`);
    expect(ids(page)).toEqual([a.id]);
  });
});

describe("what enrolments keep", () => {
  it("a class, an offer, a student or a guardian in use cannot be deleted (409)", async () => {
    const { cls, offer, guardian, students } = await setup(3, 1);
    await makeEnrollment({ studentId: students[0].id, classId: cls.id, offerId: offer.id, status: "Cancelada" });
    const cls409 = await admin.delete(`/api/classes/${cls.id}`);
    expect([cls409.status, cls409.body.message]).toEqual([409, "Não é possível excluir esta turma: ela possui matrículas"]);
    const offer409 = await admin.delete(`/api/offers/${offer.id}`);
    expect([offer409.status, offer409.body.message]).toEqual([409, "Não é possível excluir esta oferta: ela possui matrículas"]);
    const student409 = await admin.delete(`/api/students/${students[0].id}`);
    expect([student409.status, student409.body.message]).toEqual([409, "Não é possível excluir este aluno: ele possui matrículas"]);
    const guardian409 = await admin.delete(`/api/guardians/${guardian.id}`);
    expect([guardian409.status, guardian409.body.message]).toEqual([409, "Não é possível excluir este responsável: ele possui alunos"]);
    expect(await count("classes", `"id" = :id`, { id: cls.id })).toBe(1);
    expect(await count("guardians", `"id" = :id`, { id: guardian.id })).toBe(1);
  });
});
