import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeClass } from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const newBranch = (name = `Unidade ${Math.random().toString(36).slice(2, 8)}`, extra: object = {}) =>
  admin.post("/api/branches", { name, address: "Rua das Flores, 100", ...extra });

describe("/api/branches", () => {
  it("creates (201, active and not default by default), lists, reads, updates and deletes", async () => {
    const created = await admin.post("/api/branches", { name: "Unidade Centro", address: "Av. Paulista, 1000" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      name: "Unidade Centro",
      address: "Av. Paulista, 1000",
      active: true,
      isDefault: false,
    });
    const id = created.body.id;

    const list = await client.get("/api/branches");
    expect(list.status).toBe(200);
    const listed = list.body.find((b: { id: string }) => b.id === id);
    expect(listed).toMatchObject({ id, name: "Unidade Centro", address: "Av. Paulista, 1000", isDefault: false, active: true });

    expect((await team.get(`/api/branches/${id}`)).body.name).toBe("Unidade Centro");

    const updated = await admin.patch(`/api/branches/${id}`, { active: false, address: "Rua Nova, 1" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Unidade Centro", address: "Rua Nova, 1", active: false });

    expect((await admin.delete(`/api/branches/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/branches/${id}`)).status).toBe(404);
  });

  it("validates with the §5 messages", async () => {
    const res = await admin.post("/api/branches", { name: " ", address: "" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: ["Nome da unidade é obrigatório"], address: ["Endereço é obrigatório"] });
    const missing = await admin.post("/api/branches", {});
    expect(missing.body.errors).toEqual({ name: ["Nome da unidade é obrigatório"], address: ["Endereço é obrigatório"] });
    const id = (await newBranch()).body.id;
    const patch = await admin.patch(`/api/branches/${id}`, { address: "" });
    expect(patch.status).toBe(400);
    expect(patch.body.errors.address).toEqual(["Endereço é obrigatório"]);
    expect((await admin.post("/api/branches", { name: "X", address: "Y", isDefault: "talvez" })).status).toBe(400);
  });

  it("keeps at most one default branch: marking one unmarks the others", async () => {
    const a = await newBranch(undefined, { isDefault: true });
    expect(a.body.isDefault).toBe(true);
    const b = await newBranch(undefined, { isDefault: true });
    expect(b.body.isDefault).toBe(true);
    expect(await count("branches", `"isDefault" = :yes`, { yes: true })).toBe(1);
    expect((await admin.get(`/api/branches/${a.body.id}`)).body.isDefault).toBe(false);

    expect((await admin.patch(`/api/branches/${a.body.id}`, { isDefault: true })).body.isDefault).toBe(true);
    expect((await admin.get(`/api/branches/${b.body.id}`)).body.isDefault).toBe(false);
    expect(await count("branches", `"isDefault" = :yes`, { yes: true })).toBe(1);

    // Re-saving the default branch keeps it default.
    expect((await admin.patch(`/api/branches/${a.body.id}`, { isDefault: true, name: "Matriz" })).body.isDefault).toBe(true);
    expect(await count("branches", `"isDefault" = :yes`, { yes: true })).toBe(1);
  });

  it("deleting a branch removes its classrooms and their schedules", async () => {
    const branchId = (await newBranch()).body.id;
    const classroom = await admin.post("/api/classrooms", { branchId, name: "Sala 1", capacity: "20" });
    expect(classroom.status).toBe(201);
    const schedule = await admin.post("/api/classroom-schedules", {
      classroomId: classroom.body.id,
      dayOfWeek: "Terça",
      startTime: "08:00",
      endTime: "09:00",
    });
    expect(schedule.status).toBe(201);
    expect((await admin.delete(`/api/branches/${branchId}`)).status).toBe(204);
    expect(await count("classrooms", `"branchId" = :branchId`, { branchId })).toBe(0);
    expect(await count("classroom_schedules", `"classroomId" = :id`, { id: classroom.body.id })).toBe(0);
  });

  it("refuses to delete a branch still used by an offer or a class (409, nothing removed)", async () => {
    const withOffer = (await newBranch()).body.id;
    const offer = await admin.post("/api/offers", {
      name: "Plano",
      monthlyValue: "100",
      checkoutLink: "https://pagamento.exemplo.com/plano",
      branchId: withOffer,
    });
    expect(offer.status).toBe(201);
    const res = await admin.delete(`/api/branches/${withOffer}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Não é possível excluir esta unidade: ela possui ofertas vinculadas");
    expect(await count("branches", "id = :id", { id: withOffer })).toBe(1);

    const { branchId, classroomId } = await makeClass();
    const res2 = await admin.delete(`/api/branches/${branchId}`);
    expect(res2.status).toBe(409);
    expect(res2.body.message).toBe("Não é possível excluir esta unidade: ela possui turmas vinculadas");
    expect(await count("branches", "id = :id", { id: branchId })).toBe(1);
    expect(await count("classrooms", "id = :id", { id: classroomId })).toBe(1);
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const before = await count("branches");
    const body = { name: "Proibida", address: "Rua X" };
    expect((await anonymous().get("/api/branches")).status).toBe(401);
    expect((await anonymous().post("/api/branches", body)).status).toBe(401);
    expect((await team.post("/api/branches", body)).status).toBe(403);
    expect((await client.post("/api/branches", body)).status).toBe(403);
    const id = (await newBranch("Protegida")).body.id;
    expect((await team.patch(`/api/branches/${id}`, { name: "X", isDefault: true })).status).toBe(403);
    expect((await client.patch(`/api/branches/${id}`, { name: "X" })).status).toBe(403);
    expect((await team.delete(`/api/branches/${id}`)).status).toBe(403);
    expect((await client.delete(`/api/branches/${id}`)).status).toBe(403);
    expect((await anonymous().delete(`/api/branches/${id}`)).status).toBe(401);
    expect(await count("branches")).toBe(before + 1);
    expect((await admin.get(`/api/branches/${id}`)).body).toMatchObject({ name: "Protegida", isDefault: false });
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON, 400 for malformed JSON, 405 otherwise", async () => {
    expect((await admin.get("/api/branches/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.patch("/api/branches/00000000-0000-4000-8000-000000000000", { name: "X" })).status).toBe(404);
    expect((await admin.delete("/api/branches/not-a-uuid")).status).toBe(404);
    expect((await admin.request("POST", "/api/branches", "name=X", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await admin.request("POST", "/api/branches", "{", { "Content-Type": "application/json" })).status).toBe(400);
    expect((await admin.request("PUT", "/api/branches", { name: "X" })).status).toBe(405);
  });
});

describe("/branches screens without JavaScript", () => {
  it("creates a default branch through the dialog form with PRG and a flash toast", async () => {
    const res = await admin.form("/branches/new", {
      name: "Unidade Formulário",
      address: "Rua do Form, 10",
      active: "on",
      isDefault: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/branches");
    const page = await (await admin.raw("GET", "/branches")).text();
    expect(page).toContain("Unidade Formulário");
    expect(page).toContain("Unidade criada com sucesso");
    expect(page).toContain("Padrão");
  });

  it("re-renders the dialog with the messages (400)", async () => {
    const res = await admin.form("/branches/new", { name: "", address: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Nome da unidade é obrigatório");
    expect(html).toContain("Endereço é obrigatório");
  });

  it("shows the delete refusal (409) in the dialog", async () => {
    const { branchId } = await makeClass();
    const res = await admin.form(`/branches/${branchId}/delete`, {});
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("ela possui turmas vinculadas");
  });

  it("refuses the dialogs to Team (403) but shows the classrooms dialog to everyone", async () => {
    expect((await team.raw("GET", "/branches/new")).status).toBe(403);
    expect((await team.form("/branches/new", { name: "Nope", address: "X" })).status).toBe(403);
    const id = (await newBranch("Unidade Visível")).body.id;
    const res = await client.raw("GET", `/branches/${id}/classrooms`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Salas de Aula - Unidade Visível");
  });
});
