import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { OpenApiDocument } from "~/openapi/document";
import { addDays, enrolled, notSunday, sessionClass, TODAY } from "../support/attendance";
import {
  makeAttendance,
  makeClassroom,
  makeGuardian,
  makeMakeup,
  makeSchedule,
  makeStudent,
  makeTrial,
  makeUser,
} from "../support/factories";
import {
  describeRequest,
  entityOf,
  forgeCursors,
  fuzzSettings,
  operationsOf,
  RequestGenerator,
  runsFor,
  send,
  type FixtureIds,
  type FuzzOperation,
  type FuzzRole,
  type GeneratedRequest,
} from "../support/generated-requests";
import { startServer, type RunningServer } from "../support/server";

/**
 * Generated requests (fast-check): for every operation of the OpenAPI document
 * the server answers, requests whose path parameters, query parameters and
 * body fields are drawn from the edges of their types (tests/support/
 * generated-requests.ts), sent as each role. Every request must be answered
 * completely within 2 s and never with a 5xx, and the server must answer
 * /healthz within 2 s afterwards.
 *
 * The requests go to a server of their own on this run's database, so a
 * request that stops it does not stop the other test files; it is restarted
 * after such a failure. A failure prints the request: role, method, target,
 * headers and body.
 *
 * Repeatable: FUZZ_SEED (default fixed) and FUZZ_RUNS (cases for an operation
 * of two inputs; more inputs, more cases: runsFor).
 * `npm run test:fuzz` is the long run.
 */

const DEADLINE_MS = 2000;
const settings = fuzzSettings(15);
const runs = settings.runs;
const databaseUrl = inject("databaseUrl");
// Each database's run draws its own cases (its own seed unless FUZZ_SEED is set), so the SQLite and
// PostgreSQL runs together try twice as many different requests as one seed would.
const seed = process.env.FUZZ_SEED ? settings.seed : settings.seed + (inject("dialect") === "postgres" ? 1 : 0);

let server: RunningServer;
const cookies = new Map<FuzzRole, string>();
/** The address each request claims (through TRUST_PROXY=loopback): the sign-in throttle counts these, not the other files' address. */
const clientAddress = `198.51.100.${(seed % 250) + 1}`;

async function startFuzzServer() {
  server = await startServer(databaseUrl, { TRUST_PROXY: "loopback" });
}

/** A fresh session of a role on the fuzz server: its cookie. */
async function register(role: Exclude<FuzzRole, "anonymous">): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress },
    body: JSON.stringify({
      name: `Gerado ${role}`,
      email: `gerado.${role.toLowerCase()}.${randomUUID().slice(0, 8)}@teste.com`,
      password: "segredo123",
      userType: role,
    }),
  });
  if (res.status !== 201) throw new Error(`register ${role}: ${res.status} ${await res.text()}`);
  const line = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!line) throw new Error("no session cookie");
  return line.split(";")[0];
}

async function signInAll() {
  for (const role of ["Administrator", "Team", "Client"] as const) cookies.set(role, await register(role));
}

/** The rows whose ids the generator hands out; fresh for every operation, so a delete only spends its own. */
async function seedFixture(): Promise<FixtureIds> {
  const cls = await sessionClass({ capacity: 2 });
  const spareRoom = await makeClassroom(cls.branchId);
  const spareSlot = await makeSchedule(spareRoom.id);
  const { offer, pupils } = await enrolled(cls, 1);
  const { guardian, persons } = await makeGuardian(2);
  const student = await makeStudent(guardian.id);
  const past = notSunday(addDays(TODAY(), -2), -1);
  const coming = notSunday(addDays(TODAY(), 2), 1);
  const absence = await makeAttendance({
    enrollmentId: pupils[0].enrollment.id,
    classId: cls.id,
    scheduleId: cls.scheduleOn(past),
    date: past,
    status: "Falta",
  });
  const makeup = await makeMakeup({ absenceId: absence.id, classId: cls.id, scheduleId: cls.scheduleOn(coming), date: coming });
  const trial = await makeTrial(cls.id, { scheduledDate: coming });
  const user = await makeUser();
  return {
    user: user.id,
    branch: cls.branchId,
    classroom: cls.classroomId,
    spareClassroom: spareRoom.id,
    classroomSchedule: cls.schedules[0].id,
    spareSchedule: spareSlot.id,
    course: cls.courseId,
    class: cls.id,
    offer: offer.id,
    guardian: guardian.id,
    guardianPerson: persons[0].id,
    student: student.id,
    enrolledStudent: pupils[0].student.id,
    enrollment: pupils[0].enrollment.id,
    absence: absence.id,
    makeup: makeup.id,
    trial: trial.id,
  };
}

