import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { rootMiddleware } from "~/server/api-lane.server";
import { ApiClient, anonymous, signIn } from "../support/http";
import { testDb } from "../support/db";
import { makeBranch, makeClassroom } from "../support/factories";
import { loadBuiltApp } from "../support/built-app";

/**
 * The root middleware (app/root.tsx) is the one list both doors run: React
 * Router runs it for every request, the API's read lane for the list GETs it
 * answers (it reads the list from the build's root route). For each
 * middleware of that list an observable effect is checked on both doors: a
 * GET of a list URL (answered by the lane: a whole answer, with its length)
 * and a HEAD of the same URL (answered by React Router). A middleware added
 * to the root without its effect described here fails the first test; a lane
 * that skips the root's list fails the others.
 */

const DAY = 24 * 60 * 60 * 1000;
const ts = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", " +00:00");

type DoorName = "lane GET" | "router HEAD";
const DOORS: DoorName[] = ["lane GET", "router HEAD"];

let listPath: string;

/** One request through a door, as a client (its cookies) or nobody. */
async function through(door: DoorName, client: ApiClient | null): Promise<Response> {
  const method = door === "lane GET" ? "GET" : "HEAD";
  const res = await (client ?? anonymous()).raw(method, listPath, { headers: { "Accept-Encoding": "identity" } });
  const body = await res.text();
  // The lane sends a whole answer with its length; React Router streams a GET (and answers HEAD without a body).
  if (door === "lane GET" && res.status === 200)
    expect(res.headers.get("Content-Length"), "the GET was not answered by the lane").toBe(String(Buffer.byteLength(body)));
  return res;
}

/** What each root middleware does that a client can see, checked through one door. */
const EFFECTS: Record<string, { effect: string; check: (door: DoorName) => Promise<void> }> = {
  sessionMiddleware: {
    effect:
      "the session named by the cookie reaches the loader (200 signed in, 401 without), and a remembered session due for renewal is renewed on the way out",
    async check(door) {
      const team = await signIn("Team");
      expect((await through(door, team)).status, `${door} as a signed-in user`).toBe(200);
      expect((await through(door, null)).status, `${door} without a session`).toBe(401);

      const client = new ApiClient();
      const login = await client.post("/api/login", { email: team.user!.email, password: "segredo123", remember: true });
      expect(login.status).toBe(200);
      const sessionId = (await testDb().query(
        `SELECT "id" FROM "sessions" WHERE "userId" = :id AND "remember" = :yes ORDER BY "createdAt" DESC`,
        {
          replacements: { id: team.user!.id, yes: true },
          plain: true,
        },
      )) as { id: string } | null;
      const due = Date.now() + 20 * DAY;
      await testDb().query(`UPDATE "sessions" SET "expiresAt" = :at WHERE "id" = :sid`, {
        replacements: { at: ts(due), sid: sessionId!.id },
      });
      const renewed = await through(door, client);
      expect(renewed.status).toBe(200);
      const cookie = renewed.headers.getSetCookie().find((c) => c.startsWith("__session="));
      expect(cookie, `${door}: no renewal cookie`).toMatch(/Max-Age=2592000/);
      const row = (await testDb().query(`SELECT "expiresAt" FROM "sessions" WHERE "id" = :sid`, {
        replacements: { sid: sessionId!.id },
        plain: true,
      })) as {
        expiresAt: string | Date;
      };
      expect(new Date(row.expiresAt).getTime(), `${door}: the session's expiry did not move forward`).toBeGreaterThan(due + DAY);
    },
  },
};

let names: string[];

beforeAll(async () => {
  names = rootMiddleware((await loadBuiltApp()).build).map((middleware) => middleware.name);
  const branch = await makeBranch({ name: `Unidade Middleware ${randomUUID().slice(0, 8)}` });
  await makeClassroom(branch.id);
  listPath = `/api/classrooms/branch/${branch.id}`;
});

describe("the root middleware runs on both doors", () => {
  it("every middleware of the root's list (as built) has its effect described and checked here", () => {
    expect(names.length).toBeGreaterThan(0);
    const missing = names.filter((name) => !(name in EFFECTS));
    expect(missing, `root middleware without an observable effect checked on both doors: ${missing.join(", ")}`).toEqual([]);
    expect(names.sort()).toEqual(Object.keys(EFFECTS).sort());
  });

  for (const [name, { effect, check }] of Object.entries(EFFECTS)) {
    for (const door of DOORS) {
      it(`${name} on a ${door}: ${effect}`, () => check(door));
    }
  }
});
