import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient, uniqueEmail } from "../support/http";
import { count } from "../support/db";
import { makeBranch, makeCourse } from "../support/factories";
import { startServer, type RunningServer } from "../support/server";

/**
 * The request spine (React Router middleware and context): what a request
 * needs from the session and the branch selection is read once, however many
 * of the matched routes' middleware, loaders and actions use it; the client
 * address comes from the server itself. A server of its own logs its SQL
 * (DB_LOGGING=1), so the queries of one request can be counted.
 */
let server: RunningServer;

beforeAll(async () => {
  // The session cache (ADR 001) keeps an entry for 1 ms here, so each request's own lookup reaches the database and is counted.
  server = await startServer(inject("databaseUrl"), { DB_LOGGING: "1", TEST_HOOKS: "1", TEST_SESSION_CACHE_MS: "1" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

const SESSION_LOOKUP = /FROM "sessions" AS "s" JOIN "users"/g;
const ACTIVE_BRANCHES = /FROM "branches" WHERE "active"/g;

/** The SQL the server logged while answering one request. */
async function queriesOf(send: () => Promise<Response>): Promise<{ status: number; location: string | null; sql: string }> {
  const before = server.output().length;
  const res = await send();
  await res.arrayBuffer();
  // The log reaches this process through a pipe: give it a moment.
  await new Promise((r) => setTimeout(r, 300));
  return { status: res.status, location: res.headers.get("Location"), sql: server.output().slice(before) };
}

const occurrences = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

async function signedInAdministrator() {
  const client = new ApiClient(server.baseUrl);
  const email = uniqueEmail("spine");
  const res = await client.post("/api/register", { name: "Ana Spine", email, password: "segredo123", userType: "Administrator" });
  expect(res.status).toBe(201);
  return client;
}

describe("one session lookup per request", () => {
  it("a dialog's document (layout + list + dialog loaders all need the user) looks the session up once", async () => {
    const admin = await signedInAdministrator();
    const course = await makeCourse();
    const page = await queriesOf(() => admin.raw("GET", `/courses/${course.id}/edit`));
    expect(page.status).toBe(200);
    expect(occurrences(page.sql, SESSION_LOOKUP)).toBe(1);

    // A client-side navigation to it: the same, in one data request.
    const data = await queriesOf(() =>
      admin.raw(
        "GET",
        `/courses/${course.id}/edit.data?_routes=${encodeURIComponent("routes/app-layout,routes/courses/courses,course-edit")}`,
      ),
    );
    expect(data.status).toBe(200);
    expect(occurrences(data.sql, SESSION_LOOKUP)).toBe(1);
  });

  it("a JSON request looks it up once; a request that needs no user not at all", async () => {
    const admin = await signedInAdministrator();
    const user = await queriesOf(() => admin.raw("GET", "/api/user"));
    expect(user.status).toBe(200);
    expect(occurrences(user.sql, SESSION_LOOKUP)).toBe(1);

    const health = await queriesOf(() => admin.raw("GET", "/healthz"));
    expect(health.status).toBe(200);
    expect(occurrences(health.sql, SESSION_LOOKUP)).toBe(0);
  });

  it("a signed-out visitor of a screen is sent to sign in (and back), with nothing else read", async () => {
    const anonymous = new ApiClient(server.baseUrl);
    anonymous.cookies.set("__session", "not-a-signed-value");
    const res = await queriesOf(() => anonymous.raw("GET", "/classes?x=1"));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/auth?redirectTo=%2Fclasses%3Fx%3D1");
    expect(occurrences(res.sql, ACTIVE_BRANCHES)).toBe(0);
  });
});

describe("one branch selection per request", () => {
  it("/classes (the shell and the list both filter by the selected branch) reads the active branches once", async () => {
    const admin = await signedInAdministrator();
    await makeBranch({ active: true });
    const page = await queriesOf(() => admin.raw("GET", "/classes"));
    expect(page.status).toBe(200);
    expect(occurrences(page.sql, ACTIVE_BRANCHES)).toBe(1);
  });

  it("a dialog's action that does not need the branch does not read it", async () => {
    const admin = await signedInAdministrator();
    const course = await makeCourse();
    const res = await queriesOf(() => admin.form(`/courses/${course.id}/delete`, {}));
    expect(res.status).toBe(302);
    expect(occurrences(res.sql, ACTIVE_BRANCHES)).toBe(0);
    expect(occurrences(res.sql, SESSION_LOOKUP)).toBe(1);
  });
});

describe("the client address", () => {
  const failuresFrom = (email: string, address: string) =>
    count("login_attempts", `"key" = :key`, { key: `e:${email.toLowerCase()}|${address}` });

  it("reaches the sign-in form's throttling from the connection, and no request header can set it", async () => {
    const email = uniqueEmail("spine-ip");
    const res = await new ApiClient(server.baseUrl).raw("POST", "/auth", {
      body: new URLSearchParams({ mode: "login", email, password: "errada-123" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl, "X-Client-Ip-Internal": "203.0.113.77" },
    });
    expect(res.status).toBe(401);
    expect(await failuresFrom(email, "127.0.0.1")).toBe(1);
    expect(await failuresFrom(email, "203.0.113.77")).toBe(0);
  });

  it("reaches POST /api/login's throttling too", async () => {
    const email = uniqueEmail("spine-ip");
    const res = await new ApiClient(server.baseUrl).post("/api/login", { email, password: "errada-123" });
    expect(res.status).toBe(401);
    expect(await failuresFrom(email, "127.0.0.1")).toBe(1);
  });
});
