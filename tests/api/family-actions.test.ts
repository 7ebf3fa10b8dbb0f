import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeAbsenceNotice, makeAttendance } from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, sundayFrom, TODAY, type MadeClass } from "../support/attendance";

/**
 * The family's own actions (issue 27), as its Client: 'Avisar falta'
 * (POST/DELETE /api/family/absences), 'Agendar reposição' (POST
 * /api/family/makeups, the staff's rules), 'Meus dados' (PATCH
 * /api/family/persons/{id}, /api/family/address). Another family's rows are a
 * 404, Administrator and Team have no family (404), bad input is a 400 with
 * the field's message, and a refusal writes nothing.
 */

let admin: ApiClient;
let team: ApiClient;
let parentA: ApiClient;
let parentB: ApiClient;
let cls: MadeClass;
let other: MadeClass;
let a: Awaited<ReturnType<typeof enrolled>>;
let b: Awaited<ReturnType<typeof enrolled>>;

const future = () => notSunday(addDays(TODAY(), 2), 1);
const past = () => notSunday(addDays(TODAY(), -2), -1);

beforeAll(async () => {
  [admin, team, parentA, parentB] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client"), signIn("Client")]);
  cls = await sessionClass();
  other = await sessionClass({ courseId: cls.courseId, startTime: "15:00" });
  a = await enrolled(cls, 2, { prefix: "Filha A" });
  b = await enrolled(cls, 1, { prefix: "Filho B" });
  await a.guardian.update({ userId: parentA.user!.id });
  await b.guardian.update({ userId: parentB.user!.id });
});

const auditCount = (entity: string, entityId: string) =>
  count("audit_entries", `"entity" = :entity AND "entityId" = :entityId`, { entity, entityId });

describe("POST /api/family/absences ('Avisar falta')", () => {
  it("warns of a future session's absence: on the family's next sessions, and 'Falta justificada' with the note in the roll call", async () => {
    const date = future();
    const enrollmentId = a.pupils[0].enrollment.id;
    const res = await parentA.post("/api/family/absences", {
      enrollmentId,
      date,
      scheduleId: cls.scheduleOn(date),
      note: "Consulta médica",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ enrollmentId, classId: cls.id, date, note: "Consulta médica", createdById: parentA.user!.id });
    expect(await auditCount("absence_notices", res.body.id)).toBe(1);

    const family = (await parentA.get("/api/family")).body;
    const sessions = family.students.flatMap(
      (s: { nextSessions: Array<{ enrollmentId: string; date: string; notice: unknown }> }) => s.nextSessions,
    );
    expect(
      sessions.find((s: { enrollmentId: string; date: string }) => s.enrollmentId === enrollmentId && s.date === date)?.notice,
    ).toMatchObject({
      id: res.body.id,
    });

    const rollCall = (await team.get(`/api/classes/${cls.id}/attendance?date=${date}&scheduleId=${cls.scheduleOn(date)}`)).body;
    expect(rollCall.taken).toBe(false);
    const entry = rollCall.records.find((r: { enrollmentId?: string }) => r.enrollmentId === enrollmentId);
    expect(entry).toMatchObject({ status: "Falta justificada", note: "Consulta médica", notice: true });
    const sibling = rollCall.records.find((r: { enrollmentId?: string }) => r.enrollmentId === a.pupils[1].enrollment.id);
    expect(sibling).toMatchObject({ status: null, notice: false });

    const again = await parentA.post("/api/family/absences", { enrollmentId, date, scheduleId: cls.scheduleOn(date) });
    expect([again.status, again.body.message]).toEqual([409, "Falta já avisada para esta aula"]);
  });

  it("refuses a past session (400, the issue's message), a day without class, bad input, another family's enrolment and the staff; nothing written", async () => {
    const before = await count("absence_notices");
    const enrollmentId = a.pupils[1].enrollment.id;
    const old = past();
    const late = await parentA.post("/api/family/absences", { enrollmentId, date: old, scheduleId: cls.scheduleOn(old) });
    expect([late.status, late.body.errors?.date]).toEqual([400, ["Não é possível avisar falta de aula passada"]]);
    const sunday = sundayFrom(addDays(TODAY(), 1));
    const noClass = await parentA.post("/api/family/absences", { enrollmentId, date: sunday, scheduleId: cls.schedules[0].id });
    expect([noClass.status, noClass.body.errors?.date]).toEqual([400, ["Data sem aula desta turma"]]);
    const empty = await parentA.post("/api/family/absences", {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      enrollmentId: ["Matrícula é obrigatória"],
      date: ["Data inválida"],
      scheduleId: ["Horário é obrigatório"],
    });
    const long = await parentA.post("/api/family/absences", {
      enrollmentId,
      date: future(),
      scheduleId: cls.scheduleOn(future()),
      note: "x".repeat(501),
    });
    expect([long.status, long.body.errors?.note]).toEqual([400, ["Máximo de 500 caracteres"]]);

    const date = future();
    const body = { enrollmentId: b.pupils[0].enrollment.id, date, scheduleId: cls.scheduleOn(date) };
    const others = await parentA.post("/api/family/absences", body);
    expect([others.status, others.body.message]).toEqual([404, "Matrícula não encontrada"]);
    for (const staff of [team, admin]) {
      const res = await staff.post("/api/family/absences", body);
      expect([res.status, res.body.message]).toEqual([404, "Família não encontrada"]);
    }
    expect(await count("absence_notices")).toBe(before);
  });
});

