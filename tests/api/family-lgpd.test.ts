import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { anonymous, signIn, type ApiClient, type Json } from "../support/http";
import { testDb } from "../support/db";
import { addDays, today } from "../../app/domain/calendar/dates";
import { firstSessionDate, latestSessionOnOrBefore } from "../../app/domain/calendar/sessions";
import { formatCpf, formatPhone } from "../../app/lib/format";
import { FAMILY_TABLES, NOT_EXPORTED } from "../../app/domain/family/lgpd/schema";
import {
  makeAbsenceNotice,
  makeAttendance,
  makeBranch,
  makeCharge,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeMakeup,
  makeOffer,
  makePayment,
  makeStudent,
  makeTask,
  makeTrial,
} from "../support/factories";

/**
 * The family's LGPD requests (issue 27): 'Baixar meus dados'
 * (GET /api/guardians/{id}/export) and 'Anonimizar família'
 * (POST /api/guardians/{id}/anonymize). The export holds every table that
 * refers to the family (read from the database's own schema here, so a new
 * table that is not exported fails this file); the anonymisation leaves no
 * name, CPF, e-mail, phone or address of the family in any text column of
 * any table, keeps the roll calls and make-ups, cancels the enrolments (the
 * waiting list moves) and shuts the family's user out.
 */

