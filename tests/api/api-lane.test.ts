import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiClient, anonymous, signIn } from "../support/http";
import { testDb } from "../support/db";
import { makeBranch, makeClassroom, makeCourse } from "../support/factories";

// The API's read lane (app/server/api-lane.server.ts, ADR 011): a GET of a list
// endpoint is answered in front of React Router; HEAD, other methods and the
// other paths go through React Router (the route's loader is the same apiList).

const DAY = 24 * 60 * 60 * 1000;
const ts = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", " +00:00");
const sessionCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith("__session="));

let admin: ApiClient;
let course: { id: string; name: string };
/** A branch of this file's own, with one classroom: its list stays short (a whole answer), whatever other files add. */
let branch: { id: string };
let classroom: { id: string };

beforeAll(async () => {
  admin = await signIn("Administrator");
  course = await makeCourse({ name: `Curso Lane ${randomUUID().slice(0, 8)}` });
  branch = await makeBranch({ name: `Unidade Lane ${randomUUID().slice(0, 8)}` });
  classroom = await makeClassroom(branch.id);
});

describe("the API's read lane", () => {
  it("answers a list's GET whole, with its length, and HEAD (React Router, the same loader) with the same headers", async () => {
    const path = `/api/classrooms/branch/${branch.id}`;
    const get = await admin.raw("GET", path, { headers: { "Accept-Encoding": "identity" } });
    expect(get.status).toBe(200);
    const text = await get.text();
    expect(JSON.parse(text).map((c: { id: string }) => c.id)).toEqual([classroom.id]);
    // Only the lane sends a whole answer's length (React Router streams it).
    expect(get.headers.get("Content-Length")).toBe(String(Buffer.byteLength(text)));

    const head = await admin.raw("HEAD", path, { headers: { "Accept-Encoding": "identity" } });
    expect(head.status).toBe(200);
    for (const name of ["Content-Type", "Cache-Control", "X-Content-Type-Options", "X-Frame-Options", "Content-Security-Policy"]) {
      expect(get.headers.get(name), name).toBeTruthy();
      expect(head.headers.get(name)?.replace(/'nonce-[^']+'/, ""), name).toBe(get.headers.get(name)?.replace(/'nonce-[^']+'/, ""));
    }
  });

  it("refuses the signed-out (401) on both ways in, in Portuguese", async () => {
    const get = await anonymous().get("/api/courses");
    expect(get.status).toBe(401);
    expect(get.body).toEqual({ message: "Não autenticado" });
    expect(get.headers.get("Cache-Control")).toBe("no-store");
    expect((await anonymous().raw("HEAD", "/api/courses")).status).toBe(401);
  });

  it("sees a session end at once: signed out elsewhere, the next GET is 401", async () => {
    const team = await signIn("Team");
    const other = new ApiClient();
    const login = await other.post("/api/login", { email: team.user!.email, password: "segredo123" });
    expect(login.status).toBe(200);
    expect((await other.get("/api/courses")).status).toBe(200);
    expect((await other.post("/api/logout", {})).status).toBe(200);
    // The same cookie, replayed after logout: the session row is gone.
    const replay = await fetch(`${team.baseUrl}/api/courses`, {
      headers: {
        Cookie: login.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    });
    expect(replay.status).toBe(401);
    expect((await team.get("/api/courses")).status).toBe(200);
  });

  it("renews a remembered session due for renewal, as the root middleware does on React Router's side", async () => {
    const team = await signIn("Team");
    const client = new ApiClient();
    const login = await client.post("/api/login", { email: team.user!.email, password: "segredo123", remember: true });
    expect(login.status).toBe(200);
    const id = team.user!.id;
    await testDb().query(`UPDATE "sessions" SET "expiresAt" = :at WHERE "userId" = :id AND "remember" = :yes`, {
      replacements: { at: ts(Date.now() + 20 * DAY), id, yes: true },
    });
    const res = await client.raw("GET", "/api/courses");
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers)).toMatch(/Max-Age=2592000/);
    const again = await client.raw("GET", "/api/courses");
    expect(sessionCookie(again.headers)).toBeUndefined();
  });

  it("gives the domain's errors their status and message (400 on a bad page size)", async () => {
    const res = await admin.get("/api/courses?limit=0");
    expect(res.status).toBe(400);
    expect(res.body.errors.limit).toBeDefined();
  });

  it("leaves a non-list path to React Router: one item, an unknown path, a parameter that is not valid percent-encoding", async () => {
    const one = await admin.get(`/api/courses/${course.id}`);
    expect(one.status).toBe(200);
    expect(one.body.name).toBe(course.name);
    const missing = await admin.get(`/api/courses/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "Curso não encontrado" });
    const unknown = await admin.get("/api/nao-existe");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Content-Type")).toMatch(/application\/json/);
    const badEncoding = await admin.get("/api/classes/%E0%A4%A/schedules");
    expect(badEncoding.status).toBeGreaterThanOrEqual(400);
    expect(badEncoding.status).toBeLessThan(500);
  });

  it("matches as React Router does: static before parameter, case and a trailing slash ignored", async () => {
    // /api/makeups/options is a list of its own, not /api/makeups/:id.
    const options = await admin.get("/api/makeups/options?absenceId=nao-e-uuid");
    expect(options.status).not.toBe(200);
    expect(options.status).toBeLessThan(500);
    const upper = await admin.get("/api/Courses/");
    expect(upper.status).toBe(200);
    expect(upper.body.some((c: { id: string }) => c.id === course.id)).toBe(true);
  });
});
