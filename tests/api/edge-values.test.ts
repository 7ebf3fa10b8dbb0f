import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { makeGuardian, makeStudent, makeTrial, makeUser } from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, TODAY } from "../support/attendance";

/**
 * Values from the edges of their types: dates outside the school's range (or
 * no day at all), forged cursors, control characters in a search, JSON that
 * is not an object. Each is a quick 4xx in Portuguese, never a 5xx or a hang.
 */

let admin: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, client] = await Promise.all([signIn("Administrator"), signIn("Client")]);
});

/** Dates no field or parameter accepts: outside 1900-01-01..2100-12-31, or not a day. */
const BAD_DATES = ["9999-12-31", "0001-01-01", "+010000-01-01", "1899-12-31", "2101-01-01", "2100-02-29", "2023-02-29", "2015-02-30"];
const BAD_MONTHS = ["9999-12", "0001-01", "1899-12", "2101-01", "+10000-01"];

/** A GET that must answer well within 2 s. */
async function quickGet(who: ApiClient, path: string) {
  const started = Date.now();
  const res = await who.get(path);
  expect(Date.now() - started, path).toBeLessThan(2000);
  return res;
}

describe("dates outside the school's range", () => {
  it(
    "GET /api/classes/{id}/sessions?from=9999-12-31&to=9999-12-31 is a quick 400 'Data inválida' (it used to loop for ever)",
    { timeout: 10_000 },
    async () => {
      const cls = await sessionClass();
      const res = await quickGet(admin, `/api/classes/${cls.id}/sessions?from=9999-12-31&to=9999-12-31`);
      expect([res.status, res.body.message]).toEqual([400, "Data inválida"]);
      for (const date of BAD_DATES) {
        const d = encodeURIComponent(date);
        for (const query of [`from=${d}&to=${d}`, `from=2026-01-01&to=${d}`, `from=${d}&to=2026-01-01`]) {
          const answer = await quickGet(admin, `/api/classes/${cls.id}/sessions?${query}`);
          expect([answer.status, answer.body.message], query).toEqual([400, "Data inválida"]);
        }
      }
      // The edges of the range are dates like any other.
      for (const query of ["from=1900-01-01&to=1900-01-31", "from=2100-12-01&to=2100-12-31", "from=2024-02-29&to=2024-02-29"]) {
        expect((await quickGet(admin, `/api/classes/${cls.id}/sessions?${query}`)).status, query).toBe(200);
      }
    },
  );

  it("the roll call's and the make-ups' ?date= refuse them with 400 'Data inválida', on the API and on the roll-call screen", async () => {
    const cls = await sessionClass();
    const scheduleId = cls.schedules[0].id;
    for (const date of BAD_DATES) {
      const d = encodeURIComponent(date);
      const roll = await quickGet(admin, `/api/classes/${cls.id}/attendance?date=${d}&scheduleId=${scheduleId}`);
      expect([roll.status, roll.body.message], date).toEqual([400, "Data inválida"]);
      const makeups = await quickGet(client, `/api/makeups?date=${d}`);
      expect([makeups.status, makeups.body.message], date).toEqual([400, "Data inválida"]);
      const screen = await admin.raw("GET", `/classes/${cls.id}/attendance?date=${d}&scheduleId=${scheduleId}`);
      expect(screen.status, date).toBe(400);
      await screen.body?.cancel();
    }
  });

  it("the trials' ?month= refuses months outside 1900-01..2100-12 (400); the screens fall back to a month they can show", async () => {
    const cls = await sessionClass();
    const trial = await makeTrial(cls.id);
    for (const month of BAD_MONTHS) {
      const m = encodeURIComponent(month);
      for (const path of [`/api/trials?month=${m}`, `/api/trials/all-histories?month=${m}`]) {
        const res = await quickGet(client, path);
        expect([res.status, res.body.message], path).toEqual([400, "Mês inválido (use AAAA-MM)"]);
      }
      for (const path of [`/trials?month=${m}`, `/trials/new?month=${m}`, `/trials/${trial.id}/status?month=${m}`]) {
        const res = await admin.raw("GET", path);
        expect(res.status, path).toBe(200);
        await res.body?.cancel();
      }
    }
    for (const date of BAD_DATES) {
      const d = encodeURIComponent(date);
      const day = await admin.raw("GET", `/trials/day/${d}`);
      expect(day.status, date).toBe(404);
      await day.body?.cancel();
      const form = await admin.raw("GET", `/trials/new?date=${d}`);
      expect(form.status, date).toBe(200);
      expect(await form.text()).not.toContain(`value="${date}"`);
    }
  });

  it("every date field of a body refuses them with its own message", async () => {
    const cls = await sessionClass();
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const { pupils, offer } = await enrolled(cls, 1);
    const absenceDate = notSunday(addDays(TODAY(), -1), -1);
    for (const date of BAD_DATES) {
      const trial = await admin.post("/api/trials", {
        guardianName: "Mãe",
        studentName: "Aluna",
        classId: cls.id,
        whatsappNumber: "11987654321",
        scheduledDate: date,
        scheduledTime: "08:00",
      });
      expect([trial.status, trial.body.errors?.scheduledDate], date).toEqual([400, ["Data inválida"]]);
      const studentRes = await admin.post("/api/students", { guardianId: guardian.id, fullName: "Aluno Datas", birthDate: date });
      expect([studentRes.status, studentRes.body.errors?.birthDate], date).toEqual([400, ["Data de nascimento inválida"]]);
      const patched = await admin.patch(`/api/students/${student.id}`, { birthDate: date });
      expect([patched.status, patched.body.errors?.birthDate], date).toEqual([400, ["Data de nascimento inválida"]]);
      const enrollment = await admin.post("/api/enrollments", {
        studentId: student.id,
        classId: cls.id,
        offerId: offer.id,
        startDate: date,
      });
      expect([enrollment.status, Object.keys(enrollment.body.errors ?? {})], date).toEqual([400, ["startDate"]]);
      const moved = await admin.patch(`/api/enrollments/${pupils[0].enrollment.id}`, { startDate: date });
      expect([moved.status, Object.keys(moved.body.errors ?? {})], date).toEqual([400, ["startDate"]]);
      const roll = await admin.put(`/api/classes/${cls.id}/attendance`, { date, scheduleId: cls.schedules[0].id, records: [] });
      expect([roll.status, roll.body.errors?.date], date).toEqual([400, ["Data inválida"]]);
      const makeup = await admin.post("/api/makeups", {
        absenceId: randomUUID(),
        classId: cls.id,
        scheduleId: cls.scheduleOn(absenceDate),
        date,
      });
      expect([makeup.status, makeup.body.errors?.date], date).toEqual([400, ["Data inválida"]]);
    }
  });
});