const PASSWORD = "segredo123";
const tag = () => randomUUID().slice(0, 8);
const phone = () => `119${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

interface Family {
  client: ApiClient;
  userId: string;
  userName: string;
  userEmail: string;
  guardianId: string;
  familyName: string;
  address: string;
  persons: Array<{ id: string; fullName: string; cpf: string; email: string; phone: string }>;
  studentId: string;
  studentName: string;
  enrollmentIds: string[];
  recordIds: string[];
  makeupId: string;
  trialId: string;
  trial: { studentName: string; guardianName: string; whatsapp: string };
}

let admin: ApiClient;
let team: ApiClient;
let catalogue: {
  classId: string;
  scheduleId: string;
  offerId: string;
  smallClassId: string;
  makeupClassId: string;
  makeupScheduleId: string;
  branchId: string;
};
let session: { date: string; scheduleId: string };

/** A family with a Client, two persons, a child enrolled from a trial, an absence and its make-up; `seat`: also in the class of one seat. */
async function makeFamily({ seat = false } = {}): Promise<Family> {
  const t = tag();
  const client = await signIn("Client", `Cliente Fam${t}`);
  const made = await makeGuardian(2);
  const address = `Rua Família ${t}, 12`;
  await made.guardian.update({ userId: client.user!.id, address });
  const persons = [];
  for (const [i, p] of made.persons.entries()) {
    await p.update({ fullName: `Pessoa${i} Fam${t}`, email: `p${i}.${t}@familia.com`, phone: phone() });
    persons.push({ id: p.id, fullName: p.fullName, cpf: p.cpf, email: p.email, phone: p.phone! });
  }
  const student = await makeStudent(made.guardian.id, { fullName: `Criança Fam${t}`, notes: `Alergia de Criança Fam${t}` });
  const trial = await makeTrial(
    catalogue.classId,
    {
      studentName: `Experimental Fam${t}`,
      guardianName: `Contato Fam${t}`,
      whatsappNumber: phone(),
      scheduledDate: today(),
    },
    [{ status: "Agendado", changedAt: new Date() }],
  );
  const enrollment = await makeEnrollment({
    studentId: student.id,
    classId: catalogue.classId,
    offerId: catalogue.offerId,
    startDate: "2020-01-06",
    trialId: trial.id,
  });
  await trial.update({ enrollmentId: enrollment.id });
  // A second enrolment, in the class of one seat (someone waits for it).
  const small = seat
    ? await makeEnrollment({ studentId: student.id, classId: catalogue.smallClassId, offerId: catalogue.offerId, startDate: "2020-01-06" })
    : null;
  const absence = await makeAttendance({
    enrollmentId: enrollment.id,
    classId: catalogue.classId,
    scheduleId: session.scheduleId,
    date: session.date,
    status: "Falta",
    note: `Avisado por Pessoa0 Fam${t}`,
  });
  const makeup = await makeMakeup({
    absenceId: absence.id,
    classId: catalogue.makeupClassId,
    scheduleId: catalogue.makeupScheduleId,
    date: addDays(today(), 7),
  });
  // A warning of absence for the next Monday's session, a follow-up task of the trial, and a charge paid by Pix.
  await makeAbsenceNotice({
    enrollmentId: enrollment.id,
    classId: catalogue.classId,
    scheduleId: session.scheduleId,
    date: addDays(session.date, 7),
    note: `Viagem de Pessoa0 Fam${t}`,
  });
  await makeTask({ trialId: trial.id, ownerId: null, note: `Ligar para Contato Fam${t}` });
  const charge = await admin.post("/api/charges", {
    guardianId: made.guardian.id,
    studentId: student.id,
    branchId: catalogue.branchId,
    description: "Figurino do festival",
    amount: "50.00",
    dueDate: addDays(today(), 10),
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  const paid = await admin.post(`/api/charges/${charge.body.id}/payments`, { amount: "50.00", paidOn: today(), method: "Pix" });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return {
    client,
    userId: client.user!.id,
    userName: client.user!.name,
    userEmail: client.user!.email,
    guardianId: made.guardian.id,
    familyName: persons[0].fullName,
    address,
    persons,
    studentId: student.id,
    studentName: student.fullName,
    enrollmentIds: small ? [enrollment.id, small.id] : [enrollment.id],
    recordIds: [absence.id],
    makeupId: makeup.id,
    trialId: trial.id,
    trial: { studentName: trial.studentName, guardianName: trial.guardianName, whatsapp: trial.whatsappNumber },
  };
}

/** What tells the family's people: names, CPFs (raw and masked), e-mails, phones (raw and masked), the address. */
function personalValues(f: Family): string[] {
  return [
    f.userName,
    f.userEmail,
    f.address,
    ...f.persons.flatMap((p) => [p.fullName, p.cpf, formatCpf(p.cpf), p.email, p.phone, formatPhone(p.phone)]),
    f.studentName,
    f.trial.studentName,
    f.trial.guardianName,
    f.trial.whatsapp,
    formatPhone(f.trial.whatsapp),
  ];
}

async function exportOf(client: ApiClient, guardianId: string): Promise<{ res: Response; file: Json }> {
  const res = await client.raw("GET", `/api/guardians/${guardianId}/export`);
  const text = await res.text();
  let file: Json = null;
  try {
    file = JSON.parse(text);
  } catch {
    file = text;
  }
  return { res, file };
}

const ids = (rows: Json[]) => rows.map((r: Json) => r.id as string);

beforeAll(async () => {
  [admin, team] = await Promise.all([signIn("Administrator"), signIn("Team")]);
  const branchId = (await makeBranch()).id;
  const courseId = (await makeCourse()).id;
  const made = await makeClass({
    branchId,
    classroomId: (await makeClassroom(branchId)).id,
    courseId,
    schedules: [{ dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" }],
    createdAt: new Date(Date.now() - 21 * 86_400_000),
  });
  const small = await makeClass({
    branchId,
    classroomId: (await makeClassroom(branchId, { capacity: 1 })).id,
    courseId,
    schedules: [{ dayOfWeek: "Quarta", startTime: "10:00", endTime: "11:00" }],
  });
  const other = await makeClass({ branchId, courseId, schedules: [{ dayOfWeek: "Terça", startTime: "14:00", endTime: "15:00" }] });
  catalogue = {
    classId: made.cls.id,
    scheduleId: made.schedules[0].id,
    offerId: (await makeOffer(branchId)).id,
    smallClassId: small.cls.id,
    makeupClassId: other.cls.id,
    makeupScheduleId: other.schedules[0].id,
    branchId,
  };
  const schedules = made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));
  const latest = latestSessionOnOrBefore(schedules, firstSessionDate(made.cls.createdAt), today());
  if (!latest) throw new Error("no past session");
  session = { date: latest.date, scheduleId: latest.scheduleId };
});

describe("GET /api/guardians/{id}/export ('Baixar meus dados')", () => {
  let a: Family;
  let b: Family;
  beforeAll(async () => {
    a = await makeFamily();
    b = await makeFamily();
    // An administrator's change of a person: an audit entry with a user.
    expect((await admin.patch(`/api/guardian-persons/${a.persons[1].id}`, { phone: "11955554444" })).status).toBe(200);
    a.persons[1].phone = "11955554444";
    // The family's user signs in (an audit entry of its own).
    expect((await a.client.post("/api/login", { email: a.userEmail, password: PASSWORD })).status).toBe(200);
  });

  it("is a JSON file of every table of the family, without secrets, for an Administrator", async () => {
    const { res, file } = await exportOf(admin, a.guardianId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="dados-da-familia-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // Sent as it is read, never as one body of a known length.
    expect(res.headers.get("content-length")).toBeNull();
    expect(file.guardianId).toBe(a.guardianId);
    expect(Object.keys(file.tables)).toEqual([...FAMILY_TABLES]);
    const t = file.tables;
    expect(ids(t.guardians)).toEqual([a.guardianId]);
    expect(t.guardians[0].address).toBe(a.address);
    expect(ids(t.guardian_persons).sort()).toEqual(a.persons.map((p) => p.id).sort());
    expect(t.guardian_persons.map((p: Json) => p.cpf).sort()).toEqual(a.persons.map((p) => p.cpf).sort());
    // The same values on both databases: booleans as booleans, instants in ISO 8601.
    expect(t.guardian_persons.map((p: Json) => p.isPrimary).sort()).toEqual([false, true]);
    expect(t.guardians[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(ids(t.users)).toEqual([a.userId]);
    expect(t.users[0].email).toBe(a.userEmail);
    expect(t.users[0]).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(file)).not.toMatch(/argon2|!unusable/);
    expect(ids(t.students)).toEqual([a.studentId]);
    expect(ids(t.enrollments).sort()).toEqual([...a.enrollmentIds].sort());
    expect(ids(t.attendance_records)).toEqual(a.recordIds);
    expect(ids(t.makeups)).toEqual([a.makeupId]);
    expect(ids(t.trials)).toEqual([a.trialId]);
    // Audit entries about its rows (created by the factories, the administrator's change) and by its user (sign-in).
    const audited = t.audit_entries as Json[];
    expect(audited.some((e) => e.entity === "guardian_persons" && e.entityId === a.persons[1].id && e.action === "update")).toBe(true);
    expect(audited.some((e) => e.entity === "students" && e.entityId === a.studentId)).toBe(true);
    expect(audited.some((e) => e.userId === a.userId)).toBe(true);
    expect(typeof audited[0].changes === "object").toBe(true);
    // Nothing of another family.
    const text = JSON.stringify(file);
    for (const value of [b.guardianId, b.studentId, b.trialId, b.makeupId, ...personalValues(b)]) expect(text).not.toContain(value);
  });

  it("names no member of staff and holds no network address but the family's own (the audit entries and the charges' history)", async () => {
    const staff = await signIn("Team", `Atendente Nomeada ${tag()}`);
    // A member of staff changes the family's record, and records a payment (a history entry with the author's name).
    expect((await staff.post(`/api/login`, { email: staff.user!.email, password: PASSWORD })).status).toBe(200);
    const charge = await admin.post("/api/charges", {
      guardianId: a.guardianId,
      branchId: catalogue.branchId,
      description: "Camiseta",
      amount: "20.00",
      dueDate: addDays(today(), 5),
    });
    expect(charge.status).toBe(201);
    expect((await staff.post(`/api/charges/${charge.body.id}/payments`, { amount: "20.00", paidOn: today(), method: "Pix" })).status).toBe(
      201,
    );
    const { file } = await exportOf(a.client, a.guardianId);
    const text = JSON.stringify(file);
    for (const name of [staff.user!.name, admin.user!.name]) expect(text).not.toContain(name);
    for (const id of [staff.user!.id, admin.user!.id]) {
      const at = text.indexOf(id);
      expect(at, text.slice(Math.max(0, at - 300), at + 100)).toBe(-1);
    }
    const entries = file.tables.audit_entries as Json[];
    const others = entries.filter((e) => e.userId !== a.userId);
    const own = entries.filter((e) => e.userId === a.userId);
    expect(others.length).toBeGreaterThan(0);
    expect(own.length).toBeGreaterThan(0);
    for (const e of others)
      expect({ ip: e.ip, userName: e.userName }).toEqual({ ip: null, userName: e.userName === null ? null : "Equipe da escola" });
    expect(others.some((e) => e.userName === "Equipe da escola")).toBe(true);
    // Its own entries keep its name and address.
    expect(own.some((e) => e.action === "sign-in" && typeof e.ip === "string" && e.userName === a.userName)).toBe(true);
    const history = file.tables.charge_history as Json[];
    expect(history.length).toBeGreaterThan(0);
    for (const h of history) expect([h.userId, h.userName]).toEqual([null, "Equipe da escola"]);
  });

  it("is the Client's own family's, and a 404 for another family's", async () => {
    const own = await exportOf(a.client, a.guardianId);
    expect(own.res.status).toBe(200);
    expect(ids(own.file.tables.guardians)).toEqual([a.guardianId]);
    const other = await exportOf(a.client, b.guardianId);
    expect(other.res.status).toBe(404);
    expect(other.file.message).toBe("Responsável não encontrado");
  });

  it("is refused to Team (403), to the signed out (401), and a 404 for no guardian", async () => {
    expect((await exportOf(team, a.guardianId)).res.status).toBe(403);
    expect((await exportOf(anonymous(), a.guardianId)).res.status).toBe(401);
    expect((await exportOf(admin, randomUUID())).res.status).toBe(404);
    expect((await exportOf(admin, "nao-e-um-id")).res.status).toBe(404);
  });

  it("holds every table of the database that refers to a family's rows (or its reason not to)", async () => {
    const db = testDb();
    const postgres = db.getDialect() === "postgres";
    // Every table and its columns, and every foreign key, as the database has them now.
    const columns = new Map<string, string[]>();
    const keys: Array<{ table: string; column: string; parent: string }> = [];
    if (postgres) {
      const rows = await db.query<{ table: string; column: string }>(
        `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns WHERE table_schema = current_schema()`,
        { type: QueryTypes.SELECT },
      );
      for (const r of rows) columns.set(r.table, [...(columns.get(r.table) ?? []), r.column]);
      keys.push(
        ...(
          await db.query<{ table: string; column: string; parent: string }>(
            `SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confrelid::regclass::text AS "parent"
             FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
            { type: QueryTypes.SELECT },
          )
        ).map((k) => ({ table: k.table.replaceAll('"', ""), column: k.column, parent: k.parent.replaceAll('"', "") })),
      );
    } else {
      const tables = await db.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`, {
        type: QueryTypes.SELECT,
      });
      for (const { name } of tables) {
        const info = (await db.query(`PRAGMA table_info("${name}")`, { type: QueryTypes.SELECT })) as Array<{ name: string }>;
        columns.set(
          name,
          info.map((c) => c.name),
        );
        const fks = (await db.query(`PRAGMA foreign_key_list("${name}")`, { type: QueryTypes.SELECT })) as Array<{
          from: string;
          table: string;
        }>;
        keys.push(...fks.map((k) => ({ table: name, column: k.from, parent: k.table })));
      }
    }
    // A column named after a family's row refers to it even without a foreign key (the audit's userId).
    const NAMED: Record<string, string> = {
      guardianId: "guardians",
      personId: "guardian_persons",
      studentId: "students",
      enrollmentId: "enrollments",
      userId: "users",
      absenceId: "attendance_records",
      makeupId: "makeups",
      trialId: "trials",
    };
    for (const [table, cols] of columns) {
      for (const column of cols) if (NAMED[column] && NAMED[column] !== table) keys.push({ table, column, parent: NAMED[column] });
    }
    // From the family's own tables, every table that refers to one of them (through the exported ones).
    const family = new Set(["guardians", "guardian_persons", "students", "enrollments", "users"]);
    const queue = [...family];
    while (queue.length) {
      const parent = queue.shift()!;
      for (const key of keys.filter((k) => k.parent === parent)) {
        if (family.has(key.table)) continue;
        family.add(key.table);
        if ((FAMILY_TABLES as readonly string[]).includes(key.table)) queue.push(key.table);
      }
    }
    const missing = [...family].filter((table) => !(FAMILY_TABLES as readonly string[]).includes(table) && !(table in NOT_EXPORTED));
    expect(missing, `tables of the family neither exported nor in NOT_EXPORTED (with a reason)`).toEqual([]);
    for (const table of FAMILY_TABLES) expect(columns.has(table), `${table} is a table`).toBe(true);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(10);
    // And the file has a member for each, with the family's rows in every one of them.
    const { file } = await exportOf(admin, a.guardianId);
    for (const table of FAMILY_TABLES) expect((file.tables[table] as Json[]).length, `${table} rows`).toBeGreaterThan(0);
  });
});

/** Every text value of every row of every table of the database (blobs aside). */
async function everyText(): Promise<Array<{ table: string; value: string }>> {
  const db = testDb();
  const tables =
    db.getDialect() === "postgres"
      ? (
          await db.query<{ name: string }>(
            `SELECT table_name AS "name" FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
            { type: QueryTypes.SELECT },
          )
        ).map((r) => r.name)
      : (await db.query<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`, { type: QueryTypes.SELECT })).map(
          (r) => r.name,
        );
  const texts: Array<{ table: string; value: string }> = [];
  for (const table of tables) {
    const rows = (await db.query(`SELECT * FROM "${table}"`, { type: QueryTypes.SELECT })) as Array<Record<string, unknown>>;
    for (const row of rows) for (const value of Object.values(row)) if (typeof value === "string") texts.push({ table, value });
  }
  return texts;
}

/** Where `value` appears in `text`: digits-only values (CPF, phone) as a whole number, the rest as a substring, case folded. */
function holds(text: string, value: string): boolean {
  if (/^\d+$/.test(value)) return new RegExp(`(?<!\\d)${value}(?!\\d)`).test(text);
  return text.toLowerCase().includes(value.toLowerCase());
}

describe("POST /api/guardians/{id}/anonymize ('Anonimizar família')", () => {
  let a: Family;
  let b: Family;
  let waitingId: string;
  let counts: { records: number; makeups: number };
  beforeAll(async () => {
    a = await makeFamily({ seat: true });
    b = await makeFamily();
    // Someone waits for the seat of A's enrolment in the class of one seat.
    const other = await makeGuardian(1);
    const waiting = await makeStudent(other.guardian.id);
    waitingId = (
      await makeEnrollment({
        studentId: waiting.id,
        classId: catalogue.smallClassId,
        offerId: catalogue.offerId,
        status: "Em espera",
        waitlistPosition: 1,
        startDate: "2020-01-06",
      })
    ).id;
    // An administrator's change (an audit entry with before and after) and a failed sign-in with the family's e-mail.
    expect((await admin.patch(`/api/guardian-persons/${a.persons[1].id}`, { phone: "11944443333" })).status).toBe(200);
    a.persons[1].phone = "11944443333";
    expect((await anonymous().post("/api/login", { email: a.userEmail, password: "errada123" })).status).toBe(401);
    const db = testDb();
    const [records] = (await db.query(`SELECT COUNT(*) AS n FROM "attendance_records" WHERE "enrollmentId" IN (:ids)`, {
      replacements: { ids: a.enrollmentIds },
    })) as [Array<{ n: number | string }>, unknown];
    const [makeups] = (await db.query(`SELECT COUNT(*) AS n FROM "makeups" WHERE "absenceId" IN (:ids)`, {
      replacements: { ids: a.recordIds },
    })) as [Array<{ n: number | string }>, unknown];
    counts = { records: Number(records[0].n), makeups: Number(makeups[0].n) };
  });

  const body = (f: Family, extra: object = {}) => ({ reason: "Pedido da família por e-mail", confirmName: f.familyName, ...extra });

  it("is for an Administrator only (403 Team and Client, 401 signed out), 404 for no guardian", async () => {
    expect((await team.post(`/api/guardians/${a.guardianId}/anonymize`, body(a))).status).toBe(403);
    expect((await a.client.post(`/api/guardians/${a.guardianId}/anonymize`, body(a))).status).toBe(403);
    expect((await anonymous().post(`/api/guardians/${a.guardianId}/anonymize`, body(a))).status).toBe(401);
    expect((await admin.post(`/api/guardians/${randomUUID()}/anonymize`, body(a))).status).toBe(404);
  });

  it("refuses a name that is not the family's, or no reason (400, nothing written)", async () => {
    const wrong = await admin.post(`/api/guardians/${a.guardianId}/anonymize`, body(a, { confirmName: "Outra Pessoa" }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.confirmName).toEqual(["O nome digitado não é o nome da família"]);
    const blank = await admin.post(`/api/guardians/${a.guardianId}/anonymize`, body(a, { reason: "  " }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors.reason).toEqual(["Informe o motivo da anonimização"]);
    const missing = await admin.post(`/api/guardians/${a.guardianId}/anonymize`, { reason: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.confirmName).toEqual(["Digite o nome da família para confirmar"]);
    expect((await admin.get(`/api/guardians/${a.guardianId}`)).body.persons[0].fullName).toBe(a.familyName);
    expect((await a.client.get("/api/user")).status).toBe(200);
  });

  it("refuses a family with open charges (409 'Família com cobranças em aberto'); once paid, keeps its charge and payment", async () => {
    const f = await makeFamily();
    const charge = await makeCharge({ guardianId: f.guardianId, branchId: catalogue.branchId, amountCents: 5_000 });
    const refused = await admin.post(`/api/guardians/${f.guardianId}/anonymize`, body(f));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Família com cobranças em aberto");
    expect((await admin.get(`/api/guardians/${f.guardianId}`)).body.persons[0].fullName).toBe(f.familyName);

    await makePayment({ chargeId: charge.id, amountCents: 5_000, paidOn: today() });
    await charge.update({ status: "Paga", paidAt: new Date() });
    // A Pix the bank announced for the charge, its payer's text naming the family (pix_inbox, not exported).
    const e2e = `E${randomUUID().replaceAll("-", "").slice(0, 31)}`;
    await testDb().query(
      `INSERT INTO "pix_inbox" ("endToEndId", "branchId", "valor", "horario", "infoPagador", "receivedAt", "chargeId", "outcome")
       VALUES (:e2e, :branchId, 5000, :now, :info, :now, :chargeId, 'recorded')`,
      { replacements: { e2e, branchId: catalogue.branchId, now: new Date(), info: `Mensalidade de ${f.familyName}`, chargeId: charge.id } },
    );
    const done = await admin.post(`/api/guardians/${f.guardianId}/anonymize`, body(f));
    expect(done.status).toBe(200);
    const [inbox] = (await testDb().query(`SELECT "infoPagador" FROM "pix_inbox" WHERE "endToEndId" = :e2e`, {
      replacements: { e2e },
    })) as [Array<{ infoPagador: string | null }>, unknown];
    expect(inbox).toEqual([{ infoPagador: null }]);
    const kept = await admin.get(`/api/charges/${charge.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: "Paga", amount: "50.00" });
    expect(kept.body.payments).toHaveLength(1);
  });

  it("leaves nothing personal anywhere, keeps the roll calls, cancels the enrolments and shuts the family's user out", async () => {
    const res = await admin.post(`/api/guardians/${a.guardianId}/anonymize`, body(a, { confirmName: `  ${a.familyName.toUpperCase()} ` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      guardianId: a.guardianId,
      persons: 2,
      students: 1,
      cancelledEnrollments: 2,
      trials: 1,
      userDisabled: true,
    });

    // Not one text column of any table holds a name, CPF, e-mail, phone or address of the family.
    const found = (await everyText()).flatMap(({ table, value }) =>
      personalValues(a)
        .filter((v) => holds(value, v))
        .map((v) => `${table}: ${v}`),
    );
    expect(found).toEqual([]);
    // B is untouched.
    expect((await admin.get(`/api/guardians/${b.guardianId}`)).body.persons[0].fullName).toBe(b.familyName);

    // The guardians' search no longer finds it by its old name, e-mail or CPF.
    for (const q of [a.persons[0].fullName, a.persons[0].email, a.persons[0].cpf]) {
      const search = await admin.get(`/api/guardians?q=${encodeURIComponent(q)}`);
      expect(ids(search.body)).not.toContain(a.guardianId);
    }

    // Roll calls and make-ups kept; enrolments cancelled; the one waiting took the seat.
    const db = testDb();
    const [records] = (await db.query(`SELECT COUNT(*) AS n FROM "attendance_records" WHERE "enrollmentId" IN (:ids)`, {
      replacements: { ids: a.enrollmentIds },
    })) as [Array<{ n: number | string }>, unknown];
    const [makeups] = (await db.query(`SELECT COUNT(*) AS n FROM "makeups" WHERE "absenceId" IN (:ids)`, {
      replacements: { ids: a.recordIds },
    })) as [Array<{ n: number | string }>, unknown];
    expect({ records: Number(records[0].n), makeups: Number(makeups[0].n) }).toEqual(counts);
    for (const id of a.enrollmentIds) {
      const enrollment = await admin.get(`/api/enrollments/${id}`);
      expect(enrollment.body.status).toBe("Cancelada");
    }
    expect((await admin.get(`/api/enrollments/${waitingId}`)).body.status).toBe("Ativa");
    const student = await admin.get(`/api/students/${a.studentId}`);
    expect(student.body).toMatchObject({ fullName: "Aluno anonimizado", birthDate: null, notes: null, active: false });

    // The family's user: its session ended, it cannot sign in again.
    expect((await a.client.get("/api/user")).status).toBe(401);
    expect((await anonymous().post("/api/login", { email: a.userEmail, password: PASSWORD })).status).toBe(401);

    // The audit trail tells who anonymised it, when and why.
    const audit = await admin.get(`/api/audit?entity=guardians&entityId=${a.guardianId}`);
    const entry = (audit.body as Json[]).find((e) => e.changes?.anonymizedAt);
    expect(entry).toBeTruthy();
    expect(entry.userId).toBe(admin.user!.id);
    expect(entry.changes.anonymizationReason.after).toBe("Pedido da família por e-mail");
    expect(entry.changes.address.before).toBe("[anonimizado]");

    // Once is all: a second time is a 409; the file can still be downloaded (with the neutral values).
    const again = await admin.post(`/api/guardians/${a.guardianId}/anonymize`, body(a, { confirmName: "Pessoa anonimizada" }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Família já anonimizada");
    // The guardian's page says so instead of offering the action; its dialog's URL (and its form, posted without
    // JavaScript: the service's 409, then the dialog's loader) goes back there with a toast.
    const persons = await admin.raw("GET", `/guardians/${a.guardianId}/persons`);
    expect(persons.status).toBe(200);
    const html = await persons.text();
    expect(html).toContain("Família anonimizada em");
    expect(html).not.toContain(`/guardians/${a.guardianId}/anonymize`);
    const dialog = await admin.raw("GET", `/guardians/${a.guardianId}/anonymize`);
    expect(dialog.status).toBe(302);
    expect(dialog.headers.get("location")).toBe(`/guardians/${a.guardianId}/persons`);
    const posted = await admin.form(`/guardians/${a.guardianId}/anonymize`, { reason: "De novo", confirmName: "Pessoa anonimizada" });
    expect([posted.status, posted.headers.get("location")]).toEqual([302, `/guardians/${a.guardianId}/persons`]);
    const { res: exported, file } = await exportOf(admin, a.guardianId);
    expect(exported.status).toBe(200);
    expect(file.tables.guardian_persons.every((p: Json) => p.fullName === "Pessoa anonimizada" && p.phone === null)).toBe(true);
  });
});
