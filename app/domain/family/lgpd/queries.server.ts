import type { Transaction } from "sequelize";
import { isSecretField } from "#db/audit.ts";
import { db, selectRows, selectRowsIn } from "~/platform/db.server";
import { isAdmin, requireActor, type Actor } from "../../access/roles";
import { ForbiddenError, NotFoundError } from "../../errors";
import { today } from "../../calendar/dates";
import { guardianExists } from "../../guardians/queries.server";
import { GUARDIAN_NOT_FOUND } from "../../guardians/schema";
import { assertInFamily } from "../../access/queries.server";
import { familyScope } from "../../access/family-scope";
import { FAMILY_TABLES, STAFF_AUTHOR, type FamilyTable } from "./schema";

/**
 * The reads of a family's LGPD requests: which rows of each table are the
 * family's (`:guardianId` names it), and the export built from them. The
 * tables belong to their modules (guardians, users, students, enrollments,
 * attendance and its notices, trials and their tasks, audit); they are read here for the export only, whole
 * rows, so a column added to one of them is exported without a change here.
 */

/** The family's rows of each exported table, as a subquery of their ids (named "id"). */
const GUARDIAN = `SELECT "g0"."id" AS "id" FROM "guardians" AS "g0" WHERE "g0"."id" = :guardianId`;
const USER = `SELECT "g1"."userId" AS "id" FROM "guardians" AS "g1" WHERE "g1"."id" = :guardianId AND "g1"."userId" IS NOT NULL`;
const STUDENTS = `SELECT "s0"."id" AS "id" FROM "students" AS "s0" WHERE "s0"."guardianId" = :guardianId`;
const ENROLLMENTS = `SELECT "e0"."id" AS "id" FROM "enrollments" AS "e0" WHERE "e0"."studentId" IN (${STUDENTS})`;
const ABSENCES = `SELECT "r0"."id" AS "id" FROM "attendance_records" AS "r0" WHERE "r0"."enrollmentId" IN (${ENROLLMENTS})`;
const MAKEUPS = `SELECT "m0"."id" AS "id" FROM "makeups" AS "m0" WHERE "m0"."absenceId" IN (${ABSENCES})`;
const TRIALS =
  `SELECT "t0"."id" AS "id" FROM "trials" AS "t0" WHERE "t0"."id" IN (SELECT "e1"."trialId" FROM "enrollments" AS "e1" ` +
  `WHERE "e1"."studentId" IN (${STUDENTS}) AND "e1"."trialId" IS NOT NULL) OR "t0"."enrollmentId" IN (${ENROLLMENTS})`;

const CHARGES = `SELECT "c0"."id" AS "id" FROM "charges" AS "c0" WHERE "c0"."guardianId" = :guardianId`;

const ROW_IDS: Record<Exclude<FamilyTable, "audit_entries">, string> = {
  guardians: GUARDIAN,
  guardian_persons: `SELECT "p0"."id" AS "id" FROM "guardian_persons" AS "p0" WHERE "p0"."guardianId" = :guardianId`,
  users: USER,
  students: STUDENTS,
  enrollments: ENROLLMENTS,
  /** The records of its enrolments and those taken in its make-ups' sessions. */
  attendance_records:
    `SELECT "r1"."id" AS "id" FROM "attendance_records" AS "r1" ` +
    `WHERE "r1"."enrollmentId" IN (${ENROLLMENTS}) OR "r1"."makeupId" IN (${MAKEUPS})`,
  /** Its warnings of absence (the family's 'Avisar falta'). */
  absence_notices: `SELECT "n0"."id" AS "id" FROM "absence_notices" AS "n0" WHERE "n0"."enrollmentId" IN (${ENROLLMENTS})`,
  makeups: MAKEUPS,
  trials: TRIALS,
  trial_status_history: `SELECT "h0"."id" AS "id" FROM "trial_status_history" AS "h0" WHERE "h0"."trialId" IN (${TRIALS})`,
  /** The school's follow-up tasks about its trials (their notes may name the family). */
  tasks: `SELECT "k0"."id" AS "id" FROM "tasks" AS "k0" WHERE "k0"."trialId" IN (${TRIALS})`,
  /** What the family was charged and paid, and each charge's history (the charges module's tables). */
  charges: CHARGES,
  payments: `SELECT "y0"."id" AS "id" FROM "payments" AS "y0" WHERE "y0"."chargeId" IN (${CHARGES})`,
  charge_history: `SELECT "ch0"."id" AS "id" FROM "charge_history" AS "ch0" WHERE "ch0"."chargeId" IN (${CHARGES})`,
};

