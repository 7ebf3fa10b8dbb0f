import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiClient, anonymous, signIn, uniqueEmail } from "../support/http";
import { testDb } from "../support/db";
import { makeBranch, makeClass, makeClassroom, makeGuardian, makeSchedule, makeTrial } from "../support/factories";

/**
 * Fields a caller must not set (ids, password hashes, server-assigned numbers,
 * timestamps, ownership links, the trial status on create...) are dropped:
 * the answer and the database show the server's values.
 */

const FORGED_ID = "11111111-1111-4111-8111-111111111111";
const LONG_AGO = "2000-01-01T00:00:00.000Z";
// An argon2 hash of some other password: if it were stored, "segredo123" would stop working.
const FORGED_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$QmFkSGFzaEJhZEhhc2hCYWRIYXNoQmFkSGFzaA";
const forged = { id: FORGED_ID, createdAt: LONG_AGO, updatedAt: LONG_AGO };

let admin: ApiClient;
let team: ApiClient;

async function rawRow(table: string, id: string): Promise<Record<string, unknown> | null> {
  const [rows] = await testDb().query(`SELECT * FROM ${table} WHERE id = :id`, { replacements: { id } });
  return (rows[0] as Record<string, unknown>) ?? null;
}

async function exists(table: string, id: string) {
  return (await rawRow(table, id)) !== null;
}

const recent = (iso: string) => Math.abs(Date.parse(iso) - Date.now()) < 10 * 60_000;

async function canSignIn(email: string, password: string) {
  return (await anonymous().post("/api/login", { email, password })).status === 200;
}

beforeAll(async () => {
  [admin, team] = await Promise.all([signIn("Administrator"), signIn("Team")]);
});

