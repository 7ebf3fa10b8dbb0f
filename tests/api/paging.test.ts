import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { testDb } from "../support/db";
import {
  makeBranch,
  makeClass,
  makeClassroom,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeSchedule,
  makeStudent,
  makeTrial,
  makeUser,
} from "../support/factories";
import { Trial } from "../../db/models";

/**
 * Every list endpoint answers the whole list without parameters and one page
 * with `limit`/`cursor`, the next page's URL in `Link`. Walking the pages must
 * give the whole list exactly once, in the same order, also when rows share
 * every visible sort field. Other test files write at the same time, so exact
 * comparisons use filtered lists (a month, a search, a branch) that only this
 * file fills.
 */

let admin: ApiClient;

beforeAll(async () => {
  admin = await signIn("Administrator");
});

/** The same instant for many rows (as bulk imports make them), in a form both databases read. */
async function setCreatedAt(table: string, ids: string[], at = "2030-01-02 03:04:05.678 +00:00") {
  for (const id of ids) {
    await testDb().query(`UPDATE "${table}" SET "createdAt" = :at WHERE "id" = :id`, { replacements: { at, id } });
  }
}

function nextOf(link: string | null): string | null {
  if (!link) return null;
  const m = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(m, `Link header: ${link}`).not.toBeNull();
  return m![1];
}

/** An item of a list answer: these tests read its id (and compare the rest whole). */
type Listed = { id: string };
/** The fields of a calendar trial that give its order. */
type CalendarTrial = { scheduledDate: string; scheduledTime: string; studentName: string };

/** Follows `Link` from `first` to the end; every page is a 200 of at most `limit` items. */
async function walk(client: ApiClient, first: string, limit: number): Promise<{ pages: Listed[][]; items: Listed[] }> {
  const pages: Listed[][] = [];
  let url: string | null = first;
  while (url) {
    const res = await client.get(url);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    const next = nextOf(res.headers.get("Link"));
    if (next) {
      expect(res.body.length).toBe(limit);
      expect(new URL(next, "http://x").searchParams.get("limit")).toBe(String(limit));
    }
    pages.push(res.body);
    url = next;
    expect(pages.length).toBeLessThan(500);
  }
  return { pages, items: pages.flat() };
}

function ids(items: Array<{ id: string }>): string[] {
  return items.map((i) => i.id);
}

function expectUnique(list: string[]) {
  expect(new Set(list).size).toBe(list.length);
}