describe("DELETE /api/family/absences/{id}", () => {
  it("withdraws its own notice before the session; another family's is a 404; a past one is a 409", async () => {
    const date = addDays(future(), 7);
    const enrollmentId = a.pupils[1].enrollment.id;
    const made = await parentA.post("/api/family/absences", { enrollmentId, date, scheduleId: cls.scheduleOn(date) });
    expect(made.status).toBe(201);
    const foreign = await parentB.delete(`/api/family/absences/${made.body.id}`);
    expect([foreign.status, foreign.body.message]).toEqual([404, "Aviso de falta não encontrado"]);
    expect((await team.delete(`/api/family/absences/${made.body.id}`)).status).toBe(404);
    expect((await parentA.delete(`/api/family/absences/${made.body.id}`)).status).toBe(204);
    expect(await count("absence_notices", `"id" = :id`, { id: made.body.id })).toBe(0);
    expect(await auditCount("absence_notices", made.body.id)).toBe(2);

    const old = past();
    const stale = await makeAbsenceNotice({ enrollmentId, classId: cls.id, scheduleId: cls.scheduleOn(old), date: old });
    const refused = await parentA.delete(`/api/family/absences/${stale.id}`);
    expect([refused.status, refused.body.message]).toEqual([409, "Não é possível cancelar o aviso de falta de aula que já começou"]);
    expect(await count("absence_notices", `"id" = :id`, { id: stale.id })).toBe(1);
  });

  it("a notice of a past session stays in its roll call until the teacher saves it, who may change it", async () => {
    const old = notSunday(addDays(past(), -2), -1);
    const enrollmentId = a.pupils[0].enrollment.id;
    await makeAbsenceNotice({ enrollmentId, classId: cls.id, scheduleId: cls.scheduleOn(old), date: old, note: "Viagem" });
    const url = `/api/classes/${cls.id}/attendance?date=${old}&scheduleId=${cls.scheduleOn(old)}`;
    const before = (await team.get(url)).body.records.find((r: { enrollmentId?: string }) => r.enrollmentId === enrollmentId);
    expect(before).toMatchObject({ status: "Falta justificada", note: "Viagem", notice: true });
    const saved = await team.put(`/api/classes/${cls.id}/attendance`, {
      date: old,
      scheduleId: cls.scheduleOn(old),
      records: [{ enrollmentId, status: "Presente" }],
    });
    expect(saved.status).toBe(200);
    const after = (await team.get(url)).body.records.find((r: { enrollmentId?: string }) => r.enrollmentId === enrollmentId);
    expect(after).toMatchObject({ status: "Presente", notice: true });
  });
});

