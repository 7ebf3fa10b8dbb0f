import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, uniqueEmail, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

/** Eleven digits that no other test uses (CPF search must find exactly one guardian). */
function uniqueCpf(): string {
  return String(Math.floor(Math.random() * 1e11)).padStart(11, "0");
}

function person(overrides: Record<string, unknown> = {}) {
  return {
    fullName: `Maria ${randomUUID().slice(0, 6)}`,
    cpf: uniqueCpf(),
    email: uniqueEmail("resp"),
    birthDate: "1985-04-12",
    phone: "(11) 98765-4321",
    isPrimary: false,
    ...overrides,
  };
}

async function createGuardian(persons = [person({ isPrimary: true }), person()], address = "Rua das Acácias, 45") {
  const res = await admin.post("/api/guardians", { address, persons });
  expect(res.status).toBe(201);
  return res.body;
}

async function usersWithEmail(email: string) {
  const [rows] = await testDb().query(`SELECT * FROM users WHERE email = :email`, { replacements: { email } });
  return rows as Array<{ id: string; name: string; userType: string; cpf: string | null; passwordHash: string }>;
}

describe("POST /api/guardians", () => {
  it("creates the guardian, its persons and the Client user of the primary person in one go", async () => {
    const primary = person({ isPrimary: true, cpf: "123.456.789-01", email: `Ana.${randomUUID().slice(0, 6)}@Teste.com` });
    const other = person();
    const res = await admin.post("/api/guardians", { address: "Rua das Flores, 100", persons: [other, primary] });
    expect(res.status).toBe(201);
    const g = res.body;
    expect(g).toMatchObject({ id: expect.any(String), address: "Rua das Flores, 100", userId: expect.any(String) });
    expect(g.persons).toHaveLength(2);
    const stored = g.persons.find((p: { isPrimary: boolean }) => p.isPrimary);
    expect(stored).toMatchObject({
      fullName: primary.fullName,
      cpf: "12345678901",
      email: primary.email.toLowerCase(),
      birthDate: "1985-04-12",
      phone: "11987654321",
      guardianId: g.id,
    });
    expect(g.persons.filter((p: { isPrimary: boolean }) => p.isPrimary)).toHaveLength(1);

    const [user] = await usersWithEmail(primary.email.toLowerCase());
    expect(user).toMatchObject({ id: g.userId, name: primary.fullName, userType: "Client", cpf: "12345678901" });
    // No password works until one is set.
    expect(user.passwordHash).toBe("!unusable");
    const login = await anonymous().post("/api/login", { email: primary.email, password: "!unusable" });
    expect(login.status).toBe(401);
    // Only the primary person becomes a user.
    expect(await usersWithEmail(other.email)).toHaveLength(0);
  });

  it("makes the first person primary when none is marked, and refuses several (400)", async () => {
    const a = person();
    const b = person();
    const g = await createGuardian([a, b]);
    expect(g.persons.find((p: { email: string }) => p.email === a.email).isPrimary).toBe(true);
    expect(g.persons.find((p: { email: string }) => p.email === b.email).isPrimary).toBe(false);
    expect((await usersWithEmail(a.email)).length).toBe(1);

    const before = await count("guardians");
    const several = await admin.post("/api/guardians", {
      address: "Rua X, 1",
      persons: [person({ isPrimary: true }), person({ isPrimary: true })],
    });
    expect(several.status).toBe(400);
    expect(several.body).toEqual({
      message: "Apenas uma pessoa pode ser a principal",
      errors: { persons: ["Apenas uma pessoa pode ser a principal"] },
    });
    expect(await count("guardians")).toBe(before);
  });

  it("writes nothing when the primary's e-mail already belongs to a user (409)", async () => {
    const taken = admin.user!.email;
    const [guardians, persons, users] = await Promise.all([count("guardians"), count("guardian_persons"), count("users")]);
    const res = await admin.post("/api/guardians", {
      address: "Rua Y, 2",
      persons: [person(), person({ isPrimary: true, email: taken.toUpperCase() })],
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: "Já existe um usuário com este e-mail",
      errors: { "persons[1].email": ["Já existe um usuário com este e-mail"] },
    });
    expect(await count("guardians")).toBe(guardians);
    expect(await count("guardian_persons")).toBe(persons);
    expect(await count("users")).toBe(users);
  });

  it("validates with the §5 messages and writes nothing", async () => {
    const before = await count("guardians");
    const empty = await admin.post("/api/guardians", { address: " ", persons: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ address: ["Endereço é obrigatório"], persons: ["Adicione pelo menos uma pessoa"] });
    expect((await admin.post("/api/guardians", { address: "Rua" })).body.errors.persons).toEqual(["Adicione pelo menos uma pessoa"]);

    const bad = await admin.post("/api/guardians", {
      address: "Rua Z, 3",
      persons: [{ fullName: "", cpf: "123.456", email: "nao-e-email", birthDate: "12/04/1985", phone: "1234", isPrimary: true }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      "persons[0].fullName": ["Nome completo é obrigatório"],
      "persons[0].cpf": ["CPF deve conter exatamente 11 dígitos"],
      "persons[0].email": ["Por favor, insira um e-mail válido"],
      "persons[0].birthDate": ["Data de nascimento inválida"],
      "persons[0].phone": ["Telefone incompleto: DDD + número (10 ou 11 dígitos)"],
    });
    const noPhone = await admin.post("/api/guardians", { address: "Rua Z, 3", persons: [person({ phone: "" })] });
    expect(noPhone.body.errors).toEqual({ "persons[0].phone": ["Telefone é obrigatório"] });
    const impossibleDate = await admin.post("/api/guardians", { address: "Rua", persons: [person({ birthDate: "2023-02-30" })] });
    expect(impossibleDate.body.errors).toEqual({ "persons[0].birthDate": ["Data de nascimento inválida"] });
    expect(await count("guardians")).toBe(before);
  });

  it("is administrator-only: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const [guardians, users] = await Promise.all([count("guardians"), count("users")]);
    const body = { address: "Rua W, 9", persons: [person()] };
    expect((await anonymous().post("/api/guardians", body)).status).toBe(401);
    expect((await team.post("/api/guardians", body)).status).toBe(403);
    expect((await client.post("/api/guardians", body)).status).toBe(403);
    expect(await count("guardians")).toBe(guardians);
    expect(await count("users")).toBe(users);
  });
});

