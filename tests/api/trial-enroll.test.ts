import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, uniqueEmail, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import {
  makeBranch,
  makeClass,
  makeClassroom,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
  makeTrial,
} from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const START = "2026-12-07";

/** A trial in a class of `capacity` seats, with an active offer of the class's branch. */
async function setup(capacity = 10) {
  const branch = await makeBranch();
  const classroom = await makeClassroom(branch.id, { capacity });
  const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id });
  const offer = await makeOffer(branch.id, { name: "Plano Mensal", monthlyValue: "189.90" });
  const trial = await makeTrial(cls.id, {
    studentName: "Helena Prado",
    guardianName: "Marcos Prado",
    whatsappNumber: "11976543210",
    status: "Quer Matricular",
  });
  return { branchId: branch.id, cls, offer, trial };
}

function newGuardian(overrides: Record<string, unknown> = {}) {
  return {
    address: "Rua dos Ipês, 321",
    persons: [
      {
        fullName: "Marcos Prado",
        cpf: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
        email: uniqueEmail("prado"),
        birthDate: "1984-07-15",
        phone: "(11) 97654-3210",
        isPrimary: true,
        ...overrides,
      },
    ],
  };
}

/** Rows of every table the enrolment from a trial may write, and the trial's row. */
async function state(trialId: string) {
  const tables = ["guardians", "guardian_persons", "users", "students", "enrollments"];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
  const [rows] = await testDb().query(`SELECT * FROM trials WHERE id = :id`, { replacements: { id: trialId } });
  return { counts, trial: rows[0] };
}

describe("POST /api/trials/{id}/enroll with a new family", () => {
  it("creates the guardian, its person, the Client user, the student and the enrolment, and links the trial (201)", async () => {
    const { cls, offer, trial } = await setup();
    const guardian = newGuardian();
    const res = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardian,
      offerId: offer.id,
      startDate: START,
      birthDate: "2018-02-03",
    });
    expect(res.status).toBe(201);
    const { student, enrollment, trial: linked } = res.body;
    expect(student).toMatchObject({ fullName: "Helena Prado", birthDate: "2018-02-03", active: true });
    expect(enrollment).toMatchObject({
      studentId: student.id,
      classId: cls.id,
      offerId: offer.id,
      startDate: START,
      status: "Ativa",
      waitlistPosition: null,
      trialId: trial.id,
    });
    expect(linked).toMatchObject({ id: trial.id, enrollmentId: enrollment.id, status: "Quer Matricular" });
    const family = (await team.get(`/api/guardians/${student.guardianId}`)).body;
    expect(family.persons).toEqual([expect.objectContaining({ fullName: "Marcos Prado", phone: "11976543210", isPrimary: true })]);
    const [users] = await testDb().query(`SELECT "userType" FROM users WHERE id = :id`, { replacements: { id: family.userId } });
    expect(users).toEqual([{ userType: "Client" }]);
    expect((await team.get(`/api/trials/${trial.id}`)).body.enrollmentId).toBe(enrollment.id);
  });

  it("takes the student's name when given, and answers the guardian's field errors under guardian.", async () => {
    const { offer, trial } = await setup();
    const invalid = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardian: { address: "", persons: [{ fullName: "", cpf: "1", email: "x", birthDate: "1984-02-30", phone: "11" }] },
      offerId: offer.id,
      startDate: START,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(
      [
        "guardian.address",
        "guardian.persons[0].birthDate",
        "guardian.persons[0].cpf",
        "guardian.persons[0].email",
        "guardian.persons[0].fullName",
        "guardian.persons[0].phone",
      ].sort(),
    );
    const named = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardian: newGuardian(),
      studentName: "Helena P. Souza",
      offerId: offer.id,
      startDate: START,
    });
    expect(named.body.student.fullName).toBe("Helena P. Souza");
  });
});

