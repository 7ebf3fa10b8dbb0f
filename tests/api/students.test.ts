import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("POST /api/students", () => {
  it("Team registers a student of a guardian (201), trimmed, active by default", async () => {
    const { guardian } = await makeGuardian(1);
    const res = await team.post("/api/students", {
      guardianId: guardian.id,
      fullName: "  Laura Souza  ",
      birthDate: "2016-04-30",
      notes: "Asma leve",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      guardianId: guardian.id,
      fullName: "Laura Souza",
      birthDate: "2016-04-30",
      notes: "Asma leve",
      active: true,
    });
    const blank = await admin.post("/api/students", { guardianId: guardian.id, fullName: "Pedro", birthDate: null, notes: "" });
    expect(blank.body).toMatchObject({ birthDate: null, notes: null, active: true });
    // The JSON API says "no birth date" with null (or leaves it out); a blank text is not a date (the form turns it into null first).
    const blankDate = await admin.post("/api/students", { guardianId: guardian.id, fullName: "Pedro", birthDate: "" });
    expect([blankDate.status, blankDate.body.errors]).toEqual([400, { birthDate: ["Data de nascimento inválida"] }]);
  });

  it("answers 400 with the exact messages", async () => {
    const missing = await team.post("/api/students", {});
    expect([missing.status, missing.body.errors]).toEqual([
      400,
      { guardianId: ["Responsável é obrigatório"], fullName: ["Nome do aluno é obrigatório"] },
    ]);
    const { guardian } = await makeGuardian(1);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ guardianId: guardian.id, fullName: "   " }, { fullName: ["Nome do aluno é obrigatório"] }],
      [{ guardianId: guardian.id, fullName: "Ana", birthDate: "2016-02-30" }, { birthDate: ["Data de nascimento inválida"] }],
      [{ guardianId: guardian.id, fullName: "Ana", birthDate: "30/04/2016" }, { birthDate: ["Data de nascimento inválida"] }],
      [{ guardianId: guardian.id, fullName: "Ana", birthDate: "2999-01-01" }, { birthDate: ["Data de nascimento inválida"] }],
      [{ guardianId: MISSING, fullName: "Ana" }, { guardianId: ["Responsável não encontrado"] }],
      [{ guardianId: "x", fullName: "Ana" }, { guardianId: ["Responsável não encontrado"] }],
      [{ guardianId: "", fullName: "Ana" }, { guardianId: ["Responsável é obrigatório"] }],
    ];
    for (const [input, errors] of cases) {
      const res = await team.post("/api/students", input);
      expect([res.status, res.body.errors], JSON.stringify(input)).toEqual([400, errors]);
    }
    expect(await count("students", `"guardianId" = :id`, { id: guardian.id })).toBe(0);
  });

  it("Client 403, anonymous 401", async () => {
    const { guardian } = await makeGuardian(1);
    expect((await client.post("/api/students", { guardianId: guardian.id, fullName: "Ana" })).status).toBe(403);
    expect((await anonymous().post("/api/students", { guardianId: guardian.id, fullName: "Ana" })).status).toBe(401);
    expect((await anonymous().get("/api/students")).status).toBe(401);
    expect(await count("students", `"guardianId" = :id`, { id: guardian.id })).toBe(0);
  });
});

describe("GET /api/students", () => {
  it("by name, filtered by guardian, by class (enrolments not cancelled) and by a name term", async () => {
    const tag = randomUUID().slice(0, 6);
    const { guardian } = await makeGuardian(1);
    const { guardian: other } = await makeGuardian(1);
    const bia = await makeStudent(guardian.id, { fullName: `Bia ${tag}` });
    const ana = await makeStudent(guardian.id, { fullName: `Ana ${tag}` });
    const caio = await makeStudent(other.id, { fullName: `Caio ${tag}` });
    const { cls, branchId } = await makeClass();
    const offer = await makeOffer(branchId);
    await makeEnrollment({ studentId: bia.id, classId: cls.id, offerId: offer.id });
    await makeEnrollment({ studentId: caio.id, classId: cls.id, offerId: offer.id, status: "Cancelada" });
    const ids = async (query: string) => (await team.get(`/api/students?${query}`)).body.map((s: { id: string }) => s.id);
    expect(await ids(`guardianId=${guardian.id}`)).toEqual([ana.id, bia.id]);
    expect(await ids(`classId=${cls.id}`)).toEqual([bia.id]);
    expect(await ids(`q=${tag.toUpperCase()}`)).toEqual([ana.id, bia.id, caio.id]);
    expect(await ids(`q=caio%20${tag}&guardianId=${other.id}`)).toEqual([caio.id]);
    expect(await ids(`guardianId=nao-e-id`)).toEqual([]);
    const page = await team.get(`/api/students?q=${tag}&limit=2`);
    expect(page.body.map((s: { id: string }) => s.id)).toEqual([ana.id, bia.id]);
    expect(page.headers.get("Link")).toMatch(/cursor=/);
  });
});

describe("GET, PATCH, DELETE /api/students/{id}", () => {
  it("reads (any signed-in user), Administrator edits and deletes, Team and Client cannot; 404 for unknown ids", async () => {
    const { guardian } = await makeGuardian(1);
    const { guardian: other } = await makeGuardian(1);
    const student = (await team.post("/api/students", { guardianId: guardian.id, fullName: "Davi Lima" })).body;
    expect((await team.get(`/api/students/${student.id}`)).body.fullName).toBe("Davi Lima");
    expect((await team.patch(`/api/students/${student.id}`, { fullName: "Outro" })).status).toBe(403);
    expect((await client.patch(`/api/students/${student.id}`, { fullName: "Outro" })).status).toBe(403);
    const edited = await admin.patch(`/api/students/${student.id}`, {
      fullName: "Davi Lima Souza",
      guardianId: other.id,
      active: false,
      birthDate: "2015-01-31",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ fullName: "Davi Lima Souza", guardianId: other.id, active: false, birthDate: "2015-01-31" });
    const bad = await admin.patch(`/api/students/${student.id}`, { fullName: "", birthDate: "2015-13-01", guardianId: MISSING });
    expect([bad.status, bad.body.errors]).toEqual([
      400,
      { fullName: ["Nome do aluno é obrigatório"], birthDate: ["Data de nascimento inválida"] },
    ]);
    const unknownGuardian = await admin.patch(`/api/students/${student.id}`, { guardianId: MISSING });
    expect([unknownGuardian.status, unknownGuardian.body.errors]).toEqual([400, { guardianId: ["Responsável não encontrado"] }]);

    expect((await team.delete(`/api/students/${student.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/students/${student.id}`)).status).toBe(204);
    for (const id of [student.id, MISSING, "nao-e-id"]) {
      const res = await team.get(`/api/students/${id}`);
      expect([res.status, res.body.message]).toEqual([404, "Aluno não encontrado"]);
      expect((await admin.patch(`/api/students/${id}`, { fullName: "X" })).status).toBe(404);
      expect((await admin.delete(`/api/students/${id}`)).status).toBe(404);
    }
  });

  it("a guardian without students can still be deleted; with one, not (409) until the student is gone", async () => {
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const refused = await admin.delete(`/api/guardians/${guardian.id}`);
    expect([refused.status, refused.body.message]).toEqual([409, "Não é possível excluir este responsável: ele possui alunos"]);
    expect((await admin.delete(`/api/students/${student.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/guardians/${guardian.id}`)).status).toBe(204);
  });
});
