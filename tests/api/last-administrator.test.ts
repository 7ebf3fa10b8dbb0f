import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { Sequelize } from "sequelize";
import { ApiClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { createTestDatabase } from "../support/test-db";
import { openDatabase } from "../../db/connection";

/**
 * The last administrator cannot lose the Administrator type nor be deleted, on
 * the JSON API and on the users screen, and two administrators acting on each
 * other at the same moment never leave zero. Runs on its own server and fresh
 * database (of the run's dialect), so the number of administrators is known.
 */
let server: RunningServer;
let database: { url: string; drop: () => Promise<void> };
let sql: Sequelize;
let first: ApiClient;

const PASSWORD = "segredo123";

async function administrators(): Promise<number> {
  const [rows] = await sql.query(`SELECT COUNT(*) AS n FROM users WHERE "userType" = 'Administrator'`);
  return Number((rows as Array<{ n: number | string }>)[0].n);
}

async function userType(id: string): Promise<string> {
  const [rows] = await sql.query(`SELECT "userType" FROM users WHERE id = :id`, { replacements: { id } });
  return (rows as Array<{ userType: string }>)[0]?.userType;
}

async function signInAs(email: string): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  const res = await client.post("/api/login", { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  client.user = res.body;
  return client;
}

/** An administrator created by `by`, signed in. */
async function newAdministrator(by: ApiClient): Promise<ApiClient> {
  const email = uniqueEmail("adm");
  const res = await by.post("/api/users", { name: "Outra Administradora", email, password: PASSWORD, userType: "Administrator" });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return signInAs(email);
}

beforeAll(async () => {
  database = await createTestDatabase(inject("dialect"));
  server = await startServer(database.url);
  sql = openDatabase(database.url);
  first = new ApiClient(server.baseUrl);
  const res = await first.post("/api/register", {
    name: "Primeira Administradora",
    email: uniqueEmail("primeira"),
    password: PASSWORD,
    userType: "Administrator",
  });
  expect(res.status).toBe(201);
  first.user = res.body;
}, 120_000);

afterAll(async () => {
  await sql?.close();
  await server?.stop();
  await database?.drop();
});

describe("the last administrator", () => {
  it("cannot remove their own Administrator type (API: 409 with the reason; nothing changes)", async () => {
    expect(await administrators()).toBe(1);
    const res = await first.patch(`/api/users/${first.user!.id}`, { userType: "Team", name: "Nome Novo" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/último administrador/);
    expect(await userType(first.user!.id)).toBe("Administrator");
    expect((await first.get("/api/user")).body).toMatchObject({ userType: "Administrator", name: "Primeira Administradora" });
    // Other changes to the same user still work.
    expect((await first.patch(`/api/users/${first.user!.id}`, { name: "Primeira Admin", userType: "Administrator" })).status).toBe(200);
  });

  it("cannot delete themselves (409)", async () => {
    const res = await first.delete(`/api/users/${first.user!.id}`);
    expect(res.status).toBe(409);
    expect(await administrators()).toBe(1);
  });

  it("the users screen's edit dialog refuses it too (409, the message shown)", async () => {
    const res = await first.form(`/users/${first.user!.id}/edit`, {
      name: "Primeira Admin",
      email: first.user!.email,
      password: "",
      userType: "Client",
      cpf: "",
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("último administrador");
    expect(await userType(first.user!.id)).toBe("Administrator");
  });

  it("with another administrator, one may step down", async () => {
    const second = await newAdministrator(first);
    expect((await second.patch(`/api/users/${second.user!.id}`, { userType: "Team" })).status).toBe(200);
    expect(await administrators()).toBe(1);
    expect(await userType(first.user!.id)).toBe("Administrator");
  });

  it("two administrators demoting each other at the same moment leave one (repeated)", async () => {
    let survivor = first;
    for (let round = 0; round < 8; round++) {
      const other = await newAdministrator(survivor);
      expect(await administrators()).toBe(2);
      const [a, b] = await Promise.all([
        survivor.patch(`/api/users/${other.user!.id}`, { userType: "Team" }),
        other.patch(`/api/users/${survivor.user!.id}`, { userType: "Client" }),
      ]);
      // The loser either saw the winner's result in its transaction (409), or was
      // already demoted when its own request was authorised (403), or was signed out
      // by it (a change of type ends that user's sessions: 401).
      const statuses = [a.status, b.status];
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      for (const s of statuses) expect([200, 401, 403, 409]).toContain(s);
      expect(await administrators()).toBe(1);
      survivor = a.status === 200 ? survivor : other;
    }
    first = survivor;
  });

  it("two administrators deleting (or deleting and demoting) each other at the same moment leave one (repeated)", async () => {
    let survivor = first;
    for (let round = 0; round < 8; round++) {
      const other = await newAdministrator(survivor);
      const [a, b] = await Promise.all([
        survivor.delete(`/api/users/${other.user!.id}`),
        round % 2 ? other.patch(`/api/users/${survivor.user!.id}`, { userType: "Team" }) : other.delete(`/api/users/${survivor.user!.id}`),
      ]);
      expect(await administrators(), `round ${round}: ${a.status} ${b.status}`).toBe(1);
      // The loser saw the winner's result (409), was already demoted (403) or had lost its session with its row (401).
      expect(
        [a.status, b.status].filter((s) => s === 204 || s === 200),
        `round ${round}`,
      ).toHaveLength(1);
      for (const s of [a.status, b.status]) expect([200, 204, 401, 403, 409]).toContain(s);
      survivor = a.status === 204 ? survivor : other;
    }
  });
});