describe("rolls everything back on any refusal", () => {
  it("an e-mail already taken, an inactive offer, another branch's offer, a full class: nothing written, the trial unchanged", async () => {
    const { branchId, offer, trial } = await setup(1);
    const { user } = await makeGuardian(1);
    const inactive = await makeOffer(branchId, { active: false });
    const foreign = await makeOffer((await makeBranch()).id);
    const before = await state(trial.id);

    const taken = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardian: newGuardian({ email: user.email }),
      offerId: offer.id,
      startDate: START,
    });
    expect([taken.status, taken.body.message, taken.body.errors]).toEqual([
      409,
      "Já existe um usuário com este e-mail",
      { "guardian.persons[0].email": ["Já existe um usuário com este e-mail"] },
    ]);
    const off = await team.post(`/api/trials/${trial.id}/enroll`, { guardian: newGuardian(), offerId: inactive.id, startDate: START });
    expect([off.status, off.body.errors]).toEqual([400, { offerId: ["Oferta inativa"] }]);
    const other = await team.post(`/api/trials/${trial.id}/enroll`, { guardian: newGuardian(), offerId: foreign.id, startDate: START });
    expect([other.status, other.body.errors]).toEqual([400, { offerId: ["A oferta não pertence à unidade da turma"] }]);
    const unknownOffer = await team.post(`/api/trials/${trial.id}/enroll`, { guardian: newGuardian(), offerId: MISSING, startDate: START });
    expect([unknownOffer.status, unknownOffer.body.errors]).toEqual([400, { offerId: ["Oferta não encontrada"] }]);
    expect(await state(trial.id)).toEqual(before);

    // Fill the only seat, then a new family is refused with 'Turma lotada' and leaves nothing behind.
    const { guardian: seated } = await makeGuardian(1);
    await makeEnrollment({ studentId: (await makeStudent(seated.id)).id, classId: trial.classId, offerId: offer.id });
    const filled = await state(trial.id);
    const full = await team.post(`/api/trials/${trial.id}/enroll`, { guardian: newGuardian(), offerId: offer.id, startDate: START });
    expect([full.status, full.body.message]).toEqual([409, "Turma lotada"]);
    expect(await state(trial.id)).toEqual(filled);

    // With the waiting list: 'Em espera', position 1.
    const waiting = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardian: newGuardian(),
      offerId: offer.id,
      startDate: START,
      waitlist: true,
    });
    expect([waiting.status, waiting.body.enrollment.status, waiting.body.enrollment.waitlistPosition]).toEqual([201, "Em espera", 1]);
  });

  it("an inactive class refuses too, leaving the rows as they were", async () => {
    const branch = await makeBranch();
    const { cls } = await makeClass({ branchId: branch.id, active: false });
    const offer = await makeOffer(branch.id);
    const trial = await makeTrial(cls.id);
    const before = await state(trial.id);
    const res = await team.post(`/api/trials/${trial.id}/enroll`, { guardian: newGuardian(), offerId: offer.id, startDate: START });
    expect([res.status, res.body.errors]).toEqual([400, { classId: ["Turma inativa"] }]);
    expect(await state(trial.id)).toEqual(before);
  });
});

describe("with an existing family", () => {
  it("a new student of an existing guardian, or an existing student of that guardian; another family's student is refused", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const { guardian: other } = await makeGuardian(1);
    const theirs = await makeStudent(other.id);
    const mine = await makeStudent(guardian.id, { fullName: `Irmã ${randomUUID().slice(0, 4)}` });

    const foreign = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      studentId: theirs.id,
      offerId: offer.id,
      startDate: START,
    });
    expect([foreign.status, foreign.body.errors]).toEqual([400, { studentId: ["O aluno não pertence a este responsável"] }]);
    const unknown = await team.post(`/api/trials/${trial.id}/enroll`, { guardianId: MISSING, offerId: offer.id, startDate: START });
    expect([unknown.status, unknown.body.errors]).toEqual([400, { guardianId: ["Responsável não encontrado"] }]);

    const res = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      studentId: mine.id,
      offerId: offer.id,
      startDate: START,
    });
    expect(res.status).toBe(201);
    expect(res.body.student.id).toBe(mine.id);
    expect(res.body.enrollment.studentId).toBe(mine.id);

    const second = await setup();
    const fresh = await admin.post(`/api/trials/${second.trial.id}/enroll`, {
      guardianId: guardian.id,
      offerId: second.offer.id,
      startDate: START,
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.student).toMatchObject({ guardianId: guardian.id, fullName: "Helena Prado" });
  });

  it("takes the enrolment's discount ('Desconto deve ser de 0 a 100%' beyond it; 0 by default)", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const before = await count("enrollments");
    const bad = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      offerId: offer.id,
      startDate: START,
      discountPercent: 150,
    });
    expect([bad.status, bad.body.errors]).toEqual([400, { discountPercent: ["Desconto deve ser de 0 a 100%"] }]);
    expect(await count("enrollments")).toBe(before);
    // A discount is the Administrator's (Team's: tests/api/charges.test.ts).
    const res = await admin.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      offerId: offer.id,
      startDate: START,
      discountPercent: "12,5",
    });
    expect(res.status).toBe(201);
    expect(res.body.enrollment.discountPercent).toBe(12.5);
    const second = await setup();
    const plain = await team.post(`/api/trials/${second.trial.id}/enroll`, {
      guardianId: guardian.id,
      offerId: second.offer.id,
      startDate: START,
    });
    expect(plain.body.enrollment.discountPercent).toBe(0);
  });

  it("a trial enrolled once is refused (409) until its enrolment is cancelled", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const first = await team.post(`/api/trials/${trial.id}/enroll`, { guardianId: guardian.id, offerId: offer.id, startDate: START });
    expect(first.status).toBe(201);
    const again = await team.post(`/api/trials/${trial.id}/enroll`, { guardianId: guardian.id, offerId: offer.id, startDate: START });
    expect([again.status, again.body.message]).toEqual([409, "Este experimental já foi matriculado"]);
    await admin.patch(`/api/enrollments/${first.body.enrollment.id}`, { status: "Cancelada", cancelReason: "Desistiu" });
    // The trial is no longer enrolled (the calendar reads 'Matricular' again); the enrolment keeps where it came from.
    expect((await team.get(`/api/trials/${trial.id}`)).body.enrollmentId).toBeNull();
    expect((await team.get(`/api/enrollments/${first.body.enrollment.id}`)).body).toMatchObject({ status: "Cancelada", trialId: trial.id });
    const after = await team.post(`/api/trials/${trial.id}/enroll`, { guardianId: guardian.id, offerId: offer.id, startDate: START });
    expect(after.status).toBe(201);
    expect(after.body.trial.enrollmentId).toBe(after.body.enrollment.id);
  });

  it("deleting the trial keeps its enrolment (its trialId becomes null)", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const made = await team.post(`/api/trials/${trial.id}/enroll`, { guardianId: guardian.id, offerId: offer.id, startDate: START });
    expect(made.status).toBe(201);
    expect((await team.delete(`/api/trials/${trial.id}`)).status).toBe(204);
    expect((await team.get(`/api/enrollments/${made.body.enrollment.id}`)).body).toMatchObject({ status: "Ativa", trialId: null });
  });

  it("two enrolments from one trial at the same time: one 201, one 409", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const answers = await Promise.all(
      [0, 1].map(() => team.post(`/api/trials/${trial.id}/enroll`, { guardianId: guardian.id, offerId: offer.id, startDate: START })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count("enrollments", `"trialId" = :id`, { id: trial.id })).toBe(1);
  });
});

