import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, uniqueEmail, ApiClient, type Json } from "../support/http";
import { testDb } from "../support/db";

/**
 * The audit trail through HTTP: every kind of change leaves its entry (who,
 * when, what, before and after, from where), sign-ins and sign-outs too, no
 * secret is ever written, and GET /api/audit filters and pages for
 * administrators only.
 */

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator", "Auditora Chefe"), signIn("Team"), signIn("Client")]);
});

interface Entry {
  id: string;
  createdAt: string;
  userId: string | null;
  userName: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  ip: string | null;
}

async function entriesOf(entity: string, entityId: string): Promise<Entry[]> {
  const res = await admin.get(`/api/audit?entity=${entity}&entityId=${entityId}`);
  expect(res.status).toBe(200);
  return res.body as Entry[];
}

function uniqueCpf(): string {
  return String(Math.floor(Math.random() * 1e11)).padStart(11, "0");
}

describe("every change writes its entry", () => {
  it("a course created, updated and deleted: three entries, newest first, with who, the fields before and after, and the address", async () => {
    const created = await admin.post("/api/courses", { name: "Dança de Salão" });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await admin.patch(`/api/courses/${id}`, { name: "Dança de Salão II", active: false })).status).toBe(200);
    expect((await admin.delete(`/api/courses/${id}`)).status).toBe(204);

    const entries = await entriesOf("courses", id);
    expect(entries.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    for (const e of entries) {
      expect(e).toMatchObject({ userId: admin.user!.id, userName: "Auditora Chefe", entity: "courses", entityId: id });
      expect(e.ip).toMatch(/\d/);
    }
    const [deleted, updated, create] = entries;
    expect(create.changes).toEqual({ name: { before: null, after: "Dança de Salão" }, active: { before: null, after: true } });
    expect(updated.changes).toEqual({
      name: { before: "Dança de Salão", after: "Dança de Salão II" },
      active: { before: true, after: false },
    });
    expect(deleted.changes).toEqual({ name: { before: "Dança de Salão II", after: null }, active: { before: false, after: null } });
    expect(Date.parse(deleted.createdAt)).toBeGreaterThanOrEqual(Date.parse(create.createdAt));
  });

  it("a guardian created in one go: an entry for the guardian, each person and the Client user; a person's edit names the fields it changed", async () => {
    const email = uniqueEmail("familia");
    const res = await admin.post("/api/guardians", {
      address: "Rua da Auditoria, 7",
      persons: [
        { fullName: "Joana Auditada", cpf: uniqueCpf(), email, birthDate: "1984-02-03", phone: "11987654321", isPrimary: true },
        {
          fullName: "José Auditado",
          cpf: uniqueCpf(),
          email: uniqueEmail("pai"),
          birthDate: "1982-06-07",
          phone: "11955554444",
          isPrimary: false,
        },
      ],
    });
    expect(res.status).toBe(201);
    const guardian = res.body;
    expect((await entriesOf("guardians", guardian.id)).map((e) => e.action)).toEqual(["create"]);
    for (const p of guardian.persons) expect((await entriesOf("guardian_persons", p.id)).map((e) => e.action)).toEqual(["create"]);
    const userEntries = await entriesOf("users", guardian.userId);
    expect(userEntries.map((e) => e.action)).toEqual(["create"]);
    expect(userEntries[0].changes?.passwordHash).toEqual({ before: null, after: "[protegido]" });

    const second = guardian.persons.find((p: Json) => !p.isPrimary);
    expect((await admin.patch(`/api/guardian-persons/${second.id}`, { phone: "11912345678" })).status).toBe(200);
    const [edit] = await entriesOf("guardian_persons", second.id);
    expect(edit).toMatchObject({ action: "update", changes: { phone: { before: "11955554444", after: "11912345678" } } });
  });

  it("a user's password change is recorded without the password or its hash", async () => {
    const created = await admin.post("/api/users", {
      name: "Senha Auditada",
      email: uniqueEmail("senha"),
      password: "primeira123",
      userType: "Team",
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await admin.patch(`/api/users/${id}`, { password: "segunda4567", name: "Senha Trocada" })).status).toBe(200);
    const [update] = await entriesOf("users", id);
    expect(update.action).toBe("update");
    expect(update.changes).toEqual({
      name: { before: "Senha Auditada", after: "Senha Trocada" },
      passwordHash: { before: "[protegido]", after: "[protegido]" },
    });
  });

  it("sign-in, failed sign-in and sign-out are entries, with the address and without the password", async () => {
    const email = uniqueEmail("entrada");
    const user = new ApiClient();
    const registered = await user.post("/api/register", { name: "Pessoa Entrando", email, password: "senhaCerta1", userType: "Client" });
    expect(registered.status).toBe(201);
    const id = registered.body.id as string;

    expect((await anonymous().post("/api/login", { email, password: "senhaErrada9" })).status).toBe(401);
    const fresh = new ApiClient();
    expect((await fresh.post("/api/login", { email, password: "senhaCerta1" })).status).toBe(200);
    expect((await fresh.post("/api/logout")).status).toBe(200);
    const unknown = uniqueEmail("ninguem");
    expect((await anonymous().post("/api/login", { email: unknown, password: "qualquer123" })).status).toBe(401);

    const entries = await entriesOf("users", id);
    expect(entries.map((e) => e.action)).toEqual(["sign-out", "sign-in", "sign-in-failed", "create"]);
    const [out, inEntry, failed] = entries;
    expect(out).toMatchObject({ userId: id, userName: "Pessoa Entrando" });
    expect(inEntry).toMatchObject({ userId: id, userName: "Pessoa Entrando" });
    expect(failed).toMatchObject({ userId: null, changes: { email: { before: null, after: email } } });
    for (const e of [out, inEntry, failed]) expect(e.ip).toMatch(/\d/);
    // A failed sign-in with an e-mail of no account names no record, only the e-mail tried.
    const all = (await admin.get(`/api/audit?entity=users`)).body as Entry[];
    const stranger = all.find((e) => e.action === "sign-in-failed" && (e.changes?.email?.after as string) === unknown);
    expect(stranger).toMatchObject({ entityId: null, userId: null });
  });

  it("a failed sign-in keeps what was typed only when it is a well-formed e-mail: a password typed in the e-mail box never lands in the trail", async () => {
    // Both pass the sign-in form's own check, so both are refused as wrong credentials (401).
    const password = `Minha@Senha.${randomUUID().slice(0, 8).replace(/[a-f]/g, "7")}`;
    const address = uniqueEmail("tentativa");
    expect((await anonymous().post("/api/login", { email: password, password: "qualquer123" })).status).toBe(401);
    expect((await anonymous().post("/api/login", { email: address, password: "qualquer123" })).status).toBe(401);
    const all = (await admin.get(`/api/audit?entity=users`)).body as Entry[];
    expect(JSON.stringify(all).toLowerCase()).not.toContain(password.toLowerCase());
    const failed = all.filter((e) => e.action === "sign-in-failed");
    expect(failed.find((e) => e.changes?.email?.after === address)).toMatchObject({ entityId: null, userId: null });
    expect(failed.find((e) => e.changes?.email?.after === "[identificador inválido]")).toMatchObject({ entityId: null, userId: null });
  });

  it("no entry ever holds a password, a password hash, a session id or the session cookie", async () => {
    const [hashes] = (await testDb().query(`SELECT "passwordHash" FROM "users"`)) as [Array<{ passwordHash: string }>, unknown];
    const [sessions] = (await testDb().query(`SELECT "id" FROM "sessions"`)) as [Array<{ id: string }>, unknown];
    const [rows] = (await testDb().query(`SELECT "changes" FROM "audit_entries" WHERE "changes" IS NOT NULL`)) as [
      Array<{ changes: string }>,
      unknown,
    ];
    const text = rows.map((r) => r.changes).join("\n");
    expect(text.length).toBeGreaterThan(0);
    for (const secret of ["segredo123", "senhaCerta1", "senhaErrada9", "primeira123", "segunda4567"]) expect(text).not.toContain(secret);
    for (const { passwordHash } of hashes) if (passwordHash.length > 12) expect(text).not.toContain(passwordHash);
    for (const { id } of sessions) expect(text).not.toContain(id);
    const cookies = [...admin.cookies.values()].map((v) => decodeURIComponent(v));
    for (const cookie of cookies) expect(text).not.toContain(cookie);
  });
});