describe("GET /api/guardians", () => {
  it("lists every guardian with its persons to Administrator and Team, a Client only its family's; 401 signed out", async () => {
    const g = await createGuardian();
    for (const who of [admin, team]) {
      const res = await who.get("/api/guardians");
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      const found = res.body.find((x: { id: string }) => x.id === g.id);
      expect(found.persons).toHaveLength(2);
    }
    // This Client has no family (tests/api/client-scope.test.ts reads one that has).
    expect(await client.get("/api/guardians")).toMatchObject({ status: 200, body: [] });
    expect((await anonymous().get("/api/guardians")).status).toBe(401);
  });

  it("searches by name, e-mail or CPF (masked or not), and pages with X-Total-Count", async () => {
    const tag = randomUUID().slice(0, 8);
    const cpf = uniqueCpf();
    const g = await createGuardian([
      person({ isPrimary: true, fullName: `Joana Busca${tag}` }),
      person({ cpf, email: `outra.${tag}@teste.com` }),
    ]);
    const ids = async (q: string) =>
      ((await team.get(`/api/guardians?q=${encodeURIComponent(q)}`)).body as Array<{ id: string }>).map((x) => x.id);
    expect(await ids(`busca${tag}`)).toEqual([g.id]);
    expect(await ids(`outra.${tag}`)).toEqual([g.id]);
    expect(await ids(cpf)).toEqual([g.id]);
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect(await ids(masked)).toEqual([g.id]);
    // Wildcards are literal characters.
    expect(await ids(`%${tag}`)).toEqual([]);
    expect(await ids("_")).toEqual([]);
    // As a pattern, "n_ busca" would match "na busca".
    expect(await ids(`n_ busca${tag}`)).toEqual([]);
    // Case and accents are folded both ways.
    expect(await ids(`JOÁNA BUSCA${tag}`)).toEqual([g.id]);
    expect(await ids(`OUTRA.${tag}@TESTE`)).toEqual([g.id]);

    for (let i = 0; i < 3; i++) await createGuardian([person({ fullName: `Paginada ${tag} ${i}` })]);
    const page1 = await team.get(`/api/guardians?q=Paginada ${tag}&page=1`);
    expect(page1.status).toBe(200);
    expect(page1.headers.get("X-Total-Count")).toBe("3");
    expect(page1.body).toHaveLength(3);
    // Newest first.
    expect(page1.body[0].persons[0].fullName).toBe(`Paginada ${tag} 2`);
    // A page past the last (a stale link) answers the last page, with the total; no match is an empty page.
    const past = await team.get(`/api/guardians?q=Paginada ${tag}&page=9`);
    expect([past.status, past.headers.get("X-Total-Count"), past.body.map((x: { id: string }) => x.id)]).toEqual([
      200,
      "3",
      page1.body.map((x: { id: string }) => x.id),
    ]);
    expect(past.body[2].persons).toHaveLength(1);
    const none = await team.get(`/api/guardians?q=Ninguém ${tag}&page=2`);
    expect([none.status, none.headers.get("X-Total-Count"), none.body]).toEqual([200, "0", []]);
  });
});

