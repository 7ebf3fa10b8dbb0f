import http from "node:http";
import { collectAnswer } from "../support/raw-http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addDays, enrolled, notSunday, sessionClass, TODAY } from "../support/attendance";
import { makeAttendance, makeGuardian, makeMakeup, makeTrial, makeUser } from "../support/factories";
import { signIn, type ApiClient } from "../support/http";
import { fillPath, flattenRoutes } from "../support/route-table";
import { startServer, type RunningServer } from "../support/server";

/**
 * The read lane (app/server/api-lane.server.ts) and React Router are one door:
 * every GET of the route table, and the request forms where the two used to
 * part (dot segments, `#` in the target, `??`, absolute-form targets, bad Host
 * headers, a Host with an invalid port), sent as each role to this run's
 * server (the lane on) and to a second server on the same database with
 * API_READ_LANE=off (every request through React Router), get the same
 * status, headers and body. Only what differs by nature is set aside: Date,
 * the CSP nonce, the framing (Content-Length or chunked: the lane sends a
 * whole answer, React Router streams it) and the session renewal's cookie
 * values.
 */

type Role = "Administrator" | "Team" | "Client" | "anonymous";
const ROLES: Role[] = ["Administrator", "Team", "Client", "anonymous"];
/** Both servers are asked for the same Host, so an answer that names it is the same. */
const HOST = "escola.test";

let laneOff: RunningServer;
const laneOn = inject("baseUrl");
const cookies = new Map<Role, string>();
let params: Record<string, string> = {};
let idsByCollection: Record<string, string> = {};

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request exactly as given: the raw target, the Host header as given (or none). */
function raw(baseUrl: string, target: string, headers: Record<string, string>): Promise<Raw> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: "GET",
        path: target,
        headers: { Connection: "close", "Accept-Encoding": "identity", ...headers },
        setHost: false,
      },
      (res) => collectAnswer(res, resolve, reject),
    );
    req.setTimeout(10_000, () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", reject);
    req.end();
  });
}

/** What may differ between two equal answers, set aside. */
function normalise(answer: Raw): Raw {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (["date", "content-length", "transfer-encoding", "connection", "keep-alive"].includes(name)) continue;
    if (name === "set-cookie") {
      // A renewal's value and expiry differ by nature; which cookie, and how it is set, must not.
      headers[name] = value
        .split("\n")
        .map((c) => c.replace(/^([^=]+)=[^;]*/, "$1=…").replace(/Expires=[^;]+/i, "Expires=…"))
        .join("\n");
      continue;
    }
    headers[name] = value.replace(/'nonce-[^']+'/g, "'nonce-…'");
  }
  return { status: answer.status, headers, body: answer.body.replace(/nonce="[^"]*"/g, 'nonce="…"') };
}

interface Form {
  name: string;
  /** The request target and headers for a path; null when the form does not apply. */
  make(path: string, pattern: string): { target: string; headers: Record<string, string> } | null;
  /** Applied to the API's GETs only (the lane's side of the door), or to every GET. */
  apiOnly: boolean;
}