/** The audit entries about the family's rows, and those its user wrote (its sign-ins among them). */
const AUDIT_ENTRIES = [
  ...Object.entries(ROW_IDS).map(
    ([table, ids]) => `("a0"."entity" = '${table}' AND "a0"."entityId" IN (SELECT CAST("x"."id" AS TEXT) FROM (${ids}) AS "x"))`,
  ),
  `"a0"."userId" IN (${USER})`,
].join(" OR ");

/** Each exported table's family rows: a condition on the table's own columns. */
const CONDITIONS: Record<FamilyTable, string> = {
  ...(Object.fromEntries(Object.entries(ROW_IDS).map(([table, ids]) => [table, `"id" IN (${ids})`])) as Record<
    Exclude<FamilyTable, "audit_entries">,
    string
  >),
  audit_entries: `"id" IN (SELECT "a0"."id" FROM "audit_entries" AS "a0" WHERE ${AUDIT_ENTRIES})`,
};

/** Rows per statement while the file is written. */
const BATCH = 500;
/** Below every id (the keyset's start). */
const NO_ID = "00000000-0000-0000-0000-000000000000";

/** The family's rows of every exported table but the audit trail (table → ids), inside `t`: what an anonymisation changes. */
export async function familyRowIds(guardianId: string, t: Transaction): Promise<Record<string, string[]>> {
  const ids: Record<string, string[]> = {};
  for (const [table, sql] of Object.entries(ROW_IDS)) {
    const rows = await selectRowsIn<{ id: string }>(t, `SELECT "i"."id" AS "id" FROM (${sql}) AS "i" ORDER BY "i"."id"`, { guardianId });
    ids[table] = rows.map((r) => String(r.id));
  }
  return ids;
}

/** The family's name: its primary person's (the first by name when none is marked). */
export async function familyName(guardianId: string, t?: Transaction): Promise<string | null> {
  const [row] = await selectRowsIn<{ fullName: string }>(
    t,
    `SELECT "fullName" FROM "guardian_persons" WHERE "guardianId" = :guardianId ORDER BY "isPrimary" DESC, "fullName", "id" LIMIT 1`,
    { guardianId },
  );
  return row?.fullName ?? null;
}

/** SQLite's text timestamps ('2026-11-21 10:00:00.000 +00:00') as ISO 8601, like PostgreSQL's. */
const SQLITE_INSTANT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?) ?([+-]\d\d:\d\d|Z)$/;

function exportValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return undefined;
  if (typeof value === "string") {
    const instant = SQLITE_INSTANT.exec(value);
    if (instant) return new Date(`${instant[1]}T${instant[2]}${instant[3]}`).toISOString();
  }
  return value;
}

/** The boolean columns of a table, as its model declares them (SQLite stores them as 0 and 1). */
async function booleanColumns(table: string): Promise<Set<string>> {
  const model = Object.values((await db()).models).find((m) => m.tableName === table);
  const attributes = model ? Object.entries(model.getAttributes()) : [];
  return new Set(attributes.filter(([, a]) => (a.type as { key?: string }).key === "BOOLEAN").map(([name]) => name));
}

/** Columns that name who did something (a member of staff, or the family's own user). */
const STAFF_COLUMNS = ["createdById", "reversedById", "takenById", "ownerId", "issuedBy"];

/**
 * What the family's file shows of who wrote a row: its own user, as it is; anyone
 * else (the school's staff, the system, someone who typed its e-mail at the
 * sign-in) as 'Equipe da escola', without id or network address; the ids of
 * who recorded, reversed, took or owns a row only when they are its user's.
 */
function withoutOthers(table: FamilyTable, row: Record<string, unknown>, familyUserId: string | null): Record<string, unknown> {
  const isFamily = (id: unknown) => id !== null && id !== undefined && String(id) === familyUserId;
  for (const column of STAFF_COLUMNS) if (column in row && !isFamily(row[column])) row = { ...row, [column]: null };
  if (table !== "audit_entries" && table !== "charge_history") return row;
  const own = familyUserId !== null && row.userId !== null && String(row.userId) === familyUserId;
  if (own) return row;
  const out: Record<string, unknown> = { ...row, userId: null, userName: row.userName === null ? null : STAFF_AUTHOR };
  if (table === "audit_entries") {
    out.ip = null;
    // A charge's history entry names its author in the entry's changes too.
    const changes = out.changes;
    if (changes && typeof changes === "object") {
      const copy = { ...(changes as Record<string, { before: unknown; after: unknown }>) };
      const authorIsFamily = [copy.userId?.before, copy.userId?.after].some(
        (id) => id !== null && id !== undefined && String(id) === familyUserId,
      );
      if (copy.userName && !authorIsFamily) {
        copy.userName = {
          before: copy.userName.before === null ? null : STAFF_AUTHOR,
          after: copy.userName.after === null ? null : STAFF_AUTHOR,
        };
      }
      for (const field of ["userId", ...STAFF_COLUMNS]) {
        const change = copy[field];
        if (!change) continue;
        const keep = (id: unknown) => (id !== null && id !== undefined && String(id) === familyUserId ? id : null);
        copy[field] = { before: keep(change.before), after: keep(change.after) };
      }
      out.changes = copy;
    }
  }
  return out;
}