describe("GET /api/audit", () => {
  it("is for administrators: 401 signed out, 403 for Team and Client", async () => {
    expect((await anonymous().get("/api/audit")).status).toBe(401);
    expect((await team.get("/api/audit")).status).toBe(403);
    expect((await client.get("/api/audit")).status).toBe(403);
    expect((await admin.get("/api/audit?limit=1")).status).toBe(200);
  });

  it("filters by entity, record, user and period, and refuses bad filters with a 400", async () => {
    const someone = await signIn("Administrator", `Filtro ${randomUUID().slice(0, 6)}`);
    const course = (await someone.post("/api/courses", { name: "Curso do Filtro" })).body;
    await someone.patch(`/api/courses/${course.id}`, { name: "Curso do Filtro 2" });

    const byUser = (await admin.get(`/api/audit?userId=${someone.user!.id}`)).body as Entry[];
    expect(byUser.map((e) => [e.entity, e.action])).toEqual([
      ["courses", "update"],
      ["courses", "create"],
    ]);
    const byRecord = (await admin.get(`/api/audit?entityId=${course.id}`)).body as Entry[];
    expect(byRecord).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    // The period is of school days (America/Sao_Paulo): yesterday to tomorrow holds now whatever the hour.
    expect((await admin.get(`/api/audit?userId=${someone.user!.id}&from=${yesterday}&to=${tomorrow}`)).body).toHaveLength(2);
    expect((await admin.get(`/api/audit?userId=${someone.user!.id}&from=2020-01-01&to=2020-12-31`)).body).toHaveLength(0);
    expect((await admin.get(`/api/audit?entity=offers&entityId=${course.id}`)).body).toHaveLength(0);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const badDate = await admin.get("/api/audit?from=2026-02-30");
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors.from).toEqual(["Data inválida"]);
    const badUser = await admin.get("/api/audit?userId=nao-e-um-id");
    expect(badUser.status).toBe(400);
    expect(badUser.body.errors.userId).toEqual(["Usuário inválido"]);
    const reversed = await admin.get("/api/audit?from=2026-03-02&to=2026-03-01");
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.to).toEqual(["O fim do período deve ser igual ou posterior ao início"]);
  });

  it("pages like every list: by cursor (Link) and by page number (X-Total-Count)", async () => {
    const someone = await signIn("Administrator", `Páginas ${randomUUID().slice(0, 6)}`);
    for (const name of ["A", "B", "C"]) await someone.post("/api/courses", { name: `Curso ${name}` });
    const filter = `userId=${someone.user!.id}`;
    const first = await admin.get(`/api/audit?${filter}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("Link") ?? "")?.[1];
    expect(next).toBeTruthy();
    const second = await admin.get(next!);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get("Link")).toBeNull();
    const ids = [...first.body, ...second.body].map((e: Entry) => e.id);
    expect(new Set(ids).size).toBe(3);

    const page = await admin.get(`/api/audit?${filter}&page=2&pageSize=2`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Total-Count")).toBe("3");
    expect(page.body.map((e: Entry) => e.id)).toEqual([ids[2]]);
    expect((await admin.get(`/api/audit?${filter}&page=1&limit=2`)).status).toBe(400);
  });
});

describe("/audit screen", () => {
  it("is for administrators (403 for Team and Client, sign-in for anonymous), filters with a GET form", async () => {
    expect((await team.raw("GET", "/audit")).status).toBe(403);
    expect((await client.raw("GET", "/audit")).status).toBe(403);
    expect((await anonymous().raw("GET", "/audit")).status).toBe(302);
    const course = (await admin.post("/api/courses", { name: "Curso na Tela" })).body;
    const page = await admin.raw("GET", `/audit?entity=courses&entityId=${course.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Auditoria");
    expect(html).toContain("Curso na Tela");
    expect(html).toContain("1 alteração");
    const bad = await (await admin.raw("GET", "/audit?from=2026-13-01")).text();
    expect(bad).toContain("Data inválida");
  });
});