const FORMS: Form[] = [
  { name: "the path as it is", apiOnly: false, make: (path) => ({ target: path, headers: { Host: HOST } }) },
  { name: "a dot segment at the end (/..)", apiOnly: true, make: (path) => ({ target: `${path}/..`, headers: { Host: HOST } }) },
  {
    name: "a dot segment inside (/api/./…, /api/x/../…)",
    apiOnly: true,
    make: (path) => ({ target: path.replace(/^\/api\//, "/api/./nada/../"), headers: { Host: HOST } }),
  },
  {
    name: "a dot segment in place of the last parameter (/api/classrooms/branch/..)",
    apiOnly: true,
    make: (path, pattern) => {
      const segments = pattern.split("/");
      const last = segments.findLastIndex((s) => s.startsWith(":"));
      if (last === -1) return null;
      return {
        target: path
          .split("/")
          .map((s, i) => (i === last ? ".." : s))
          .join("/"),
        headers: { Host: HOST },
      };
    },
  },
  { name: "an encoded dot segment (/%2e%2e)", apiOnly: true, make: (path) => ({ target: `${path}/%2e%2e`, headers: { Host: HOST } }) },
  { name: "# in the request target", apiOnly: true, make: (path) => ({ target: `${path}?limit=1#x`, headers: { Host: HOST } }) },
  { name: "?? in the request target", apiOnly: true, make: (path) => ({ target: `${path}??limit=1`, headers: { Host: HOST } }) },
  { name: "an absolute-form target", apiOnly: true, make: (path) => ({ target: `http://${HOST}${path}`, headers: { Host: HOST } }) },
  {
    name: "an absolute-form target naming another host",
    apiOnly: true,
    make: (path) => ({ target: `http://outro.exemplo${path}`, headers: { Host: HOST } }),
  },
  { name: "a bad Host header", apiOnly: true, make: (path) => ({ target: path, headers: { Host: "a b@c/d" } }) },
  { name: "no Host header", apiOnly: true, make: (path) => ({ target: path, headers: {} }) },
  { name: "a Host with an invalid port", apiOnly: true, make: (path) => ({ target: path, headers: { Host: `${HOST}:99999` } }) },
  { name: "a Host with a port that is not a number", apiOnly: true, make: (path) => ({ target: path, headers: { Host: `${HOST}:abc` } }) },
];

/** Sends one form of one path as one role to both servers; a difference that persists (other files write meanwhile) is returned. */
async function compare(path: string, pattern: string, form: Form, role: Role): Promise<string | null> {
  const made = form.make(path, pattern);
  if (!made) return null;
  const headers = { ...made.headers, ...(role === "anonymous" ? {} : { Cookie: cookies.get(role)! }) };
  let last = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const [on, off] = await Promise.all([raw(laneOn, made.target, headers), raw(laneOff.baseUrl, made.target, headers)]);
    const a = normalise(on);
    const b = normalise(off);
    let difference: string | null = null;
    if (a.status !== b.status) difference = `status ${a.status} (lane) vs ${b.status} (router)`;
    else {
      const names = [...new Set([...Object.keys(a.headers), ...Object.keys(b.headers)])].sort();
      const header = names.find((n) => a.headers[n] !== b.headers[n]);
      if (header)
        difference = `header ${header}: ${JSON.stringify(a.headers[header])} (lane) vs ${JSON.stringify(b.headers[header])} (router)`;
      else if (a.body !== b.body)
        difference = `body ${JSON.stringify(a.body.slice(0, 160))} (lane) vs ${JSON.stringify(b.body.slice(0, 160))} (router)`;
    }
    if (!difference) return null;
    last = `as ${role}: GET ${JSON.stringify(made.target)} Host ${JSON.stringify(made.headers.Host ?? "(none)")} → ${difference}`;
  }
  return last;
}

/** Runs `work` over `items`, a few at a time. */
async function pooled<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

beforeAll(async () => {
  laneOff = await startServer(inject("databaseUrl"), { API_READ_LANE: "off" });
  const clients: Record<string, ApiClient> = {};
  for (const role of ["Administrator", "Team", "Client"] as const) {
    clients[role] = await signIn(role);
    cookies.set(role, clients[role].cookieHeader());
  }
  const cls = await sessionClass();
  const { offer, pupils } = await enrolled(cls, 1);
  const { guardian, persons } = await makeGuardian(1);
  const past = notSunday(addDays(TODAY(), -2), -1);
  const absence = await makeAttendance({
    enrollmentId: pupils[0].enrollment.id,
    classId: cls.id,
    scheduleId: cls.scheduleOn(past),
    date: past,
    status: "Falta",
  });
  const coming = notSunday(addDays(TODAY(), 2), 1);
  const makeup = await makeMakeup({ absenceId: absence.id, classId: cls.id, scheduleId: cls.scheduleOn(coming), date: coming });
  const trial = await makeTrial(cls.id);
  const user = await makeUser();
  const ids: Record<string, string> = {
    users: user.id,
    offers: offer.id,
    branches: cls.branchId,
    classrooms: cls.classroomId,
    "classroom-schedules": cls.schedules[0].id,
    courses: cls.courseId,
    classes: cls.id,
    guardians: guardian.id,
    "guardian-persons": persons[0].id,
    students: pupils[0].student.id,
    trials: trial.id,
    enrollments: pupils[0].enrollment.id,
    makeups: makeup.id,
    uploads: "00000000-0000-4000-8000-000000000000",
  };
  // By name; ":id" is the row of the collection it follows (filled()).
  params = {
    classroomId: cls.classroomId,
    branchId: cls.branchId,
    scheduleId: cls.schedules[0].id,
    personId: persons[0].id,
    guardianId: ids.guardians,
    enrollmentId: pupils[0].enrollment.id,
    makeupId: makeup.id,
    absenceId: absence.id,
    token: "nao-existe",
    e2eid: "E00000000202611291200abcdef12345",
    date: TODAY(),
    "*": "nao-existe",
  };
  idsByCollection = ids;
}, 120_000);

/** The path with `:id` the row of the collection it follows (/api/classes/:id → a class). */
function filled(pattern: string): string {
  const withId = pattern.replace(
    /\/([\w-]+)\/:id\b/,
    (_, collection: string) => `/${collection}/${idsByCollection[collection] ?? "00000000-0000-4000-8000-000000000000"}`,
  );
  return fillPath(withId, params);
}

afterAll(async () => {
  await laneOff?.stop();
});

describe("the read lane and React Router answer alike (API_READ_LANE=off on the second server)", () => {
  it("the second server has the lane switched off: a list is streamed by React Router, not sent whole", async () => {
    const headers = { Host: HOST, Cookie: cookies.get("Administrator")! };
    // A short list (a class's schedules): the whole list in one batch, however many rows the other files added elsewhere.
    const list = `/api/classes/${idsByCollection.classes}/schedules`;
    const on = await raw(laneOn, list, headers);
    const off = await raw(laneOff.baseUrl, list, headers);
    expect(on.status).toBe(200);
    expect(off.status).toBe(200);
    // The lane sends a whole answer's length; React Router streams it.
    expect(on.headers["content-length"]).toBeDefined();
    expect(off.headers["content-length"], "API_READ_LANE=off did not switch the lane off").toBeUndefined();
  });

  it.each(FORMS.map((f) => [f.name, f] as const))(
    "%s: every GET of the route table, as each role",
    async (_, form) => {
      const routes = flattenRoutes().filter((r) => r.methods.includes("GET") && (!form.apiOnly || r.path.startsWith("/api/")));
      const cases = routes.flatMap((r) => ROLES.map((role) => ({ path: filled(r.path), pattern: r.path, role })));
      const differences = (await pooled(cases, 4, ({ path, pattern, role }) => compare(path, pattern, form, role))).filter(
        (d): d is string => d !== null,
      );
      expect(differences.length, `${differences.length} of ${cases.length} requests differ:\n${differences.join("\n")}`).toBe(0);
    },
    180_000,
  );
});