function adminGet(path: string) {
  return fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookies.get("Administrator")!, "X-Forwarded-For": clientAddress } });
}

/** The list's first page of one, for a real cursor to forge from. */
async function cursorsOf(op: FuzzOperation, ids: FixtureIds): Promise<string[]> {
  if (!op.queryParams.some((p) => p.name === "cursor")) return [];
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[entityOf(name, op.path) ?? ""] ?? ids.class);
  const res = await adminGet(`${path}?limit=1`);
  const link = res.headers.get("Link");
  await res.body?.cancel();
  const real = link ? (/[?&]cursor=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? null) : null;
  return forgeCursors(real);
}

async function uploadTokens(op: FuzzOperation): Promise<string[]> {
  if (!op.pathParams.some((p) => p.name === "token")) return [];
  const tokens: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${server.baseUrl}/api/objects/upload`, {
      method: "POST",
      headers: { Cookie: cookies.get("Administrator")!, "X-Forwarded-For": clientAddress },
    });
    const body = (await res.json()) as { uploadURL: string };
    tokens.push(body.uploadURL.split("/").pop()!);
  }
  return tokens;
}

async function healthy(): Promise<string | null> {
  try {
    const res = await send(server.baseUrl, { method: "GET", target: "/healthz", headers: {}, body: null }, DEADLINE_MS);
    return res.status === 200 ? null : `/healthz answered ${res.status}`;
  } catch (error) {
    return `/healthz: ${(error as Error).message}`;
  }
}

/** One case: the request answered in time, not 5xx, and the server well afterwards. */
async function check(op: FuzzOperation, request: GeneratedRequest) {
  const headers: Record<string, string> = { ...request.headers, "X-Forwarded-For": clientAddress };
  if (request.role !== "anonymous") headers.Cookie = cookies.get(request.role)!;
  let problem: string | null = null;
  try {
    const answer = await send(server.baseUrl, { ...request, headers }, DEADLINE_MS);
    if (answer.status >= 500) problem = `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  } catch (error) {
    if ((error as { unsendable?: boolean }).unsendable) return;
    problem = (error as Error).message;
  }
  const health = await healthy();
  if (health) {
    // The server is stuck or gone: a new one, so the next cases test something.
    await server.stop();
    await startFuzzServer();
    problem = `${problem ?? "answered"}; afterwards ${health} (server restarted)`;
  }
  // A sign-out ends the role's session: the next case needs another.
  if (op.path === "/api/logout" && request.role !== "anonymous") cookies.set(request.role, await register(request.role));
  if (problem) throw new Error(`${describeRequest(request)}\n  → ${problem}`);
}

beforeAll(async () => {
  await startFuzzServer();
  await signInAll();
  console.log(`generated requests: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} (cases for an operation of two inputs)`);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

// The operations of the document the server answers (the run's shared server; the fuzz server runs the same build).
const doc = (await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).json()) as OpenApiDocument;
const operations = operationsOf(doc);

describe("generated requests: every operation of the OpenAPI document, every role", () => {
  it("has the document's operations to generate for", () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((o) => o.jsonBody).length).toBeGreaterThan(20);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    "%s: answered within 2 s, never 5xx, /healthz well afterwards",
    async (_, op) => {
      const ids = await seedFixture();
      const generator = new RequestGenerator(op, {
        ids,
        today: TODAY(),
        cursors: await cursorsOf(op, ids),
        uploadTokens: await uploadTokens(op),
      });
      // The sweep first (each edge of each kind of input, deterministic), then the random cases.
      const examples = generator.sweep(seed).map((request) => [request] as [GeneratedRequest]);
      await fc.assert(
        fc.asyncProperty(generator.request(), (request) => check(op, request)),
        { seed, numRuns: runsFor(op, runs), endOnFailure: true, examples },
      );
    },
    // A long run (npm run test:fuzz) takes its time: about 10 ms a case, and a few restarts.
    120_000 + Math.max(...operations.map((o) => runsFor(o, runs))) * 20,
  );
});