describe("/api/guardians/{id} and its persons", () => {
  it("lists a guardian's persons (primary first); 404 for unknown and malformed ids", async () => {
    const g = await createGuardian([person(), person({ isPrimary: true, fullName: "Zélia Principal" })]);
    const res = await team.get(`/api/guardians/${g.id}/persons`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ fullName: "Zélia Principal", isPrimary: true });
    expect((await admin.get(`/api/guardians/${randomUUID()}/persons`)).status).toBe(404);
    expect((await admin.get("/api/guardians/nope/persons")).status).toBe(404);
    expect((await admin.delete(`/api/guardians/${randomUUID()}`)).status).toBe(404);
    expect((await admin.delete("/api/guardians/nope")).status).toBe(404);
    expect((await admin.patch(`/api/guardian-persons/${randomUUID()}`, { fullName: "X" })).status).toBe(404);
    expect((await admin.delete("/api/guardian-persons/nope")).status).toBe(404);
  });

  it("deletes a guardian (204) with its persons by cascade, keeping the client user", async () => {
    const primary = person({ isPrimary: true });
    const g = await createGuardian([primary, person()]);
    expect((await team.delete(`/api/guardians/${g.id}`)).status).toBe(403);
    expect((await client.delete(`/api/guardians/${g.id}`)).status).toBe(403);
    expect((await anonymous().delete(`/api/guardians/${g.id}`)).status).toBe(401);
    expect(await count("guardian_persons", `"guardianId" = :id`, { id: g.id })).toBe(2);

    const res = await admin.delete(`/api/guardians/${g.id}`);
    expect(res.status).toBe(204);
    expect(await count("guardians", `id = :id`, { id: g.id })).toBe(0);
    expect(await count("guardian_persons", `"guardianId" = :id`, { id: g.id })).toBe(0);
    expect(await usersWithEmail(primary.email)).toHaveLength(1);
    expect((await admin.get(`/api/guardians/${g.id}/persons`)).status).toBe(404);
  });
});

describe("PATCH /api/guardian-persons/{id}", () => {
  it("updates any field (all optional) with the same rules", async () => {
    const g = await createGuardian();
    const other = g.persons.find((p: { isPrimary: boolean }) => !p.isPrimary);
    const res = await admin.patch(`/api/guardian-persons/${other.id}`, { phone: "(21) 3456-7890", cpf: "987.654.321-00" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, fullName: other.fullName, phone: "2134567890", cpf: "98765432100", isPrimary: false });

    const bad = await admin.patch(`/api/guardian-persons/${other.id}`, {
      fullName: " ",
      cpf: "1",
      email: "x",
      birthDate: "2020-13-01",
      phone: "123",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      fullName: ["Nome completo é obrigatório"],
      cpf: ["CPF deve conter exatamente 11 dígitos"],
      email: ["Por favor, insira um e-mail válido"],
      birthDate: ["Data de nascimento inválida"],
      phone: ["Telefone incompleto: DDD + número (10 ou 11 dígitos)"],
    });
    const persons = (await admin.get(`/api/guardians/${g.id}/persons`)).body;
    expect(persons.find((p: { id: string }) => p.id === other.id).fullName).toBe(other.fullName);
  });

  it("marking a person primary unmarks the others; the primary cannot be unmarked alone", async () => {
    const g = await createGuardian([person({ isPrimary: true }), person(), person()]);
    const [first, second] = g.persons as Array<{ id: string; isPrimary: boolean }>;
    expect(first.isPrimary).toBe(true);
    const res = await admin.patch(`/api/guardian-persons/${second.id}`, { isPrimary: true });
    expect(res.status).toBe(200);
    const persons = (await admin.get(`/api/guardians/${g.id}/persons`)).body as Array<{ id: string; isPrimary: boolean }>;
    expect(persons.filter((p) => p.isPrimary).map((p) => p.id)).toEqual([second.id]);

    const unmark = await admin.patch(`/api/guardian-persons/${second.id}`, { isPrimary: false });
    expect(unmark.status).toBe(409);
    expect(unmark.body.message).toBe("Marque outra pessoa como principal para desmarcar esta");
    expect(await count("guardian_persons", `"guardianId" = :id AND "isPrimary" = :t`, { id: g.id, t: true })).toBe(1);
  });

  it("is administrator-only (403 Team and Client, nothing changed)", async () => {
    const g = await createGuardian();
    const p = g.persons[1];
    expect((await team.patch(`/api/guardian-persons/${p.id}`, { fullName: "Mudado" })).status).toBe(403);
    expect((await client.patch(`/api/guardian-persons/${p.id}`, { isPrimary: true })).status).toBe(403);
    expect((await anonymous().patch(`/api/guardian-persons/${p.id}`, { fullName: "Mudado" })).status).toBe(401);
    const persons = (await admin.get(`/api/guardians/${g.id}/persons`)).body as Array<{ id: string; fullName: string; isPrimary: boolean }>;
    expect(persons.find((x) => x.id === p.id)).toMatchObject({ fullName: p.fullName, isPrimary: false });
  });
});