describe("GET /api/trials: paging", () => {
  const month = "2041-03";
  let classId: string;
  let made: string[];

  beforeAll(async () => {
    classId = (await makeClass()).cls.id;
    made = [];
    // Ties on every visible sort field (date, time, student) and on createdAt: only the id tells them apart.
    for (let i = 0; i < 7; i++) {
      made.push((await makeTrial(classId, { scheduledDate: `${month}-10`, scheduledTime: "18:00", studentName: "Ana Igual" })).id);
    }
    for (let i = 0; i < 6; i++) {
      const day = String(1 + ((i * 7) % 28)).padStart(2, "0");
      made.push((await makeTrial(classId, { scheduledDate: `${month}-${day}`, scheduledTime: `0${i}:30`, studentName: `Aluna ${i}` })).id);
    }
    await setCreatedAt("trials", made);
  });

  it("walks the month page by page exactly once, in the order of the whole list", async () => {
    const full = await admin.get(`/api/trials?month=${month}`);
    expect(full.status).toBe(200);
    expect(full.headers.get("Link")).toBeNull();
    expect(ids(full.body).sort()).toEqual([...made].sort());
    // Calendar order: date, time, student.
    const keys = full.body.map((t: CalendarTrial) => `${t.scheduledDate} ${t.scheduledTime} ${t.studentName}`);
    expect(keys).toEqual([...keys].sort());

    for (const limit of [1, 2, 3, 5, 13, 500]) {
      const { items, pages } = await walk(admin, `/api/trials?month=${month}&limit=${limit}`, limit);
      expectUnique(ids(items));
      expect(items).toEqual(full.body);
      expect(pages.length).toBe(Math.max(1, Math.ceil(made.length / limit)));
    }
  });

  it("sends Link only while there are more rows, keeping the other query parameters", async () => {
    const first = await admin.get(`/api/trials?month=${month}&limit=5`);
    expect(first.headers.get("Link")).toMatch(new RegExp(`^</api/trials\\?month=${month}&limit=5&cursor=[A-Za-z0-9_-]+>; rel="next"$`));
    const all = await admin.get(`/api/trials?month=${month}&limit=${made.length}`);
    expect(all.body).toHaveLength(made.length);
    expect(all.headers.get("Link")).toBeNull();
    // A cursor alone pages by 100.
    const cursor = new URL(nextOf(first.headers.get("Link"))!, "http://x").searchParams.get("cursor");
    const rest = await admin.get(`/api/trials?month=${month}&cursor=${cursor}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(all.body.slice(5));
    expect(rest.headers.get("Link")).toBeNull();
  });

  it("refuses a bad limit or cursor with a 400 in Portuguese, never a 500", async () => {
    for (const limit of ["0", "501", "-1", "1.5", "abc", "", "99999999999"]) {
      const res = await admin.get(`/api/trials?limit=${encodeURIComponent(limit)}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body.message).toMatch(/^Limite inválido/);
      expect(res.body.errors.limit).toHaveLength(1);
    }
    const usersCursor = new URL(nextOf((await admin.get("/api/users?limit=1")).headers.get("Link"))!, "http://x").searchParams.get(
      "cursor",
    )!;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const bad = [
      "x",
      "!!!",
      "a".repeat(3000),
      b64("trials"),
      b64(["trials", "2041-03-10", "18:00", "Ana"]),
      b64(["trials", "2041-03-10", "18:00", "Ana", "not-a-uuid"]),
      b64(["trials", "2041-02-30", "18:00", "Ana", randomUUID()]),
      b64(["trials", "2041-03-10", 1800, "Ana", randomUUID()]),
      b64(["trials", "2041-03-10", "18:00", "A\u0000na", randomUUID()]),
      b64(["courses", "Ana", randomUUID()]),
      usersCursor,
      Buffer.from("{not json").toString("base64url"),
    ];
    for (const cursor of bad) {
      const res = await admin.get(`/api/trials?month=${month}&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, `cursor=${cursor.slice(0, 60)}`).toBe(400);
      expect(res.body).toEqual({ message: "Cursor inválido", errors: { cursor: ["Cursor inválido"] } });
    }
    // A well-formed key of this list is a position, whatever it names.
    const res = await admin.get(
      `/api/trials?month=${month}&cursor=${b64(["trials", "2041-03-10", "18:00", "Ana Igual", "00000000-0000-4000-8000-000000000000"])}`,
    );
    expect(res.status).toBe(200);
  });
});

describe("a whole list longer than one batch", () => {
  const month = "2041-07";
  const total = 1234;

  beforeAll(async () => {
    const classId = (await makeClass()).cls.id;
    const rows = Array.from({ length: total }, (_, i) => ({
      guardianName: "Responsável Lote",
      studentName: i % 3 === 0 ? "Mesmo Nome" : `Aluno ${String(i % 97).padStart(2, "0")}`,
      classId,
      whatsappNumber: "11987654321",
      scheduledDate: `${month}-${String(1 + (i % 3)).padStart(2, "0")}`,
      scheduledTime: i % 2 ? "10:00" : "09:00",
      status: "Agendado",
      origin: "Outros",
    }));
    await Trial.bulkCreate(rows);
  });

  it("streams the whole list (no Content-Length) as the JSON of the array, equal to its pages", async () => {
    const res = await admin.raw("GET", `/api/trials?month=${month}`, { headers: { "Accept-Encoding": "identity" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Content-Length")).toBeNull();
    expect(res.headers.get("Link")).toBeNull();
    const text = await res.text();
    const list = JSON.parse(text);
    expect(list).toHaveLength(total);
    expect(text).toBe(JSON.stringify(list));
    expectUnique(ids(list));
    const keys = list.map((t: CalendarTrial) => `${t.scheduledDate} ${t.scheduledTime} ${t.studentName}`);
    expect(keys).toEqual([...keys].sort());

    const { items, pages } = await walk(admin, `/api/trials?month=${month}&limit=500`, 500);
    expect(pages.map((p) => p.length)).toEqual([500, 500, 234]);
    expect(items).toEqual(list);
  });

  it("all-histories: pages of trials whose members together make the whole object", async () => {
    const full = await admin.get(`/api/trials/all-histories?month=${month}`);
    expect(full.status).toBe(200);
    expect(Object.keys(full.body)).toHaveLength(total);
    const merged: Record<string, unknown> = {};
    let url: string | null = `/api/trials/all-histories?month=${month}&limit=400`;
    let pages = 0;
    while (url) {
      const res = await admin.get(url);
      expect(res.status).toBe(200);
      for (const [id, entries] of Object.entries(res.body)) {
        expect(merged[id]).toBeUndefined();
        merged[id] = entries;
      }
      url = nextOf(res.headers.get("Link"));
      pages++;
    }
    expect(pages).toBe(4);
    expect(merged).toEqual(full.body);
  });
});

describe("every list endpoint pages", () => {
  const tag = randomUUID().slice(0, 8);
  const paths: Record<string, string> = {};
  const mine: Record<string, string[]> = {};

  beforeAll(async () => {
    const branch = await makeBranch({ name: `Unidade Paging ${tag}` });
    const classroom = await makeClassroom(branch.id, { name: `Sala Paging ${tag}` });
    const rooms = [classroom.id, (await makeClassroom(branch.id, { name: `Sala Paging ${tag}` })).id, (await makeClassroom(branch.id)).id];
    const schedules = [
      (await makeSchedule(classroom.id, { dayOfWeek: "Sábado", startTime: "08:00", endTime: "09:00" })).id,
      (await makeSchedule(classroom.id, { dayOfWeek: "Segunda", startTime: "10:00", endTime: "11:00" })).id,
      (await makeSchedule(classroom.id, { dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" })).id,
      (await makeSchedule(classroom.id, { dayOfWeek: "Terça", startTime: "08:00", endTime: "09:00" })).id,
    ];
    const classes = [];
    for (let i = 0; i < 3; i++) {
      classes.push(
        await makeClass({
          branchId: branch.id,
          classroomId: rooms[2],
          schedules: [
            { dayOfWeek: "Quarta", startTime: "08:00", endTime: "09:00" },
            { dayOfWeek: "Quinta", startTime: "08:00", endTime: "09:00" },
            { dayOfWeek: "Sexta", startTime: "08:00", endTime: "09:00" },
          ],
        }),
      );
    }
    const links = (await admin.get(`/api/classes/${classes[0].cls.id}/schedules`)).body.map((l: Listed) => l.id);
    await setCreatedAt("class_schedules", links);
    const users = [];
    for (let i = 0; i < 5; i++) users.push((await makeUser({ name: `Igual ${tag}` })).id);
    const guardians = [];
    for (let i = 0; i < 5; i++) guardians.push(await makeGuardian(3));
    await setCreatedAt(
      "guardians",
      guardians.slice(1).map((g) => g.guardian.id),
    );
    for (const g of guardians) {
      await testDb().query(`UPDATE "guardian_persons" SET "fullName" = :name WHERE "id" = :id`, {
        replacements: { name: `Igual ${tag}`, id: g.persons[1].id },
      });
      await testDb().query(`UPDATE "guardian_persons" SET "fullName" = :name WHERE "id" = :id`, {
        replacements: { name: `Igual ${tag}`, id: g.persons[2].id },
      });
    }
    for (let i = 0; i < 3; i++) {
      const offer = await admin.post("/api/offers", {
        name: `Oferta Igual ${tag}`,
        monthlyValue: "189,90",
        checkoutLink: "https://pagamento.example.com/x",
        branchId: branch.id,
        active: true,
      });
      expect(offer.status).toBe(201);
    }
    const trial = await makeTrial(classes[0].cls.id, {}, [
      { status: "Agendado", changedAt: new Date("2030-01-01T10:00:00Z") },
      { status: "Compareceu", changedAt: new Date("2030-01-01T10:00:00Z") },
      { status: "Reagendado", changedAt: new Date("2030-01-02T10:00:00Z") },
    ]);

    // Students sharing a name, and enrolments sharing a creation time: the id breaks the ties.
    const students = [];
    for (let i = 0; i < 5; i++) students.push((await makeStudent(guardians[0].guardian.id, { fullName: `Igual ${tag}` })).id);
    const enrollmentOffer = await makeOffer(branch.id);
    const enrollments = [];
    for (const studentId of students) {
      enrollments.push((await makeEnrollment({ studentId, classId: classes[1].cls.id, offerId: enrollmentOffer.id })).id);
    }
    await setCreatedAt("enrollments", enrollments);

    Object.assign(paths, {
      studentsOfGuardian: `/api/students?guardianId=${guardians[0].guardian.id}`,
      studentsFound: `/api/students?q=${tag}`,
      enrollmentsOfClass: `/api/enrollments?classId=${classes[1].cls.id}`,
      classroomsOfBranch: `/api/classrooms/branch/${branch.id}`,
      schedulesOfClassroom: `/api/classroom-schedules/classroom/${classroom.id}`,
      classesOfBranch: `/api/classes?branchId=${branch.id}`,
      linksOfClass: `/api/classes/${classes[0].cls.id}/schedules`,
      usersFound: `/api/users?q=${tag}`,
      guardiansFound: `/api/guardians?q=${tag}`,
      personsOfGuardian: `/api/guardians/${guardians[0].guardian.id}/persons`,
      historyOfTrial: `/api/trials/${trial.id}/history`,
    });
    Object.assign(mine, {
      studentsOfGuardian: students,
      studentsFound: students,
      enrollmentsOfClass: enrollments,
      classroomsOfBranch: rooms,
      schedulesOfClassroom: schedules,
      classesOfBranch: classes.map((c) => c.cls.id),
      linksOfClass: links,
      usersFound: users,
      guardiansFound: guardians.map((g) => g.guardian.id),
      personsOfGuardian: guardians[0].persons.map((p) => p.id),
    });
  });

  it("filtered lists: pages of 1 and 2 give the whole list exactly once, in its order", async () => {
    for (const [name, path] of Object.entries(paths)) {
      const full = await admin.get(path);
      expect(full.status, `${name}: ${JSON.stringify(full.body)}`).toBe(200);
      expect(full.headers.get("Link")).toBeNull();
      if (mine[name]) expect(ids(full.body).sort(), name).toEqual([...mine[name]].sort());
      else expect(full.body.length, name).toBeGreaterThan(1);
      for (const limit of [1, 2]) {
        const sep = path.includes("?") ? "&" : "?";
        const { items } = await walk(admin, `${path}${sep}limit=${limit}`, limit);
        expectUnique(ids(items));
        expect(items, `${name} limit=${limit}`).toEqual(full.body);
      }
    }
  });

  it("keeps each list's order: schedules Monday first, persons primary first, history oldest first", async () => {
    const schedules = (await admin.get(paths.schedulesOfClassroom)).body;
    expect(schedules.map((s: { dayOfWeek: string; startTime: string }) => `${s.dayOfWeek} ${s.startTime}`)).toEqual([
      "Segunda 08:00",
      "Segunda 10:00",
      "Terça 08:00",
      "Sábado 08:00",
    ]);
    const persons = (await admin.get(paths.personsOfGuardian)).body;
    expect(persons[0].isPrimary).toBe(true);
    const history = (await admin.get(paths.historyOfTrial)).body;
    expect(history.map((h: { status: string }) => h.status).at(-1)).toBe("Reagendado");
  });

  it("unfiltered lists: pages have no duplicates and keep the whole list's order", async () => {
    // Small pages for the short lists (the branches' mixed-direction key, the schedules' weekday key).
    const lists: Array<[string, number]> = [
      ["/api/branches", 2],
      ["/api/courses", 7],
      ["/api/offers", 7],
      ["/api/classrooms", 7],
      ["/api/classroom-schedules", 7],
      ["/api/classes", 7],
      ["/api/class-schedules", 7],
      ["/api/users", 200],
      ["/api/guardians", 200],
      ["/api/trials", 500],
    ];
    for (const [path, limit] of lists) {
      const { items } = await walk(admin, `${path}?limit=${limit}`, limit);
      expectUnique(ids(items));
      const full = await admin.get(path);
      expect(full.status).toBe(200);
      // Other test files may write meanwhile: compare the rows both reads saw, in order.
      const walked = new Set(ids(items));
      const both = ids(full.body).filter((id) => walked.has(id));
      const inFull = new Set(both);
      expect(
        ids(items).filter((id) => inFull.has(id)),
        path,
      ).toEqual(both);
      expect(both.length, path).toBeGreaterThan(0);
    }
  });

  it("the lists that also page by number refuse mixing both styles", async () => {
    for (const path of ["/api/users?page=1&limit=5", "/api/guardians?page=1&cursor=abc"]) {
      const res = await admin.get(path);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Use `page` ou `limit`/`cursor`, não os dois");
    }
  });
});

/** The parts of the OpenAPI document that the list check reads. */
type OpenApiDocument = {
  paths: Record<
    string,
    {
      get?: {
        operationId?: string;
        parameters?: Array<{ in: string; name: string; schema?: unknown }>;
        responses: Record<
          string,
          { description?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: { type?: string } }> }
        >;
      };
    }
  >;
};

describe("the OpenAPI document", () => {
  it("lists limit, cursor, the Link header and the 400 for every list endpoint", async () => {
    const doc: OpenApiDocument = (await admin.get("/api/openapi.json")).body;
    const lists: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (!op) continue;
      const schema = op.responses["200"]?.content?.["application/json"]?.schema;
      if (schema?.type !== "array" && op.operationId !== "listAllTrialHistories") continue;
      lists.push(path);
      const names = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(["limit", "cursor"]));
      const limit = op.parameters?.find((p) => p.name === "limit");
      expect(limit?.schema).toEqual({ type: "integer", minimum: 1, maximum: 500 });
      expect(op.responses["200"].headers?.Link, path).toBeDefined();
      expect(op.responses["400"]?.description, path).toMatch(/Cursor inválido/);
    }
    expect(lists.sort()).toEqual(
      [
        "/api/users",
        "/api/offers",
        "/api/branches",
        "/api/classrooms",
        "/api/classrooms/branch/{branchId}",
        "/api/classroom-schedules",
        "/api/classroom-schedules/classroom/{classroomId}",
        "/api/courses",
        "/api/classes",
        "/api/classes/{id}/schedules",
        "/api/class-schedules",
        "/api/guardians",
        "/api/guardians/{id}/persons",
        "/api/trials",
        "/api/trials/all-histories",
        "/api/trials/{id}/history",
        "/api/classes/{id}/sessions",
        "/api/makeups",
        "/api/makeups/options",
        "/api/students",
        "/api/enrollments",
        "/api/audit",
        "/api/tasks",
        "/api/charges",
        "/api/billing/overdue",
        "/api/jobs",
      ].sort(),
    );
  });
});
