import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, ApiClient, signIn, uniqueEmail } from "../support/http";
import { count } from "../support/db";
import { makeClass, makeUser } from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: "Maria Bailarina",
  email: uniqueEmail("maria"),
  password: "segredo123",
  userType: "Team",
  ...overrides,
});

async function login(email: string, password: string) {
  return new ApiClient().post("/api/login", { email, password });
}

describe("/api/users", () => {
  it("creates (201), lists, reads, updates and deletes (204) without ever returning the password", async () => {
    const input = newUser({ cpf: "123.456.789-01" });
    const created = await admin.post("/api/users", input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      name: "Maria Bailarina",
      email: input.email,
      userType: "Team",
      cpf: "12345678901",
      avatarUrl: null,
    });
    expect(JSON.stringify(created.body)).not.toMatch(/password|segredo123/i);
    const id = created.body.id;

    const list = await team.get("/api/users");
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.find((u: { id: string }) => u.id === id)).toMatchObject({ email: input.email });
    expect(JSON.stringify(list.body)).not.toMatch(/password/i);

    const one = await team.get(`/api/users/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, name: "Maria Bailarina" });
    expect(JSON.stringify(one.body)).not.toMatch(/password/i);

    const updated = await admin.patch(`/api/users/${id}`, { id, name: "Maria Souza", userType: "Administrator", cpf: "98765432100" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Maria Souza", userType: "Administrator", cpf: "98765432100", email: input.email });

    expect((await admin.delete(`/api/users/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/users/${id}`)).status).toBe(404);
    expect(await count("users", "id = :id", { id })).toBe(0);
  });

  it("PATCH: an absent password keeps the current one, a blank one is refused as the document says; a typed one replaces it", async () => {
    const input = newUser();
    const id = (await admin.post("/api/users", input)).body.id;
    expect((await admin.patch(`/api/users/${id}`, { name: "Outro Nome" })).status).toBe(200);
    const blank = await admin.patch(`/api/users/${id}`, { name: "Outro Nome", password: "" });
    expect([blank.status, blank.body.message]).toEqual([400, "Senha é obrigatória"]);
    expect((await login(input.email, "segredo123")).status).toBe(200);
    const changed = await admin.patch(`/api/users/${id}`, { password: "novasenha" });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(changed.body)).not.toMatch(/password|novasenha/i);
    expect((await login(input.email, "segredo123")).status).toBe(401);
    expect((await login(input.email, "novasenha")).status).toBe(200);
  });

  it("PATCH: cpf null clears it", async () => {
    const id = (await admin.post("/api/users", newUser({ cpf: "12345678901" }))).body.id;
    const res = await admin.patch(`/api/users/${id}`, { cpf: null });
    expect(res.status).toBe(200);
    expect(res.body.cpf).toBeNull();
  });

  it("validates with the §5 messages", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: "" }, "name", "Nome é obrigatório"],
      [{ name: undefined }, "name", "Nome é obrigatório"],
      [{ email: "" }, "email", "E-mail é obrigatório"],
      [{ email: "nao-e-email" }, "email", "Por favor, insira um e-mail válido"],
      [{ password: undefined }, "password", "Senha é obrigatória"],
      [{ password: "" }, "password", "Senha é obrigatória"],
      [{ password: "12345" }, "password", "A senha deve ter pelo menos 6 caracteres"],
      [{ userType: undefined }, "userType", "Tipo de usuário é obrigatório"],
      [{ userType: "Chefe" }, "userType", "Tipo de usuário é obrigatório"],
      [{ cpf: "123.456.789" }, "cpf", "CPF deve conter exatamente 11 dígitos"],
      [{ cpf: "1234567890a" }, "cpf", "CPF deve conter exatamente 11 dígitos"],
    ];
    const before = await count("users");
    for (const [override, field, message] of cases) {
      const res = await admin.post("/api/users", newUser(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(override)).toContain(message);
    }
    expect(await count("users")).toBe(before);

    const id = (await admin.post("/api/users", newUser())).body.id;
    const patchCases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: "123" }, "password", "A senha deve ter pelo menos 6 caracteres"],
      [{ name: " " }, "name", "Nome é obrigatório"],
      [{ email: "x@" }, "email", "Por favor, insira um e-mail válido"],
      [{ userType: "" }, "userType", "Tipo de usuário é obrigatório"],
      [{ cpf: "999" }, "cpf", "CPF deve conter exatamente 11 dígitos"],
    ];
    for (const [body, field, message] of patchCases) {
      const res = await admin.patch(`/api/users/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field]).toContain(message);
    }
    expect((await admin.get(`/api/users/${id}`)).body.name).toBe("Maria Bailarina");
  });

  it("refuses a duplicate e-mail with 409 on the e-mail field (create and update, any letter case)", async () => {
    const first = newUser();
    const a = await admin.post("/api/users", first);
    const dup = await admin.post("/api/users", newUser({ email: first.email.toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: "E-mail já cadastrado", errors: { email: ["E-mail já cadastrado"] } });
    const b = await admin.post("/api/users", newUser());
    const patch = await admin.patch(`/api/users/${b.body.id}`, { email: first.email });
    expect(patch.status).toBe(409);
    expect(patch.body.errors.email).toEqual(["E-mail já cadastrado"]);
    expect((await admin.patch(`/api/users/${a.body.id}`, { email: first.email })).status).toBe(200);
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing changed", async () => {
    const target = (await admin.post("/api/users", newUser())).body;
    const before = await count("users");
    for (const path of ["/api/users", `/api/users/${target.id}`]) {
      expect((await anonymous().get(path)).status).toBe(401);
    }
    expect((await anonymous().post("/api/users", newUser())).status).toBe(401);
    expect((await anonymous().patch(`/api/users/${target.id}`, { name: "X" })).status).toBe(401);
    expect((await anonymous().delete(`/api/users/${target.id}`)).status).toBe(401);
    for (const who of [team, client]) {
      expect((await who.post("/api/users", newUser())).status).toBe(403);
      expect((await who.patch(`/api/users/${target.id}`, { name: "Invasor", userType: "Administrator" })).status).toBe(403);
      expect((await who.delete(`/api/users/${target.id}`)).status).toBe(403);
      // Not even their own type.
      expect((await who.patch(`/api/users/${who.user!.id}`, { userType: "Administrator" })).status).toBe(403);
    }
    expect(await count("users")).toBe(before);
    expect((await admin.get(`/api/users/${target.id}`)).body).toMatchObject({ name: target.name, userType: "Team" });
    expect((await team.get(`/api/users/${team.user!.id}`)).body.userType).toBe("Team");
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON, 400 for malformed JSON, 405 otherwise", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.get(`/api/users/${unknown}`)).status).toBe(404);
    expect((await admin.patch(`/api/users/${unknown}`, { name: "X" })).status).toBe(404);
    expect((await admin.delete(`/api/users/${unknown}`)).status).toBe(404);
    expect((await admin.get("/api/users/not-a-uuid")).status).toBe(404);
    expect((await admin.delete("/api/users/1")).status).toBe(404);
    expect((await admin.request("POST", "/api/users", "name=X", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await admin.request("POST", "/api/users", "{", { "Content-Type": "application/json" })).status).toBe(400);
    expect((await admin.request("PATCH", `/api/users/${admin.user!.id}`, '{"name":', { "Content-Type": "application/json" })).status).toBe(
      400,
    );
    expect((await admin.request("PUT", "/api/users")).status).toBe(405);
  });

  it("refuses to delete yourself and a user who is responsible for a class (409, nothing deleted)", async () => {
    const self = await admin.delete(`/api/users/${admin.user!.id}`);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe("Você não pode excluir o seu próprio usuário");
    expect((await admin.get("/api/user")).status).toBe(200);

    const teacher = (await admin.post("/api/users", newUser({ name: "Professora Ana" }))).body;
    await makeClass({ responsibleId: teacher.id });
    const res = await admin.delete(`/api/users/${teacher.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Não é possível excluir este usuário: ele é responsável por turmas");
    expect(await count("users", "id = :id", { id: teacher.id })).toBe(1);
  });

  it("searches by name or e-mail (?q=) and pages (?page=) on the server", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    for (let i = 0; i < 3; i++) await admin.post("/api/users", newUser({ name: `Busca ${tag} ${i}` }));
    await admin.post("/api/users", newUser({ name: "Sem Marca", email: `marca.${tag}@teste.com` }));
    const found = await team.get(`/api/users?q=${tag.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(4);
    const page = await team.get(`/api/users?q=${tag}&page=2&pageSize=3`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Total-Count")).toBe("4");
    expect(page.body).toHaveLength(1);
    expect((await team.get("/api/users?q=%25%5C_")).status).toBe(200);
  });
});

describe("/users screens without JavaScript", () => {
  it("creates through the dialog form (PRG, flash toast, list shows formatted CPF and the type)", async () => {
    const email = uniqueEmail("form");
    const res = await admin.form("/users/new", {
      name: "Joana Form",
      email,
      password: "segredo123",
      userType: "Client",
      cpf: "123.456.789-01",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/users");
    const page = await (await admin.raw("GET", `/users?q=${encodeURIComponent(email)}`)).text();
    expect(page).toContain("Usuário criado com sucesso");
    expect(page).toContain("Joana Form");
    expect(page).toContain("123.456.789-01");
    expect(page).toContain("Cliente");
    expect(await count("users", "email = :email AND cpf = '12345678901'", { email })).toBe(1);
  });

  it("re-renders the dialog with the messages (400), keeps what was typed and never echoes the password", async () => {
    const res = await admin.form("/users/new", { name: "", email: "x", password: "segredo-secreto", userType: "", cpf: "123" });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const message of [
      "Nome é obrigatório",
      "Por favor, insira um e-mail válido",
      "Tipo de usuário é obrigatório",
      "CPF deve conter exatamente 11 dígitos",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain("segredo-secreto");
    const short = await admin.form("/users/new", { name: "A", email: uniqueEmail(), password: "123", userType: "Team" });
    expect(await short.text()).toContain("A senha deve ter pelo menos 6 caracteres");
    const missing = await admin.form("/users/new", { name: "A", email: uniqueEmail(), password: "", userType: "Team" });
    expect(await missing.text()).toContain("Senha é obrigatória");
  });

  it("a duplicate e-mail comes back as 409 with the message on the form and an 'Erro' toast", async () => {
    const email = uniqueEmail("dup");
    await admin.post("/api/users", newUser({ email }));
    const res = await admin.form("/users/new", { name: "Dup", email, password: "segredo123", userType: "Team" });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("E-mail já cadastrado");
    expect(html).not.toContain("segredo123");
  });

  it("edits: a blank password keeps the current one, a blank CPF clears it; redirect keeps the list's search", async () => {
    const input = newUser({ cpf: "12345678901" });
    const id = (await admin.post("/api/users", input)).body.id;
    const edit = await admin.raw("GET", `/users/${id}/edit?q=Maria`);
    expect(edit.status).toBe(200);
    const html = await edit.text();
    expect(html).toContain("Editar Usuário");
    expect(html).toContain("123.456.789-01");
    expect(html).not.toMatch(/passwordHash|\$argon2/);
    const res = await admin.form(`/users/${id}/edit?q=Maria`, {
      name: "Maria Editada",
      email: input.email,
      password: "",
      userType: "Administrator",
      cpf: "",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/users?q=Maria");
    expect((await admin.get(`/api/users/${id}`)).body).toMatchObject({ name: "Maria Editada", userType: "Administrator", cpf: null });
    expect((await login(input.email, "segredo123")).status).toBe(200);
  });

  it("deletes through the confirmation; refuses yourself with the message", async () => {
    const id = (await admin.post("/api/users", newUser())).body.id;
    const confirm = await (await admin.raw("GET", `/users/${id}/delete`)).text();
    expect(confirm).toContain("Confirmar exclusão");
    expect(confirm).toContain("Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita.");
    const res = await admin.form(`/users/${id}/delete`, {});
    expect(res.status).toBe(302);
    expect(await count("users", "id = :id", { id })).toBe(0);
    const self = await admin.form(`/users/${admin.user!.id}/delete`, {});
    expect(self.status).toBe(409);
    expect(await self.text()).toContain("Você não pode excluir o seu próprio usuário");
  });

  it("refuses the dialogs to Team and Client (403), nothing written; the list is readable", async () => {
    const before = await count("users");
    for (const who of [team, client]) {
      expect((await who.raw("GET", "/users/new")).status).toBe(403);
      expect((await who.form("/users/new", newUser() as Record<string, string>)).status).toBe(403);
      expect((await who.form(`/users/${admin.user!.id}/delete`, {})).status).toBe(403);
      const list = await who.raw("GET", "/users");
      expect(list.status).toBe(200);
      const html = await list.text();
      expect(html).toContain("Usuários");
      expect(html).not.toContain("Adicionar Usuário");
    }
    expect(await count("users")).toBe(before);
    expect((await anonymous().raw("GET", "/users")).status).toBe(302);
  });

  it("pages the list at 50 rows", async () => {
    const tag = `pag${Math.random().toString(36).slice(2, 7)}`;
    for (let i = 0; i < 52; i++) await makeUser({ name: `Lista ${tag} ${String(i).padStart(2, "0")}` });
    const first = await (await admin.raw("GET", `/users?q=${tag}`)).text();
    expect(first).toContain("Página 1 de 2");
    expect(first).toContain(`Lista ${tag} 49`);
    expect(first).not.toContain(`Lista ${tag} 50`);
    const second = await (await admin.raw("GET", `/users?q=${tag}&page=2`)).text();
    expect(second).toContain(`Lista ${tag} 51`);
    expect(second).not.toContain(`Lista ${tag} 00`);
  });
});
