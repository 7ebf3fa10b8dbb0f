import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

describe("/api/courses", () => {
  it("creates (201, active by default), lists, reads, updates and deletes", async () => {
    const created = await admin.post("/api/courses", { name: "Ballet Clássico" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: "Ballet Clássico", active: true });
    const id = created.body.id;

    const list = await team.get("/api/courses");
    expect(list.status).toBe(200);
    expect(list.body.some((c: { id: string }) => c.id === id)).toBe(true);

    expect((await client.get(`/api/courses/${id}`)).body.name).toBe("Ballet Clássico");

    const updated = await admin.patch(`/api/courses/${id}`, { active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Ballet Clássico", active: false });

    expect((await admin.delete(`/api/courses/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/courses/${id}`)).status).toBe(404);
  });

  it("validates with the §5 message", async () => {
    const res = await admin.post("/api/courses", { name: "  " });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Nome do curso é obrigatório", errors: { name: ["Nome do curso é obrigatório"] } });
    const patch = await admin.patch(`/api/courses/${(await admin.post("/api/courses", { name: "Jazz" })).body.id}`, { name: "" });
    expect(patch.status).toBe(400);
    expect(patch.body.errors.name).toEqual(["Nome do curso é obrigatório"]);
    const wrongType = await admin.post("/api/courses", { name: "Jazz", active: "talvez" });
    expect(wrongType.status).toBe(400);
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const before = await count("courses");
    expect((await anonymous().get("/api/courses")).status).toBe(401);
    expect((await anonymous().post("/api/courses", { name: "Hip Hop" })).status).toBe(401);
    expect((await team.post("/api/courses", { name: "Hip Hop" })).status).toBe(403);
    expect((await client.post("/api/courses", { name: "Hip Hop" })).status).toBe(403);
    const id = (await admin.post("/api/courses", { name: "Sapateado" })).body.id;
    expect((await team.patch(`/api/courses/${id}`, { name: "X" })).status).toBe(403);
    expect((await client.delete(`/api/courses/${id}`)).status).toBe(403);
    expect(await count("courses")).toBe(before + 1);
    expect((await admin.get(`/api/courses/${id}`)).body.name).toBe("Sapateado");
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON, 400 for malformed JSON", async () => {
    expect((await admin.patch("/api/courses/00000000-0000-4000-8000-000000000000", { name: "X" })).status).toBe(404);
    expect((await admin.delete("/api/courses/not-a-uuid")).status).toBe(404);
    expect((await admin.request("POST", "/api/courses", "name=X", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await admin.request("POST", "/api/courses", "{", { "Content-Type": "application/json" })).status).toBe(400);
  });
});

describe("/courses screens without JavaScript", () => {
  it("creates through the dialog form with PRG and a flash toast", async () => {
    const res = await admin.form("/courses/new", { name: "Contemporâneo", active: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/courses");
    const page = await (await admin.raw("GET", "/courses")).text();
    expect(page).toContain("Contemporâneo");
    expect(page).toContain("Curso criado com sucesso");
  });

  it("an unchecked Ativo box saves the course as inactive", async () => {
    await admin.form("/courses/new", { name: "Curso Inativo Form" });
    const list = (await admin.get("/api/courses")).body as Array<{ name: string; active: boolean }>;
    expect(list.find((c) => c.name === "Curso Inativo Form")?.active).toBe(false);
  });

  it("re-renders the dialog with the message (400) and keeps what was typed", async () => {
    const res = await admin.form("/courses/new", { name: "" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Nome do curso é obrigatório");
  });

  it("refuses the dialogs to Team (403)", async () => {
    expect((await team.raw("GET", "/courses/new")).status).toBe(403);
    expect((await team.form("/courses/new", { name: "Nope" })).status).toBe(403);
  });
});
