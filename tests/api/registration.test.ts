import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { Sequelize } from "sequelize";
import { ApiClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { createTestDatabase } from "../support/test-db";
import { openDatabase } from "../../db/connection";

/**
 * REGISTRATION = open (default, the specification's behaviour) | client | closed.
 * Each mode runs on its own server and fresh database of the run's dialect.
 */
const PASSWORD = "segredo123";

interface Instance {
  server: RunningServer;
  database: { url: string; drop: () => Promise<void> };
  sql: Sequelize;
}

async function start(env: Record<string, string>): Promise<Instance> {
  const database = await createTestDatabase(inject("dialect"));
  const server = await startServer(database.url, env);
  return { server, database, sql: openDatabase(database.url) };
}

async function stop(instance: Instance | undefined) {
  if (!instance) return;
  await instance.sql.close();
  await instance.server.stop();
  await instance.database.drop();
}

async function users(instance: Instance): Promise<number> {
  const [rows] = await instance.sql.query("SELECT COUNT(*) AS n FROM users");
  return Number((rows as Array<{ n: number | string }>)[0].n);
}

function register(instance: Instance, body: Record<string, unknown>) {
  return new ApiClient(instance.server.baseUrl).post("/api/register", {
    name: "Visitante",
    email: uniqueEmail("visita"),
    password: PASSWORD,
    ...body,
  });
}

async function page(instance: Instance, path: string): Promise<string> {
  const res = await fetch(instance.server.baseUrl + path);
  expect(res.status).toBe(200);
  return res.text();
}

const WARNING = /REGISTRATION=open/;

describe("REGISTRATION=closed", () => {
  let closed: Instance;
  beforeAll(async () => {
    closed = await start({ REGISTRATION: "closed" });
  }, 120_000);
  afterAll(() => stop(closed));

  it("the first account of the empty database registers, as Administrator, whatever type it asked for", async () => {
    const html = await page(closed, "/auth?mode=register");
    expect(html).toContain("primeira conta do sistema");
    expect(html).not.toContain('name="userType"');
    const first = await register(closed, { userType: "Client" });
    expect(first.status).toBe(201);
    expect(first.body.userType).toBe("Administrator");
  });

  it("then nobody registers (403 with the reason), on the API and the screen", async () => {
    const before = await users(closed);
    for (const userType of ["Administrator", "Team", "Client", undefined]) {
      const res = await register(closed, { userType });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/cadastro de novas contas está fechado/);
    }
    const html = await page(closed, "/auth?mode=register");
    expect(html).not.toContain("mode=register");
    expect(html).not.toContain('name="name"');
    expect(html).toContain("fale com um administrador");
    const form = await new ApiClient(closed.server.baseUrl).form("/auth?mode=register", {
      mode: "register",
      name: "Visitante",
      email: uniqueEmail("form"),
      password: PASSWORD,
      userType: "Administrator",
    });
    expect(form.status).toBe(403);
    expect(await users(closed)).toBe(before);
  });

  it("an administrator still creates accounts", async () => {
    const admin = new ApiClient(closed.server.baseUrl);
    const email = uniqueEmail("adm");
    // Signs in as the first account, registered above.
    const [rows] = await closed.sql.query(`SELECT email FROM users WHERE "userType" = 'Administrator' ORDER BY "createdAt" LIMIT 1`);
    expect((await admin.post("/api/login", { email: (rows as Array<{ email: string }>)[0].email, password: PASSWORD })).status).toBe(200);
    const created = await admin.post("/api/users", { name: "Nova Equipe", email, password: PASSWORD, userType: "Team" });
    expect(created.status).toBe(201);
  });

  it("prints no warning at start", () => {
    expect(closed.server.output()).not.toMatch(WARNING);
  });
});

describe("REGISTRATION=client", () => {
  let client: Instance;
  beforeAll(async () => {
    client = await start({ REGISTRATION: "client" });
  }, 120_000);
  afterAll(() => stop(client));

  it("the first account registers as Administrator", async () => {
    const first = await register(client, {});
    expect(first.status).toBe(201);
    expect(first.body.userType).toBe("Administrator");
  });

  it("then self-registration creates Cliente only: other types are 403", async () => {
    const without = await register(client, {});
    expect(without.status).toBe(201);
    expect(without.body.userType).toBe("Client");
    const asClient = await register(client, { userType: "Client" });
    expect(asClient.status).toBe(201);
    expect(asClient.body.userType).toBe("Client");
    const before = await users(client);
    for (const userType of ["Administrator", "Team"]) {
      const res = await register(client, { userType });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/apenas contas do tipo Cliente/);
    }
    expect((await register(client, { userType: "Chefe" })).status).toBe(400);
    expect(await users(client)).toBe(before);
  });

  it("the register screen has no type choice and its form creates a Cliente", async () => {
    const html = await page(client, "/auth?mode=register");
    expect(html).toContain("mode=register");
    expect(html).not.toContain('name="userType"');
    expect(html).toContain("A conta será criada com o tipo Cliente");
    const browser = new ApiClient(client.server.baseUrl);
    const res = await browser.form("/auth?mode=register", {
      mode: "register",
      name: "Cliente Form",
      email: uniqueEmail("form"),
      password: PASSWORD,
    });
    expect(res.status).toBe(302);
    expect((await browser.get("/api/user")).body.userType).toBe("Client");
    const forged = await new ApiClient(client.server.baseUrl).form("/auth?mode=register", {
      mode: "register",
      name: "Forjada",
      email: uniqueEmail("forjada"),
      password: PASSWORD,
      userType: "Administrator",
    });
    expect(forged.status).toBe(403);
  });

  it("prints no warning at start", () => {
    expect(client.server.output()).not.toMatch(WARNING);
  });
});

describe("REGISTRATION=open (the default)", () => {
  let open: Instance;
  beforeAll(async () => {
    open = await start({});
  }, 120_000);
  afterAll(() => stop(open));

  it("anyone registers with any type, as the specification says, and the screen offers the choice", async () => {
    for (const userType of ["Client", "Team", "Administrator"]) {
      const res = await register(open, { userType });
      expect(res.status).toBe(201);
      expect(res.body.userType).toBe(userType);
    }
    expect((await register(open, {})).status).toBe(400);
    expect(await page(open, "/auth?mode=register")).toContain('name="userType"');
  });

  it("warns at start in production", () => {
    expect(open.server.output()).toMatch(WARNING);
  });
});