describe("users and sessions", () => {
  it("POST /api/register ignores id, passwordHash, timestamps and avatarUrl", async () => {
    const email = uniqueEmail("ma");
    const res = await anonymous().post("/api/register", {
      name: "Registro",
      email,
      password: "segredo123",
      userType: "Client",
      passwordHash: FORGED_HASH,
      avatarUrl: "https://evil.example/x.png",
      ...forged,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(FORGED_ID);
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(res.body.avatarUrl).toBeNull();
    expect(recent(res.body.createdAt)).toBe(true);
    expect(await exists("users", FORGED_ID)).toBe(false);
    expect((await rawRow("users", res.body.id))!.passwordHash).not.toBe(FORGED_HASH);
    expect(await canSignIn(email, "segredo123")).toBe(true);
  });

  it("POST /api/users ignores id, passwordHash and timestamps", async () => {
    const email = uniqueEmail("ma");
    const res = await admin.post("/api/users", {
      name: "Criado",
      email,
      password: "segredo123",
      userType: "Team",
      passwordHash: FORGED_HASH,
      ...forged,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(FORGED_ID);
    expect(recent(res.body.createdAt)).toBe(true);
    expect((await rawRow("users", res.body.id))!.passwordHash).not.toBe(FORGED_HASH);
    expect(await canSignIn(email, "segredo123")).toBe(true);
  });

  it("PATCH /api/users/{id} ignores passwordHash, id and createdAt (the password only changes through `password`)", async () => {
    const email = uniqueEmail("ma");
    const user = (await admin.post("/api/users", { name: "Alvo", email, password: "segredo123", userType: "Team" })).body;
    const hashBefore = (await rawRow("users", user.id))!.passwordHash;
    const res = await admin.patch(`/api/users/${user.id}`, { name: "Alvo Novo", passwordHash: FORGED_HASH, ...forged });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: "Alvo Novo", createdAt: user.createdAt });
    expect((await rawRow("users", user.id))!.passwordHash).toBe(hashBefore);
    expect(await exists("users", FORGED_ID)).toBe(false);
    expect(await canSignIn(email, "segredo123")).toBe(true);
  });

  it("PATCH /api/users/{id} refuses an avatarUrl this server did not issue", async () => {
    const user = (await admin.post("/api/users", { name: "Avatar", email: uniqueEmail("ma"), password: "segredo123", userType: "Team" }))
      .body;
    for (const avatarUrl of [
      "https://evil.example/x.png",
      "javascript:alert(1)",
      "/uploads/../../etc/passwd",
      `/uploads/${randomUUID()}`,
    ]) {
      expect((await admin.patch(`/api/users/${user.id}`, { avatarUrl })).status).toBe(400);
      expect((await admin.put(`/api/users/${user.id}/avatar`, { avatarUrl })).status).toBe(400);
    }
    expect((await rawRow("users", user.id))!.avatarUrl).toBeNull();
  });

  it("POST /api/login with userType or id does not change who is signed in", async () => {
    const client = await signIn("Client");
    const res = await client.post("/api/login", {
      email: client.user!.email,
      password: "segredo123",
      userType: "Administrator",
      id: FORGED_ID,
    });
    expect(res.status).toBe(200);
    expect(res.body.userType).toBe("Client");
    const me = await client.get("/api/user");
    expect(me.body).toMatchObject({ id: client.user!.id, userType: "Client" });
    expect((await client.post("/api/courses", { name: "Não deve" })).status).toBe(403);
  });
});

describe("master data", () => {
  it("POST/PATCH of courses, branches and offers ignore id and timestamps", async () => {
    const course = await admin.post("/api/courses", { name: "Curso MA", ...forged });
    expect(course.status).toBe(201);
    const branch = await admin.post("/api/branches", { name: "Unidade MA", address: "Rua", ...forged });
    expect(branch.status).toBe(201);
    const offer = await admin.post("/api/offers", {
      name: "Oferta MA",
      monthlyValue: "10.00",
      checkoutLink: "https://pagar.exemplo.com/ma",
      branchId: branch.body.id,
      ...forged,
    });
    expect(offer.status).toBe(201);
    for (const [res, path] of [
      [course, "/api/courses"],
      [branch, "/api/branches"],
      [offer, "/api/offers"],
    ] as const) {
      expect(res.body.id).not.toBe(FORGED_ID);
      expect(recent(res.body.createdAt)).toBe(true);
      const patched = await admin.patch(`${path}/${res.body.id}`, { id: randomUUID(), createdAt: LONG_AGO });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: res.body.id, createdAt: res.body.createdAt });
    }
    for (const table of ["courses", "branches", "offers"]) expect(await exists(table, FORGED_ID)).toBe(false);
  });

  it("PATCH /api/classrooms/{id} does not move the classroom to another branch", async () => {
    const [home, other] = [await makeBranch(), await makeBranch()];
    const room = await makeClassroom(home.id);
    const res = await admin.patch(`/api/classrooms/${room.id}`, { name: "Sala Movida?", branchId: other.id, id: FORGED_ID });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: room.id, branchId: home.id, name: "Sala Movida?" });
    expect((await rawRow("classrooms", room.id))!.branchId).toBe(home.id);
  });

  it("PATCH /api/classroom-schedules/{id} does not move the slot to another classroom", async () => {
    const branch = await makeBranch();
    const [home, other] = [await makeClassroom(branch.id), await makeClassroom(branch.id)];
    const slot = await makeSchedule(home.id);
    const res = await admin.patch(`/api/classroom-schedules/${slot.id}`, { classroomId: other.id, startTime: "07:00", id: FORGED_ID });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: slot.id, classroomId: home.id, startTime: "07:00" });
  });

  it("POST /api/classes ignores classNumber (999999) and id: the server numbers it; PATCH cannot renumber", async () => {
    const base = await makeClass();
    const slot = await makeSchedule(base.classroomId, { dayOfWeek: "Sábado", startTime: "09:00", endTime: "10:00" });
    const [counter] = await testDb().query(`SELECT value FROM counters WHERE name = 'classNumber'`);
    const last = Number((counter as Array<{ value: number }>)[0].value);
    const res = await admin.post("/api/classes", {
      courseId: base.courseId,
      responsibleId: base.responsibleId,
      branchId: base.branchId,
      classroomId: base.classroomId,
      scheduleIds: [slot.id],
      classNumber: 999_999,
      ...forged,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(FORGED_ID);
    expect(res.body.classNumber).not.toBe(999_999);
    expect(res.body.classNumber).toBeGreaterThan(last);
    expect(res.body.classNumber).toBeLessThan(last + 1000);

    const patched = await admin.patch(`/api/classes/${res.body.id}`, { classNumber: 1, id: FORGED_ID, active: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: res.body.id, classNumber: res.body.classNumber, active: false });
    expect(Number((await rawRow("classes", res.body.id))!.classNumber)).toBe(res.body.classNumber);
  });
});

