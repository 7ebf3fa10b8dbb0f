import { describe, expect, it } from "vitest";
import { anonymous, ApiClient, signIn, uniqueEmail } from "../support/http";
import { count, testDb, afterSessionSignal } from "../support/db";

describe("GET /api/user", () => {
  it("answers 401 when signed out", async () => {
    const res = await anonymous().get("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it("returns the signed-in user without the password hash", async () => {
    const client = await signIn("Team", "Maria Equipe");
    const res = await client.get("/api/user");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Maria Equipe", userType: "Team", email: client.user!.email });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("ends a session once its row has expired, and after the user is deleted", async () => {
    const client = await signIn("Team");
    expect((await client.get("/api/user")).status).toBe(200);
    await testDb().query(`UPDATE sessions SET "expiresAt" = :past WHERE "userId" = :id`, {
      replacements: { past: new Date(Date.now() - 60_000), id: client.user!.id },
    });
    await afterSessionSignal();
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await client.raw("GET", "/trials")).headers.get("Location")).toMatch(/^\/auth/);

    const other = await signIn("Client");
    expect((await other.get("/api/user")).body).toMatchObject({ id: other.user!.id, userType: "Client" });
    const admin = await signIn("Administrator");
    expect((await admin.delete(`/api/users/${other.user!.id}`)).status).toBe(204);
    expect((await other.get("/api/user")).status).toBe(401);
  });
});

describe("POST /api/register", () => {
  it("creates a user of any type (201), signs in and never returns the password", async () => {
    const client = new ApiClient();
    const email = uniqueEmail();
    const res = await client.post("/api/register", { name: "Ana", email, password: "123456", userType: "Client" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name: "Ana", email, userType: "Client", cpf: null });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("answers 400 with every §5 message", async () => {
    const res = await anonymous().post("/api/register", {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ["Nome é obrigatório"],
      email: ["E-mail é obrigatório"],
      password: ["Senha é obrigatória"],
      userType: ["Por favor, selecione um tipo de usuário"],
    });
    const bad = await anonymous().post("/api/register", { name: "A", email: "nope", password: "123", userType: "Boss" });
    expect(bad.body.errors).toEqual({
      email: ["Por favor, insira um e-mail válido"],
      password: ["A senha deve ter pelo menos 6 caracteres"],
      userType: ["Por favor, selecione um tipo de usuário"],
    });
  });

  it("answers 409 for an e-mail already registered, and writes nothing", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "A", email, password: "123456", userType: "Team" });
    const before = await count("users");
    const res = await anonymous().post("/api/register", { name: "B", email: email.toUpperCase(), password: "123456", userType: "Team" });
    expect(res.status).toBe(409);
    expect(res.body.errors.email).toEqual(["E-mail já cadastrado"]);
    expect(await count("users")).toBe(before);
  });

  it("stores an argon2id hash, never the password", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "A", email, password: "segredo-forte", userType: "Team" });
    const { testDb } = await import("../support/db");
    const [rows] = await testDb().query("SELECT passwordHash FROM users WHERE email = :email".replace("passwordHash", '"passwordHash"'), {
      replacements: { email },
    });
    const hash = (rows as Array<{ passwordHash: string }>)[0].passwordHash;
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(hash).not.toContain("segredo-forte");
  });
});

describe("POST /api/login and /api/logout", () => {
  it("signs in with the right password and the session is a database row", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "Luiza", email, password: "123456", userType: "Administrator" });
    const client = new ApiClient();
    const res = await client.post("/api/login", { email, password: "123456" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, name: "Luiza" });
    // No remember-me: a browser-session cookie (no Max-Age / Expires).
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    expect((await client.get("/api/user")).body.email).toBe(email);
  });

  it("keeps the cookie 30 days with remember-me", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "R", email, password: "123456", userType: "Team" });
    const res = await new ApiClient().post("/api/login", { email, password: "123456", remember: true });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/Max-Age=2592000/);
  });

  it("answers 401 for a wrong password or unknown e-mail, 400 for missing fields", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "W", email, password: "123456", userType: "Team" });
    const wrong = await anonymous().post("/api/login", { email, password: "errada" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("E-mail ou senha inválidos");
    expect((await anonymous().post("/api/login", { email: uniqueEmail(), password: "x" })).status).toBe(401);
    const missing = await anonymous().post("/api/login", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ email: ["E-mail é obrigatório"], password: ["Senha é obrigatória"] });
  });

  it("logout deletes the session row so a replayed cookie is signed out", async () => {
    const client = await signIn("Client");
    const replay = new ApiClient();
    replay.cookies = new Map(client.cookies);
    expect((await replay.get("/api/user")).status).toBe(200);
    const out = await client.post("/api/logout");
    expect(out.status).toBe(200);
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await replay.get("/api/user")).status).toBe(401);
  });

  it("throttles: 429 after 10 failures in 15 minutes for the same e-mail", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "T", email, password: "123456", userType: "Team" });
    for (let i = 0; i < 10; i++) {
      expect((await anonymous().post("/api/login", { email, password: "errada" })).status).toBe(401);
    }
    const blocked = await anonymous().post("/api/login", { email, password: "123456" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("API hygiene", () => {
  it("answers 415 for a body that is not JSON", async () => {
    const res = await anonymous().request("POST", "/api/login", "email=a", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await anonymous().request("POST", "/api/login", "{nope", { "Content-Type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("JSON inválido");
  });

  it("refuses cross-site requests (foreign Origin or Sec-Fetch-Site)", async () => {
    const email = uniqueEmail();
    const body = { name: "X", email, password: "123456", userType: "Team" };
    const foreign = await anonymous().post("/api/register", body, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const crossSite = await anonymous().post("/api/register", body, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await count("users", "email = :email", { email })).toBe(0);
  });

  it("answers JSON 404 for unknown API paths", async () => {
    const res = await anonymous().get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });
});

describe("HTML screens", () => {
  it("redirects a signed-out visitor to /auth keeping the page asked for", async () => {
    const res = await anonymous().raw("GET", "/?month=2026-11");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth?redirectTo=%2F%3Fmonth%3D2026-11");
  });

  it("redirects a signed-in user away from /auth", async () => {
    const client = await signIn("Team");
    const res = await client.raw("GET", "/auth");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("serves the English 404 page with status 404", async () => {
    const res = await anonymous().raw("GET", "/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("logs in through the HTML form (no JS) and returns to the page asked for", async () => {
    const email = uniqueEmail();
    await anonymous().post("/api/register", { name: "Form", email, password: "123456", userType: "Team" });
    const client = new ApiClient();
    const res = await client.form("/auth?mode=login", { mode: "login", email, password: "123456", redirectTo: "/classes" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/classes");
    expect((await client.get("/api/user")).status).toBe(200);
  });

  it("a failed form login answers 401 with the message and keeps the e-mail, not the password", async () => {
    const client = new ApiClient();
    const res = await client.form("/auth?mode=login", { mode: "login", email: "nobody@teste.com", password: "123456" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain("E-mail ou senha inválidos");
    expect(html).toContain('value="nobody@teste.com"');
    expect(html).not.toContain('value="123456"');
  });

  it("dashboard shows the three cards with the translated user type", async () => {
    const client = await signIn("Administrator", "Carla Admin");
    const res = await client.raw("GET", "/");
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Bem-vindo ao sistema Escola Teste");
    expect(html).toContain("Carla Admin");
    expect(html).toContain("Administrador");
  });
});