describe("POST /api/family/makeups ('Agendar reposição')", () => {
  it("books a make-up of its own child's absence with the staff's rules; another family's absence is a 404; the staff have no family", async () => {
    const old = past();
    const absence = await makeAttendance({
      enrollmentId: a.pupils[0].enrollment.id,
      classId: cls.id,
      scheduleId: cls.scheduleOn(old),
      date: old,
      status: "Falta",
    });
    const foreignAbsence = await makeAttendance({
      enrollmentId: b.pupils[0].enrollment.id,
      classId: cls.id,
      scheduleId: cls.scheduleOn(old),
      date: old,
      status: "Falta",
    });
    const date = future();
    const target = { classId: other.id, scheduleId: other.scheduleOn(date), date };
    const before = await count("makeups");

    const foreign = await parentA.post("/api/family/makeups", { absenceId: foreignAbsence.id, ...target });
    expect([foreign.status, foreign.body.message]).toEqual([404, "Falta não encontrada"]);
    for (const staff of [team, admin]) {
      const res = await staff.post("/api/family/makeups", { absenceId: absence.id, ...target });
      expect([res.status, res.body.message]).toEqual([404, "Família não encontrada"]);
    }
    const far = addDays(old, 31);
    const tooLate = await parentA.post("/api/family/makeups", {
      absenceId: absence.id,
      classId: other.id,
      scheduleId: other.scheduleOn(notSunday(far, 1)),
      date: notSunday(far, 1),
    });
    expect([tooLate.status, tooLate.body.errors?.date]).toEqual([400, ["Reposição fora do prazo de 30 dias"]]);
    const empty = await parentA.post("/api/family/makeups", {});
    expect([empty.status, empty.body.errors?.absenceId]).toEqual([400, ["Falta é obrigatória"]]);
    expect(await count("makeups")).toBe(before);

    const booked = await parentA.post("/api/family/makeups", { absenceId: absence.id, ...target });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ absenceId: absence.id, ...target, status: "Agendada" });
    const twice = await parentA.post("/api/family/makeups", { absenceId: absence.id, ...target });
    expect([twice.status, twice.body.message]).toEqual([409, "Esta falta já tem reposição"]);
    const family = (await parentA.get("/api/family")).body;
    const absences = family.students.flatMap(
      (s: { attendance: { absences: Array<{ id: string; makeup: unknown }> } }) => s.attendance.absences,
    );
    expect(absences.find((x: { id: string }) => x.id === absence.id)?.makeup).toMatchObject({ id: booked.body.id, status: "Agendada" });
  });
});

describe("'Meus dados': PATCH /api/family/persons/{id} and /api/family/address", () => {
  it("changes its persons' phone and e-mail (names and CPF stay), audited; another family's person is a 404; bad input is a 400", async () => {
    const person = a.persons[0];
    const res = await parentA.patch(`/api/family/persons/${person.id}`, {
      phone: "(11) 97777-6666",
      email: "nova.mae@familia.com",
      fullName: "Outro Nome",
      cpf: "12345678909",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: person.id,
      phone: "11977776666",
      email: "nova.mae@familia.com",
      fullName: person.fullName,
      cpf: person.cpf,
    });
    const entries = (await admin.get(`/api/audit?entity=guardian_persons&entityId=${person.id}`)).body;
    expect(entries[0]).toMatchObject({ action: "update", userId: parentA.user!.id });
    expect(entries[0].changes).toEqual({
      phone: { before: person.phone, after: "11977776666" },
      email: { before: person.email, after: "nova.mae@familia.com" },
    });

    const foreign = await parentA.patch(`/api/family/persons/${b.persons[0].id}`, { phone: "11912345678" });
    expect([foreign.status, foreign.body.message]).toEqual([404, "Pessoa não encontrada"]);
    expect((await team.patch(`/api/family/persons/${person.id}`, { phone: "11912345678" })).status).toBe(404);
    const bad = await parentA.patch(`/api/family/persons/${person.id}`, { phone: "1199", email: "sem-arroba" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      phone: ["Telefone incompleto: DDD + número (10 ou 11 dígitos)"],
      email: ["Por favor, insira um e-mail válido"],
    });
    expect((await parentA.patch(`/api/family/persons/${person.id}`, { phone: "" })).body.errors).toEqual({
      phone: ["Telefone é obrigatório"],
    });
    const after = (await parentA.get("/api/family")).body.guardian.persons.find((p: { id: string }) => p.id === person.id);
    expect(after).toMatchObject({ phone: "11977776666", email: "nova.mae@familia.com" });
  });

  it("changes the family's address, audited; blank is a 400; the staff have no family", async () => {
    const res = await parentA.patch("/api/family/address", { address: "Rua das Flores, 45 - Centro" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.guardian.id, address: "Rua das Flores, 45 - Centro" });
    const entries = (await admin.get(`/api/audit?entity=guardians&entityId=${a.guardian.id}`)).body;
    expect(entries[0]).toMatchObject({ action: "update", userId: parentA.user!.id });
    const blank = await parentA.patch("/api/family/address", { address: "  " });
    expect([blank.status, blank.body.errors?.address]).toEqual([400, ["Endereço é obrigatório"]]);
    for (const staff of [team, admin]) expect((await staff.patch("/api/family/address", { address: "Rua X, 1" })).status).toBe(404);
    expect((await parentA.get("/api/family")).body.guardian.address).toBe("Rua das Flores, 45 - Centro");
  });
});