describe("guardians", () => {
  it("POST /api/guardians ignores userId, guardianId and person ids: the client user is made from the primary person", async () => {
    const stranger = await signIn("Client");
    const other = await makeGuardian(1);
    const email = uniqueEmail("prim");
    const res = await admin.post("/api/guardians", {
      address: "Rua MA",
      userId: stranger.user!.id,
      ...forged,
      persons: [
        {
          fullName: "Primária",
          cpf: "12345678901",
          email,
          birthDate: "1990-01-01",
          phone: "11987654321",
          isPrimary: true,
          guardianId: other.guardian.id,
          id: FORGED_ID,
        },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(FORGED_ID);
    expect(res.body.userId).not.toBe(stranger.user!.id);
    const created = await rawRow("users", res.body.userId);
    expect(created).toMatchObject({ email, userType: "Client" });
    const [persons] = await testDb().query(`SELECT * FROM guardian_persons WHERE "guardianId" = :g`, { replacements: { g: res.body.id } });
    expect(persons).toHaveLength(1);
    expect((persons[0] as { id: string }).id).not.toBe(FORGED_ID);
    const [left] = await testDb().query(`SELECT COUNT(*) AS n FROM guardian_persons WHERE "guardianId" = :g`, {
      replacements: { g: other.guardian.id },
    });
    expect(Number((left as Array<{ n: number }>)[0].n)).toBe(1);
  });

  it("POST /api/guardians refuses two primary persons (exactly one primary)", async () => {
    const person = (email: string) => ({
      fullName: "P",
      cpf: "12345678901",
      email,
      birthDate: "1990-01-01",
      phone: "11987654321",
      isPrimary: true,
    });
    const before = await testDb().query(`SELECT COUNT(*) AS n FROM guardians`);
    const res = await admin.post("/api/guardians", { address: "Rua", persons: [person(uniqueEmail("a")), person(uniqueEmail("b"))] });
    expect(res.status).toBe(400);
    expect(await testDb().query(`SELECT COUNT(*) AS n FROM guardians`)).toEqual(before);
  });

  it("PATCH /api/guardian-persons/{id} cannot move a person to another guardian, and keeps exactly one primary", async () => {
    const a = await makeGuardian(2);
    const b = await makeGuardian(1);
    const [primary, second] = a.persons;
    const moved = await admin.patch(`/api/guardian-persons/${second.id}`, {
      guardianId: b.guardian.id,
      id: FORGED_ID,
      createdAt: LONG_AGO,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: second.id, guardianId: a.guardian.id });

    // Unmarking the primary directly would leave none: refused.
    expect((await admin.patch(`/api/guardian-persons/${primary.id}`, { isPrimary: false })).status).toBe(409);
    // Marking the other one moves the flag.
    expect((await admin.patch(`/api/guardian-persons/${second.id}`, { isPrimary: true })).status).toBe(200);
    const [rows] = await testDb().query(`SELECT id FROM guardian_persons WHERE "guardianId" = :g AND "isPrimary" = :t`, {
      replacements: { g: a.guardian.id, t: true },
    });
    expect(rows).toEqual([{ id: second.id }]);
  });
});

describe("trials", () => {
  let classId: string;
  beforeAll(async () => {
    classId = (await makeClass()).cls.id;
  });
  const trial = () => ({
    guardianName: "Mãe",
    studentName: "Filha",
    classId,
    whatsappNumber: "11987654321",
    scheduledDate: "2026-11-21",
    scheduledTime: "08:00",
  });

  it("POST /api/trials with status 'Quer Matricular' (and id, timestamps) creates an 'Agendado' trial with one 'Agendado' history entry", async () => {
    const res = await team.post("/api/trials", { ...trial(), status: "Quer Matricular", ...forged });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("Agendado");
    expect(res.body.id).not.toBe(FORGED_ID);
    expect(recent(res.body.createdAt)).toBe(true);
    const history = await team.get(`/api/trials/${res.body.id}/history`);
    expect(history.body.map((h: { status: string }) => h.status)).toEqual(["Agendado"]);
  });

  it("PATCH /api/trials/{id} cannot backdate createdAt (the sales-cycle KPI counts from it) nor change the id", async () => {
    const made = await makeTrial(classId, {}, [{ status: "Agendado", changedAt: new Date() }]);
    const before = (await team.get(`/api/trials/${made.id}`)).body;
    const res = await team.patch(`/api/trials/${made.id}`, {
      status: "Quer Matricular",
      id: FORGED_ID,
      createdAt: LONG_AGO,
      updatedAt: LONG_AGO,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.id, status: "Quer Matricular", createdAt: before.createdAt });
    expect(recent(res.body.updatedAt)).toBe(true);
    const history = (await team.get(`/api/trials/${made.id}/history`)).body.map((h: { status: string }) => h.status);
    expect(history).toEqual(["Agendado", "Quer Matricular"]);
    expect(await exists("trials", FORGED_ID)).toBe(false);
  });

  it("a history entry cannot be forged through the trial body", async () => {
    const made = await makeTrial(classId, {}, [{ status: "Agendado", changedAt: new Date() }]);
    const res = await team.patch(`/api/trials/${made.id}`, {
      studentName: "Outra",
      history: [{ status: "Compareceu", changedAt: LONG_AGO }],
      changedAt: LONG_AGO,
      trialId: FORGED_ID,
    });
    expect(res.status).toBe(200);
    const history = (await team.get(`/api/trials/${made.id}/history`)).body;
    expect(history.map((h: { status: string }) => h.status)).toEqual(["Agendado"]);
  });
});