/**
 * A row as the file holds it: no secret column (password hashes, tokens),
 * instants in ISO 8601 and booleans as such on both databases, the audit's
 * changes as JSON; no one's name, id or address but the family's own.
 */
function exportRow(
  table: FamilyTable,
  row: Record<string, unknown>,
  booleans: Set<string>,
  familyUserId: string | null,
): Record<string, unknown> {
  return withoutOthers(table, plainRow(table, row, booleans), familyUserId);
}

function plainRow(table: FamilyTable, row: Record<string, unknown>, booleans: Set<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (isSecretField(column)) continue;
    if (booleans.has(column) && (value === 0 || value === 1)) {
      out[column] = value === 1;
      continue;
    }
    if (table === "audit_entries" && column === "changes" && typeof value === "string") {
      try {
        out[column] = JSON.parse(value);
        continue;
      } catch {
        /* kept as text */
      }
    }
    const shown = exportValue(value);
    if (shown !== undefined) out[column] = shown;
  }
  return out;
}

/** The rows of one table, `BATCH` at a time, in id order. */
async function* tableRows(table: FamilyTable, guardianId: string, familyUserId: string | null): AsyncGenerator<Record<string, unknown>[]> {
  const booleans = await booleanColumns(table);
  let after = NO_ID;
  for (;;) {
    const rows = await selectRows<Record<string, unknown>>(
      `SELECT * FROM "${table}" WHERE (${CONDITIONS[table]}) AND "id" > :after ORDER BY "id" LIMIT ${BATCH}`,
      { guardianId, after },
    );
    if (rows.length) yield rows.map((row) => exportRow(table, row, booleans, familyUserId));
    if (rows.length < BATCH) return;
    after = String(rows[rows.length - 1].id);
  }
}

/**
 * The file: `{"exportedOn", "guardianId", "tables": {table: [rows]}}`, as text
 * chunks (a table's batch at a time). The day of the export, in the school's
 * time zone (the answer's `Date` header has the instant).
 */
async function* exportChunks(guardianId: string, exportedOn: string): AsyncGenerator<string> {
  const [owner] = await selectRows<{ userId: string | null }>(`SELECT "userId" FROM "guardians" WHERE "id" = :guardianId`, { guardianId });
  const familyUserId = owner?.userId ? String(owner.userId) : null;
  yield `{"exportedOn":${JSON.stringify(exportedOn)},"guardianId":${JSON.stringify(guardianId)},"tables":{`;
  for (const [i, table] of FAMILY_TABLES.entries()) {
    yield `${i ? "," : ""}${JSON.stringify(table)}:[`;
    let first = true;
    for await (const rows of tableRows(table, guardianId, familyUserId)) {
      yield (first ? "" : ",") + rows.map((row) => JSON.stringify(row)).join(",");
      first = false;
    }
    yield "]";
  }
  yield "}}";
}

export interface FamilyExport {
  filename: string;
  /** The file's text, read on demand (never the whole family in one string). */
  chunks: AsyncIterable<string>;
}

/**
 * 'Baixar meus dados' (GET /api/guardians/{id}/export): everything the app
 * holds about the family, for an Administrator (any family) or the family's
 * own Client (another family's is a 404, as every read of it); Team gets 403.
 * The access is checked here, before the first byte; the rows are read as
 * the file is sent.
 */
export async function familyExport(actor: Actor | null, guardianId: string): Promise<FamilyExport> {
  const a = requireActor(actor);
  if (familyScope(a)) await assertInFamily(a, "guardian", guardianId, GUARDIAN_NOT_FOUND);
  else if (!isAdmin(a)) throw new ForbiddenError();
  if (!(await guardianExists(guardianId))) throw new NotFoundError(GUARDIAN_NOT_FOUND);
  const day = today();
  return { filename: `dados-da-familia-${day}.json`, chunks: exportChunks(guardianId, day) };
}