describe("DELETE /api/guardian-persons/{id}", () => {
  it("removes a non-primary person (204) but refuses the primary and the last person (409)", async () => {
    const g = await createGuardian();
    const primary = g.persons.find((p: { isPrimary: boolean }) => p.isPrimary);
    const other = g.persons.find((p: { isPrimary: boolean }) => !p.isPrimary);

    const refusedPrimary = await admin.delete(`/api/guardian-persons/${primary.id}`);
    expect(refusedPrimary.status).toBe(409);
    expect(refusedPrimary.body.message).toBe("Não é possível excluir a pessoa principal");

    expect((await team.delete(`/api/guardian-persons/${other.id}`)).status).toBe(403);
    expect((await client.delete(`/api/guardian-persons/${other.id}`)).status).toBe(403);
    expect(await count("guardian_persons", `"guardianId" = :id`, { id: g.id })).toBe(2);

    expect((await admin.delete(`/api/guardian-persons/${other.id}`)).status).toBe(204);
    expect(await count("guardian_persons", `"guardianId" = :id`, { id: g.id })).toBe(1);

    const refusedLast = await admin.delete(`/api/guardian-persons/${primary.id}`);
    expect(refusedLast.status).toBe(409);
    expect(refusedLast.body.message).toBe("Não é possível excluir a última pessoa do responsável");
    expect(await count("guardian_persons", `"guardianId" = :id`, { id: g.id })).toBe(1);
  });
});

function checkedRadio(html: string): string | undefined {
  const radio = (html.match(/<input[^>]*type="radio"[^>]*>/g) ?? []).find((r) => /\schecked(="[^"]*")?[\s/>]/.test(r));
  return radio?.match(/value="([^"]*)"/)?.[1];
}