describe("into another class of the trial's course (`classId`)", () => {
  it("enrols into a class of the same course; another course's class or an unknown one is refused (400), nothing written", async () => {
    const { branchId, cls, offer, trial } = await setup(1);
    const { guardian } = await makeGuardian(1);
    const course = (await testDb().query(`SELECT "courseId" FROM classes WHERE id = :id`, { replacements: { id: cls.id } }))[0] as Array<{
      courseId: string;
    }>;
    const sameCourse = (await makeClass({ branchId, courseId: course[0].courseId })).cls;
    const otherCourse = (await makeClass({ branchId })).cls;
    const before = await state(trial.id);
    for (const [classId, message] of [
      [otherCourse.id, "A turma deve ser do mesmo curso do experimental"],
      [MISSING, "Turma não encontrada"],
      ["nao-e-um-id", "Turma não encontrada"],
    ] as const) {
      const res = await team.post(`/api/trials/${trial.id}/enroll`, {
        guardianId: guardian.id,
        classId,
        offerId: offer.id,
        startDate: START,
      });
      expect([res.status, res.body.errors], classId).toEqual([400, { classId: [message] }]);
    }
    expect(await state(trial.id)).toEqual(before);
    const res = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      classId: sameCourse.id,
      offerId: offer.id,
      startDate: START,
    });
    expect(res.status).toBe(201);
    expect(res.body.enrollment).toMatchObject({ classId: sameCourse.id, status: "Ativa", trialId: trial.id });
    expect(res.body.trial).toMatchObject({ classId: cls.id, enrollmentId: res.body.enrollment.id });
  });
});

describe("messages, roles, 404", () => {
  it("400 for the family choice, the offer and the start date", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const neither = await team.post(`/api/trials/${trial.id}/enroll`, { offerId: offer.id, startDate: START });
    expect([neither.status, neither.body.errors]).toEqual([400, { guardianId: ["Responsável é obrigatório"] }]);
    const both = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      guardian: newGuardian(),
      offerId: offer.id,
      startDate: START,
    });
    expect(both.body.errors).toEqual({ guardianId: ["Escolha um responsável existente ou cadastre um novo"] });
    const fields = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      startDate: "2026-06-31",
      birthDate: "ontem",
    });
    expect(fields.body.errors).toEqual({
      offerId: ["Oferta é obrigatória"],
      startDate: ["Data de início inválida"],
      birthDate: ["Data de nascimento inválida"],
    });
    const future = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: guardian.id,
      offerId: offer.id,
      startDate: START,
      birthDate: "2999-01-01",
    });
    expect(future.body.errors).toEqual({ birthDate: ["Data de nascimento inválida"] });
  });

  it("Client 403, anonymous 401, unknown trial 404 ('Experimental não encontrado')", async () => {
    const { offer, trial } = await setup();
    const { guardian } = await makeGuardian(1);
    const input = { guardianId: guardian.id, offerId: offer.id, startDate: START };
    expect((await client.post(`/api/trials/${trial.id}/enroll`, input)).status).toBe(403);
    expect((await anonymous().post(`/api/trials/${trial.id}/enroll`, input)).status).toBe(401);
    for (const id of [MISSING, "nao-e-id"]) {
      const res = await team.post(`/api/trials/${id}/enroll`, input);
      expect([res.status, res.body.message]).toEqual([404, "Experimental não encontrado"]);
    }
    expect(await count("enrollments", `"trialId" = :id`, { id: trial.id })).toBe(0);
  });
});
