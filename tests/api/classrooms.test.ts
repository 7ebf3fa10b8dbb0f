import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import {
  makeBranch,
  makeClass,
  makeClassroom,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeSchedule,
  makeStudent,
} from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;
let branchId: string;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  branchId = (await makeBranch()).id;
});

describe("/api/classrooms", () => {
  it("creates (201), lists all and per branch, reads, updates name and capacity, deletes", async () => {
    const created = await admin.post("/api/classrooms", { branchId, name: "Sala Azul", capacity: "25" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), branchId, name: "Sala Azul", capacity: 25 });
    const id = created.body.id;
    const asNumber = await admin.post("/api/classrooms", { branchId, name: "Sala Verde", capacity: 10 });
    expect(asNumber.status).toBe(201);
    expect(asNumber.body.capacity).toBe(10);
    const elsewhere = await makeClassroom((await makeBranch()).id);

    const all = await client.get("/api/classrooms");
    expect(all.status).toBe(200);
    const ids = all.body.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([id, asNumber.body.id, elsewhere.id]));

    const perBranch = await team.get(`/api/classrooms/branch/${branchId}`);
    expect(perBranch.status).toBe(200);
    expect(perBranch.body.map((c: { name: string }) => c.name)).toEqual(["Sala Azul", "Sala Verde"]);

    expect((await client.get(`/api/classrooms/${id}`)).body.name).toBe("Sala Azul");

    const updated = await admin.patch(`/api/classrooms/${id}`, { name: "Sala Azul Grande", capacity: "40", branchId: elsewhere.branchId });
    expect(updated.status).toBe(200);
    // The branch of a classroom does not change through PATCH.
    expect(updated.body).toMatchObject({ name: "Sala Azul Grande", capacity: 40, branchId });

    expect((await admin.delete(`/api/classrooms/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/classrooms/${id}`)).status).toBe(404);
  });

  it("validates with the §5 messages", async () => {
    const res = await admin.post("/api/classrooms", { branchId: "", name: "", capacity: "0" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      branchId: ["Unidade é obrigatória"],
      name: ["Nome da sala é obrigatório"],
      capacity: ["Capacidade deve ser maior que zero"],
    });
    for (const capacity of [-1, "abc", "", "2.5", 2.5, null]) {
      const bad = await admin.post("/api/classrooms", { branchId, name: "Sala", capacity });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.capacity).toEqual(["Capacidade deve ser maior que zero"]);
    }
    const unknown = await admin.post("/api/classrooms", { branchId: "00000000-0000-4000-8000-000000000000", name: "Sala", capacity: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.branchId).toEqual(["Unidade não encontrada"]);

    const id = (await admin.post("/api/classrooms", { branchId, name: "Sala Patch", capacity: 5 })).body.id;
    const patch = await admin.patch(`/api/classrooms/${id}`, { name: " ", capacity: "0" });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual({ name: ["Nome da sala é obrigatório"], capacity: ["Capacidade deve ser maior que zero"] });
    expect((await admin.get(`/api/classrooms/${id}`)).body).toMatchObject({ name: "Sala Patch", capacity: 5 });
  });

  it("deleting a classroom removes its schedules; one used by a class is a 409", async () => {
    const classroom = await makeClassroom(branchId);
    const schedule = await makeSchedule(classroom.id);
    expect((await admin.delete(`/api/classrooms/${classroom.id}`)).status).toBe(204);
    expect(await count("classroom_schedules", "id = :id", { id: schedule.id })).toBe(0);

    const { classroomId } = await makeClass({ branchId });
    const res = await admin.delete(`/api/classrooms/${classroomId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Não é possível excluir esta sala: ela possui turmas vinculadas");
    expect(await count("classrooms", "id = :id", { id: classroomId })).toBe(1);
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const before = await count("classrooms");
    const body = { branchId, name: "Proibida", capacity: 5 };
    expect((await anonymous().get("/api/classrooms")).status).toBe(401);
    expect((await anonymous().get(`/api/classrooms/branch/${branchId}`)).status).toBe(401);
    expect((await anonymous().post("/api/classrooms", body)).status).toBe(401);
    expect((await team.post("/api/classrooms", body)).status).toBe(403);
    expect((await client.post("/api/classrooms", body)).status).toBe(403);
    const id = (await admin.post("/api/classrooms", { ...body, name: "Protegida" })).body.id;
    expect((await team.patch(`/api/classrooms/${id}`, { capacity: 1 })).status).toBe(403);
    expect((await client.patch(`/api/classrooms/${id}`, { name: "X" })).status).toBe(403);
    expect((await team.delete(`/api/classrooms/${id}`)).status).toBe(403);
    expect((await client.delete(`/api/classrooms/${id}`)).status).toBe(403);
    expect(await count("classrooms")).toBe(before + 1);
    expect((await admin.get(`/api/classrooms/${id}`)).body).toMatchObject({ name: "Protegida", capacity: 5 });
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON, 400 for malformed JSON", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.get(`/api/classrooms/${unknown}`)).status).toBe(404);
    expect((await admin.get(`/api/classrooms/branch/${unknown}`)).status).toBe(404);
    expect((await admin.get("/api/classrooms/branch/abc")).status).toBe(404);
    expect((await admin.patch(`/api/classrooms/${unknown}`, { name: "X" })).status).toBe(404);
    expect((await admin.delete("/api/classrooms/abc")).status).toBe(404);
    expect((await admin.request("POST", "/api/classrooms", "x", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await admin.request("POST", "/api/classrooms", "[", { "Content-Type": "application/json" })).status).toBe(400);
  });
});

describe("classrooms dialog without JavaScript", () => {
  it("creates a classroom over the classrooms dialog and shows the total capacity", async () => {
    const branch = await makeBranch({ name: "Unidade Salas Form" });
    const res = await admin.form(`/branches/${branch.id}/classrooms/new`, { name: "Sala Form", capacity: "12" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/branches/${branch.id}/classrooms`);
    await admin.form(`/branches/${branch.id}/classrooms/new`, { name: "Sala Form 2", capacity: "8" });
    const html = await (await admin.raw("GET", `/branches/${branch.id}/classrooms`)).text();
    expect(html).toContain("Salas de Aula - Unidade Salas Form");
    expect(html).toContain("Capacidade Total: <!-- -->20<!-- --> vagas");
    expect(html).toContain("Capacidade: <!-- -->12<!-- --> vagas/hora");
    expect(html).toContain("Sala criada com sucesso");
  });

  it("a bigger classroom seats its classes' waiting lists: the toast names who left the list", async () => {
    const branch = await makeBranch();
    const classroom = await makeClassroom(branch.id, { name: "Sala Pequena", capacity: 1 });
    const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id });
    const offer = await makeOffer(branch.id);
    const { guardian } = await makeGuardian(1);
    const [seated, waiting] = [
      await makeStudent(guardian.id),
      await makeStudent(guardian.id, { fullName: `Helena Oliveira ${Date.now()}` }),
    ];
    await makeEnrollment({ studentId: seated.id, classId: cls.id, offerId: offer.id });
    await makeEnrollment({ studentId: waiting.id, classId: cls.id, offerId: offer.id, status: "Em espera", waitlistPosition: 1 });
    const res = await admin.form(`/branches/${branch.id}/classrooms/${classroom.id}/edit`, { name: "Sala Pequena", capacity: "2" });
    expect(res.status).toBe(302);
    const html = await (await admin.raw("GET", res.headers.get("Location")!)).text();
    expect(html).toContain(`Sala atualizada com sucesso. ${waiting.fullName} saiu da lista de espera`);
  });

  it("re-renders with the messages (400) and refuses Team (403)", async () => {
    const res = await admin.form(`/branches/${branchId}/classrooms/new`, { name: "", capacity: "0" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Nome da sala é obrigatório");
    expect(html).toContain("Capacidade deve ser maior que zero");
    expect((await team.form(`/branches/${branchId}/classrooms/new`, { name: "X", capacity: "1" })).status).toBe(403);
  });
});