describe("/guardians screens without JavaScript", () => {
  const form = (fields: Record<string, string>) => ({ address: "Av. Brasil, 500", ...fields });

  it("the list is searchable and paged by URL, server-side", async () => {
    const tag = randomUUID().slice(0, 8);
    await createGuardian([person({ isPrimary: true, fullName: `Lista ${tag}`, cpf: "11122233344" })], "Rua da Lista, 1");
    const page = await (await team.raw("GET", `/guardians?q=${tag}`)).text();
    expect(page).toContain("Responsáveis");
    expect(page).toContain(`Lista ${tag}`);
    expect(page).toContain("111.222.333-44");
    expect(page).toContain("(11) 98765-4321");
    expect(page).not.toContain("Novo Responsável");
    const none = await (await team.raw("GET", `/guardians?q=nada-${tag}`)).text();
    expect(none).toContain("Nenhum responsável encontrado");
  });

  it("pages the cards 24 at a time through ?page=", async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 25; i++) await createGuardian([person({ fullName: `Pagina ${tag} ${String(i).padStart(2, "0")}` })]);
    const first = await (await team.raw("GET", `/guardians?q=${tag}`)).text();
    expect(first).toContain("Página 1 de 2");
    expect(first.match(new RegExp(`<h2[^>]*>Pagina ${tag}`, "g"))).toHaveLength(24);
    expect(first).toContain(`/guardians?q=${tag}&amp;page=2`);
    const second = await (await team.raw("GET", `/guardians?q=${tag}&page=2`)).text();
    expect(second).toContain("Página 2 de 2");
    // Newest first: the oldest one is alone on the last page.
    expect(second.match(new RegExp(`<h2[^>]*>Pagina ${tag} \\d+`, "g"))).toEqual([expect.stringContaining(`Pagina ${tag} 00`)]);
  });

  it("creates with PRG and a flash toast, keeping only complete persons", async () => {
    const tag = randomUUID().slice(0, 8);
    const email = uniqueEmail("form");
    const res = await admin.form(
      "/guardians/new",
      form({
        "persons[0].fullName": "Incompleta",
        "persons[1].fullName": `Completa ${tag}`,
        "persons[1].cpf": "123.456.789-09",
        "persons[1].email": email,
        "persons[1].birthDate": "1990-01-31",
        "persons[1].phone": "(11) 91234-5678",
        primaryIndex: "0",
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/guardians");
    const page = await (await admin.raw("GET", "/guardians")).text();
    expect(page).toContain(`Completa ${tag}`);
    expect(page).toContain("Responsável cadastrado");
    const list = (await admin.get(`/api/guardians?q=${tag}`)).body;
    expect(list).toHaveLength(1);
    // The incomplete person (the radio's choice) was dropped, so the first kept one is primary.
    expect(list[0].persons).toEqual([expect.objectContaining({ fullName: `Completa ${tag}`, isPrimary: true, cpf: "12345678909" })]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it("answers the form's messages (400) when nothing is complete, keeping what was typed", async () => {
    const before = await count("guardians");
    const res = await admin.form("/guardians/new", { address: "", "persons[0].fullName": "Só o nome" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Endereço é obrigatório");
    expect(html).toContain("Adicione pelo menos uma pessoa completa");
    expect(html).toContain('value="Só o nome"');
    expect(await count("guardians")).toBe(before);
  });

  it("list intents add and remove persons without saving; removing the primary makes the first one primary", async () => {
    const before = await count("guardians");
    const added = await admin.form("/guardians/new", {
      address: "Rua Intent, 1",
      "persons[0].fullName": "Primeira",
      primaryIndex: "0",
      __intent__: JSON.stringify({ type: "insert", payload: { name: "persons", defaultValue: {} } }),
    });
    expect(added.status).toBe(200);
    const addedHtml = await added.text();
    expect(addedHtml).toContain("Pessoa 2");
    expect(addedHtml).toContain('value="Rua Intent, 1"');
    expect(addedHtml).not.toContain("Endereço é obrigatório");

    const removed = await admin.form("/guardians/new", {
      address: "Rua Intent, 1",
      "persons[0].fullName": "Primeira",
      "persons[1].fullName": "Segunda",
      "persons[2].fullName": "Terceira",
      primaryIndex: "1",
      __intent__: JSON.stringify({ type: "remove", payload: { name: "persons", index: 1 } }),
    });
    expect(removed.status).toBe(200);
    const html = await removed.text();
    expect(html).toContain('value="Primeira"');
    expect(html).toContain('value="Terceira"');
    expect(html).not.toContain('value="Segunda"');
    expect(html).not.toContain("Pessoa 3");
    expect(checkedRadio(html)).toBe("0");
    expect(await count("guardians")).toBe(before);

    // The primary after the removed one moves up with its person.
    const shifted = await admin.form("/guardians/new", {
      "persons[0].fullName": "Primeira",
      "persons[1].fullName": "Segunda",
      "persons[2].fullName": "Terceira",
      primaryIndex: "2",
      __intent__: JSON.stringify({ type: "remove", payload: { name: "persons", index: 0 } }),
    });
    expect(checkedRadio(await shifted.text())).toBe("1");
    expect(await count("guardians")).toBe(before);

    const tampered = await admin.form("/guardians/new", { address: "Rua", __intent__: "{not json" });
    expect(tampered.status).toBe(400);
  });

  it("shows the duplicate e-mail next to the right person with a 409 and writes nothing", async () => {
    const [guardians, users] = await Promise.all([count("guardians"), count("users")]);
    const res = await admin.form(
      "/guardians/new",
      form({
        "persons[0].fullName": "Outra",
        "persons[1].fullName": "Repetida",
        "persons[1].cpf": "12345678909",
        "persons[1].email": team.user!.email,
        "persons[1].birthDate": "1990-01-31",
        "persons[1].phone": "11912345678",
        primaryIndex: "1",
      }),
    );
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Já existe um usuário com este e-mail");
    expect(html).toContain("Erro ao cadastrar");
    expect(await count("guardians")).toBe(guardians);
    expect(await count("users")).toBe(users);
  });

  it("edits a person, marks it primary, and deletes a non-primary person; refusals come back with their message", async () => {
    const g = await createGuardian();
    const primary = g.persons.find((p: { isPrimary: boolean }) => p.isPrimary);
    const other = g.persons.find((p: { isPrimary: boolean }) => !p.isPrimary);
    const base = `/guardians/${g.id}/persons`;

    const edit = await admin.form(`${base}/${other.id}/edit`, {
      fullName: "Pessoa Editada",
      cpf: "111.222.333-44",
      email: other.email,
      birthDate: "1980-02-29",
      phone: "(11) 3333-4444",
      isPrimary: "on",
    });
    expect(edit.status).toBe(302);
    expect(edit.headers.get("Location")).toBe(base);
    const persons = (await admin.get(`/api/guardians/${g.id}/persons`)).body;
    expect(persons[0]).toMatchObject({ id: other.id, fullName: "Pessoa Editada", isPrimary: true, phone: "1133334444" });
    expect(persons[1]).toMatchObject({ id: primary.id, isPrimary: false });
    expect(await (await admin.raw("GET", base)).text()).toContain("Pessoa atualizada");

    const invalid = await admin.form(`${base}/${other.id}/edit`, { fullName: "", cpf: "1", email: "x", birthDate: "", phone: "1" });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    for (const message of [
      "Nome completo é obrigatório",
      "CPF deve conter exatamente 11 dígitos",
      "Data de nascimento inválida",
      "Telefone incompleto: DDD + número (10 ou 11 dígitos)",
    ]) {
      expect(invalidHtml).toContain(message);
    }

    // `other` is now the primary: refused, with the message in the dialog.
    const refused = await admin.form(`${base}/${other.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Não é possível excluir a pessoa principal");

    const removed = await admin.form(`${base}/${primary.id}/delete`, {});
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe(base);
    expect(await (await admin.raw("GET", base)).text()).toContain("Pessoa removida");
    expect(await count("guardian_persons", `"guardianId" = :id`, { id: g.id })).toBe(1);

    // A person reached through another guardian's URL is unknown there.
    const g2 = await createGuardian();
    expect((await admin.raw("GET", `/guardians/${g2.id}/persons/${other.id}/edit`)).status).toBe(404);
  });

  it("deletes a guardian through the confirmation", async () => {
    const g = await createGuardian();
    const res = await admin.form(`/guardians/${g.id}/delete`, {});
    expect(res.status).toBe(302);
    expect(await (await admin.raw("GET", "/guardians")).text()).toContain("Responsável removido");
    expect(await count("guardians", "id = :id", { id: g.id })).toBe(0);
  });

  it("refuses the change dialogs to Team and Client (403), but shows the persons to the Team (a Client: only its family's)", async () => {
    const g = await createGuardian();
    expect((await team.raw("GET", "/guardians/new")).status).toBe(403);
    expect((await client.form("/guardians/new", form({}))).status).toBe(403);
    expect((await team.form(`/guardians/${g.id}/delete`, {})).status).toBe(403);
    expect((await client.form(`/guardians/${g.id}/persons/${g.persons[1].id}/delete`, {})).status).toBe(403);
    expect((await team.form(`/guardians/${g.id}/persons/${g.persons[1].id}/edit`, { fullName: "X" })).status).toBe(403);
    expect((await client.raw("GET", `/guardians/${g.id}/persons`)).status).toBe(404);
    const view = await team.raw("GET", `/guardians/${g.id}/persons`);
    expect(view.status).toBe(200);
    const html = await view.text();
    expect(html).toContain(g.persons[1].fullName);
    expect(html).not.toContain("/edit");
    expect(await count("guardians", "id = :id", { id: g.id })).toBe(1);
    expect((await anonymous().raw("GET", "/guardians")).status).toBe(302);
  });
});