describe("forged cursors", () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const instants = [
    "2030-01-02 03:04:05.678+16:00",
    "2030-01-02 03:04:05.678-16:00",
    "2030-01-02 03:04:05+15:60",
    "2030-01-02T03:04:05+1600",
    "2030-01-02 03:04:05 +99:00",
    "2030-01-02 24:00:00+00",
    "2030-01-02 03:60:00+00",
    "2030-02-30 03:04:05+00",
  ];

  it("a timestamp a database cannot read is 'Cursor inválido' (400) on the four lists keyed by one; a real offset is a position", async () => {
    const cls = await sessionClass();
    const trial = await makeTrial(cls.id, {}, [{ status: "Agendado", changedAt: new Date() }]);
    const lists = [
      { path: "/api/enrollments", name: "enrollments" },
      { path: "/api/guardians", name: "guardians" },
      { path: "/api/class-schedules", name: "class-schedules" },
      { path: `/api/trials/${trial.id}/history`, name: "trial-history" },
    ];
    for (const list of lists) {
      for (const instant of instants) {
        const res = await admin.get(`${list.path}?limit=5&cursor=${b64([list.name, instant, randomUUID()])}`);
        expect([res.status, res.body], `${list.path} ${instant}`).toEqual([
          400,
          { message: "Cursor inválido", errors: { cursor: ["Cursor inválido"] } },
        ]);
      }
      for (const instant of [
        "2030-01-02 03:04:05.678+15:59",
        "2030-01-02 03:04:05.678-03:00",
        "2030-01-02 03:04:05.678 +00:00",
        "2030-01-02T03:04:05Z",
      ]) {
        const res = await admin.get(`${list.path}?limit=5&cursor=${b64([list.name, instant, randomUUID()])}`);
        expect(res.status, `${list.path} ${instant}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    }
  });
});

describe("control characters in a search", () => {
  it("every list's q drops them: NUL and friends find what the term without them finds, on the API and on the screens", async () => {
    const tag = randomUUID().slice(0, 8);
    const user = await makeUser({ name: `Busca ${tag}` });
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id, { fullName: `Aluno ${tag}` });
    const nul = (text: string) => encodeURIComponent(`${text.slice(0, 3)}\u0000\u0001\u001f\u007f${text.slice(3)}`);

    const users = await admin.get(`/api/users?q=${nul(tag)}`);
    expect(users.status).toBe(200);
    expect(users.body.map((u: { id: string }) => u.id)).toEqual([user.id]);
    const usersPage = await admin.get(`/api/users?page=1&q=${nul(tag)}`);
    expect(usersPage.status).toBe(200);
    expect(JSON.stringify(usersPage.body)).toContain(user.id);
    const students = await admin.get(`/api/students?q=${nul(tag)}`);
    expect([students.status, students.body.map((s: { id: string }) => s.id)]).toEqual([200, [student.id]]);

    // Like every list's, the users' search takes %, _ and \ as themselves, not as wildcards.
    const literal = await makeUser({ name: `Taxa 100%_\\${tag}` });
    await makeUser({ name: `Taxa 1000x\\${tag}` });
    for (const path of [
      `/api/users?q=${encodeURIComponent(`100%_\\${tag}`)}`,
      `/api/users?page=1&q=${encodeURIComponent(`100%_\\${tag}`)}`,
    ]) {
      const found = await admin.get(path);
      expect(
        (found.body.users ?? found.body).map((u: { id: string }) => u.id),
        path,
      ).toEqual([literal.id]);
    }

    for (const path of [
      "/api/users?q=%00",
      "/api/guardians?q=%00",
      "/api/guardians?page=1&q=%00",
      "/api/students?q=%00",
      "/api/users?page=1&q=%00%00",
    ]) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
    for (const path of [`/users?q=%00`, `/users?q=${nul(tag)}`, "/guardians?q=%00", "/students?q=%00", `/students?q=${nul(tag)}`]) {
      const res = await admin.raw("GET", path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      if (path.includes(tag.slice(3))) expect(html, path).toContain(tag);
    }
  });
});

describe("JSON that is not an object", () => {
  it("an array, a string, a number or null as the body is a 400 in Portuguese, for every endpoint alike", async () => {
    const cls = await sessionClass();
    const targets: Array<[string, string]> = [
      ["POST", "/api/branches"],
      ["POST", "/api/trials"],
      ["PATCH", `/api/classes/${cls.id}`],
      ["PUT", `/api/classes/${cls.id}/attendance`],
      ["POST", "/api/login"],
    ];
    for (const [method, path] of targets) {
      for (const body of ["[]", '[{"name":"Centro"}]', '"texto"', "42", "null", "true"]) {
        const res = await admin.request(method, path, body, { "Content-Type": "application/json" });
        expect([res.status, res.body], `${method} ${path} ${body}`).toEqual([
          400,
          { message: "O corpo da requisição deve ser um objeto JSON" },
        ]);
      }
    }
    // An object is read as before.
    const res = await admin.post("/api/branches", "{}", { "Content-Type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.body.errors?.name).toBeDefined();
  });
});
