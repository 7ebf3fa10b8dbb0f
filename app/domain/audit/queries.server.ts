import { selectRows, sqlTimestamp, writeRows } from "~/platform/db.server";
import { addDays, schoolTimeZone } from "../calendar/dates";
import { assertAdmin, type Actor } from "../access/roles";
import { sqlList, type ListSource } from "../list.server";
import { parseOrThrow } from "../validation";
import { paddedInList } from "#db/in-list.ts";
import { classLabels } from "../classes/queries.server";
import { guardianNames } from "../guardians/queries.server";
import { isUuid } from "../validation";
import type { SqlValue } from "#db/select.ts";
import { formatDay } from "../calendar/dates";
import { formatBRL } from "~/lib/format";
import { centsToReais } from "../money";
import {
  AUDIT_RECORD_LABELS,
  SIGN_IN_ACTIONS,
  auditEntityLabel,
  auditFilterSchema,
  type AuditEntryDTO,
  type AuditFilter,
  type AuditPage,
} from "./schema";

/**
 * The reads of the audit trail (table `audit_entries`, written by db/audit.ts):
 * administrators only. Newest first (createdAt, then id, both descending).
 */

interface AuditRow {
  id: string;
  createdAt: string | Date;
  userId: string | null;
  userName: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: string | null;
  ip: string | null;
}

const COLUMNS = ["id", "createdAt", "userId", "userName", "entity", "entityId", "action", "changes", "ip"]
  .map((c) => `"a"."${c}"`)
  .join(", ");

function toDTO(row: AuditRow): AuditEntryDTO {
  let changes: AuditEntryDTO["changes"] = null;
  if (row.changes) {
    try {
      changes = JSON.parse(row.changes) as AuditEntryDTO["changes"];
    } catch {
      changes = null;
    }
  }
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    userId: row.userId ?? null,
    userName: row.userName ?? null,
    entity: row.entity,
    entityId: row.entityId ?? null,
    action: row.action as AuditEntryDTO["action"],
    changes,
    ip: row.ip ?? null,
  };
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a school day starts (midnight in the school's time zone). */
export function dayStart(day: string, timeZone = schoolTimeZone()): Date {
  const [y, m, d] = day.split("-").map(Number);
  const guess = new Date(Date.UTC(y, m - 1, d));
  const first = new Date(guess.getTime() - zoneOffsetMs(guess, timeZone));
  return new Date(guess.getTime() - zoneOffsetMs(first, timeZone));
}

function conditions(filter: AuditFilter): { where: string | undefined; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (filter.entity) {
    parts.push(`"a"."entity" = :entity`);
    params.entity = filter.entity;
  }
  if (filter.entityId) {
    parts.push(`"a"."entityId" = :entityId`);
    params.entityId = filter.entityId;
  }
  if (filter.userId) {
    parts.push(`"a"."userId" = :userId`);
    params.userId = filter.userId;
  }
  if (filter.signIns === "hide") {
    parts.push(`"a"."action" NOT IN (${SIGN_IN_ACTIONS.map((_, i) => `:signIn${i}`).join(", ")})`);
    SIGN_IN_ACTIONS.forEach((action, i) => (params[`signIn${i}`] = action));
  }
  if (filter.from) {
    parts.push(`"a"."createdAt" >= :from`);
    params.from = sqlTimestamp(dayStart(filter.from));
  }
  if (filter.to) {
    parts.push(`"a"."createdAt" < :to`);
    params.to = sqlTimestamp(dayStart(addDays(filter.to, 1)));
  }
  return { where: parts.length ? parts.join(" AND ") : undefined, params };
}

/** The filters as given (query string), validated: a 400 with the field's message otherwise. */
export function parseAuditFilter(input: Record<string, unknown>): AuditFilter {
  return parseOrThrow(auditFilterSchema, input);
}

/** GET /api/audit: every entry matching the filters, newest first, read in batches (or one page by cursor). */
export function auditList(actor: Actor | null, input: Record<string, unknown>): ListSource<AuditEntryDTO> {
  assertAdmin(actor);
  const { where, params } = conditions(parseAuditFilter(input));
  return sqlList<AuditRow & Record<string, unknown>, AuditEntryDTO>(
    "audit",
    {
      columns: COLUMNS,
      from: `FROM "audit_entries" AS "a"`,
      where,
      params,
      key: [
        { expr: `"a"."createdAt"`, type: "instant", desc: true },
        { expr: `"a"."id"`, type: "uuid", desc: true },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the entries (the screen and `GET /api/audit?page=`), with the total. */
export async function listAuditPage(
  actor: Actor | null,
  input: Record<string, unknown>,
  options: { page?: number; pageSize?: number } = {},
): Promise<AuditPage> {
  assertAdmin(actor);
  const { where, params } = conditions(parseAuditFilter(input));
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? AUDIT_PAGE_SIZE), 1), 200);
  const whereSql = where ? `WHERE ${where}` : "";
  const [{ n }] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "audit_entries" AS "a" ${whereSql}`, params);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(options.page) ? Math.trunc(options.page as number) : 1;
  const page = Math.min(Math.max(requested, 1), pageCount);
  const rows = await selectRows<AuditRow>(
    `SELECT ${COLUMNS} FROM "audit_entries" AS "a" ${whereSql} ORDER BY "a"."createdAt" DESC, "a"."id" DESC LIMIT :limit OFFSET :offset`,
    { ...params, limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { entries: rows.map(toDTO), total, page, pageCount, pageSize };
}

/** The users named by entries (the screen's 'Usuário' filter), by name. */
export async function listAuditUsers(actor: Actor | null): Promise<{ id: string; label: string }[]> {
  assertAdmin(actor);
  const rows = await selectRows<{ userId: string; userName: string | null }>(
    `SELECT "userId", MAX("userName") AS "userName" FROM "audit_entries" WHERE "userId" IS NOT NULL GROUP BY "userId"`,
  );
  return rows.map((r) => ({ id: r.userId, label: r.userName ?? r.userId })).sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));
}

/** Retention: deletes the entries of these actions (all when null) older than `before`. */
export async function deleteAuditEntriesBefore(before: Date, actions: readonly string[] | null): Promise<void> {
  const params: Record<string, string> = { before: sqlTimestamp(before) };
  let only = "";
  if (actions) {
    only = ` AND "action" IN (${actions.map((_, i) => `:a${i}`).join(", ")})`;
    actions.forEach((a, i) => (params[`a${i}`] = a));
  }
  await writeRows(`DELETE FROM "audit_entries" WHERE "createdAt" < :before${only}`, params);
}

// ---- The records' names ----

/** A read of the names of some records of one entity (ids in, id → name out). */
type NameRead = (ids: string[]) => Promise<Map<string, string>>;

/** Rows of `sql` (which selects "id" and "name") for these ids, in `:i0, :i1…` (`{ids}` in the SQL). */
async function namesOf(
  sql: string,
  ids: string[],
  name: (row: Record<string, unknown>) => string,
  extra: Record<string, SqlValue> = {},
): Promise<Map<string, string>> {
  const params: Record<string, SqlValue> = { ...extra };
  const rows = await selectRows<Record<string, unknown>>(
    sql.replace("{ids}", paddedInList("i", ids, params as Record<string, string>)),
    params,
  );
  return new Map(rows.map((r) => [String(r.id), name(r)]));
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
/** 'Sala 2' from the record's own column "name". */
const byName =
  (table: string): NameRead =>
  (ids) =>
    namesOf(`SELECT "id", "name" FROM "${table}" WHERE "id" IN ({ids})`, ids, (r) => str(r.name));
const day = (v: unknown) => formatDay(str(v).slice(0, 10));

/** A student and a class's label of enrolments (or of rows that name an enrolment), by the enrolment's id. */
async function enrolmentNames(ids: string[]): Promise<Map<string, { student: string; classId: string }>> {
  const params: Record<string, string> = {};
  const rows = await selectRows<{ id: string; student: string | null; classId: string }>(
    `SELECT "e"."id", "s"."fullName" AS "student", "e"."classId" FROM "enrollments" AS "e"
     LEFT JOIN "students" AS "s" ON "s"."id" = "e"."studentId" WHERE "e"."id" IN (${paddedInList("i", ids, params)})`,
    params,
  );
  return new Map(rows.map((r) => [r.id, { student: r.student ?? "—", classId: r.classId }]));
}

const NAME_READS: Record<string, NameRead> = {
  users: byName("users"),
  branches: byName("branches"),
  classrooms: byName("classrooms"),
  offers: byName("offers"),
  courses: byName("courses"),
  classes: (ids) => classLabels(ids),
  classroom_schedules: (ids) =>
    namesOf(
      `SELECT "id", "dayOfWeek", "startTime", "endTime" FROM "classroom_schedules" WHERE "id" IN ({ids})`,
      ids,
      (r) => `${str(r.dayOfWeek)}, ${str(r.startTime).slice(0, 5)}–${str(r.endTime).slice(0, 5)}`,
    ),
  guardians: (ids) => guardianNames(ids),
  guardian_persons: (ids) => namesOf(`SELECT "id", "fullName" FROM "guardian_persons" WHERE "id" IN ({ids})`, ids, (r) => str(r.fullName)),
  students: (ids) => namesOf(`SELECT "id", "fullName" FROM "students" WHERE "id" IN ({ids})`, ids, (r) => str(r.fullName)),
  trials: (ids) =>
    namesOf(
      `SELECT "id", "studentName", "scheduledDate" FROM "trials" WHERE "id" IN ({ids})`,
      ids,
      (r) => `de ${str(r.studentName)} em ${day(r.scheduledDate)}`,
    ),
  tasks: (ids) =>
    namesOf(
      `SELECT "k"."id", "t"."studentName" FROM "tasks" AS "k" LEFT JOIN "trials" AS "t" ON "t"."id" = "k"."trialId" WHERE "k"."id" IN ({ids})`,
      ids,
      (r) => `do experimental de ${str(r.studentName) || "—"}`,
    ),
  enrollments: async (ids) => {
    const enrolments = await enrolmentNames(ids);
    const classes = await classLabels([...enrolments.values()].map((e) => e.classId));
    return new Map([...enrolments].map(([id, e]) => [id, `de ${e.student} — ${classes.get(e.classId) ?? "—"}`]));
  },
  attendance_records: (ids) =>
    namesOf(
      `SELECT "a"."id", "a"."date", "s"."fullName" FROM "attendance_records" AS "a"
       LEFT JOIN "enrollments" AS "e" ON "e"."id" = "a"."enrollmentId" LEFT JOIN "students" AS "s" ON "s"."id" = "e"."studentId"
       WHERE "a"."id" IN ({ids})`,
      ids,
      (r) => `de ${str(r.fullName) || "—"} em ${day(r.date)}`,
    ),
  charges: (ids) =>
    namesOf(
      `SELECT "id", "code", "description", "amountCents" FROM "charges" WHERE "id" IN ({ids})`,
      ids,
      (r) => `${str(r.code)} — ${str(r.description)} (${formatBRL(centsToReais(Number(r.amountCents)))})`,
    ),
  payments: (ids) =>
    namesOf(
      `SELECT "p"."id", "p"."amountCents", "p"."paidOn", "c"."code" FROM "payments" AS "p"
       LEFT JOIN "charges" AS "c" ON "c"."id" = "p"."chargeId" WHERE "p"."id" IN ({ids})`,
      ids,
      (r) => `de ${formatBRL(centsToReais(Number(r.amountCents)))} em ${day(r.paidOn)} (cobrança ${str(r.code)})`,
    ),
};

/** Fields whose value names a record, in the order they are tried (a deleted record is named by its entry's values). */
const NAME_FIELDS = ["fullName", "name", "studentName", "code", "description"];

/** The name a record's own entry gives (its values after a create, before a delete), for a record that is gone. */
function nameFromChanges(entry: AuditEntryDTO): string | null {
  const changes = entry.changes ?? {};
  for (const field of NAME_FIELDS) {
    const change = changes[field];
    const value = change?.after ?? change?.before;
    if (typeof value === "string" && value) return field === "studentName" ? `de ${value}` : value;
  }
  return null;
}

/**
 * What each entry's record is, in words ('Matrícula de Helena Oliveira —
 * Ballet Clássico - Turma 1', 'Aluno Helena Oliveira'): read from the records
 * that still exist, else from the entry's own values; an entry without a
 * record (a failed sign-in) has none. Keys are the entries' ids.
 */
export async function auditRecordNames(actor: Actor | null, entries: readonly AuditEntryDTO[]): Promise<Record<string, string>> {
  assertAdmin(actor);
  const byEntity = new Map<string, Set<string>>();
  for (const e of entries) {
    if (!e.entityId || !NAME_READS[e.entity] || !isUuid(e.entityId)) continue;
    const ids = byEntity.get(e.entity) ?? new Set<string>();
    ids.add(e.entityId);
    byEntity.set(e.entity, ids);
  }
  const found = new Map<string, Map<string, string>>();
  for (const [entity, ids] of byEntity) found.set(entity, await NAME_READS[entity]([...ids]));
  const names: Record<string, string> = {};
  for (const e of entries) {
    if (!e.entityId) continue;
    const what = AUDIT_RECORD_LABELS[e.entity] ?? auditEntityLabel(e.entity);
    const name = found.get(e.entity)?.get(e.entityId) ?? nameFromChanges(e);
    // A record the entity's read no longer finds, and whose entry names nothing, was deleted.
    names[e.id] = name ? named(e.entity, name) : found.has(e.entity) ? `${what} (excluído)` : what;
  }
  return names;
}

/** 'Aluno Helena Oliveira'; a class's label says 'Turma' itself ('Ballet - Turma 1'). */
function named(entity: string, name: string): string {
  return entity === "classes" ? name : `${AUDIT_RECORD_LABELS[entity] ?? auditEntityLabel(entity)} ${name}`;
}

/** The fields whose value is another record's id, and that record's entity. */
const REFERENCE_FIELDS: Record<string, string> = {
  branchId: "branches",
  classroomId: "classrooms",
  courseId: "courses",
  classId: "classes",
  offerId: "offers",
  guardianId: "guardians",
  studentId: "students",
  enrollmentId: "enrollments",
  trialId: "trials",
  chargeId: "charges",
  userId: "users",
  ownerId: "users",
  responsibleId: "users",
  createdById: "users",
  takenById: "users",
  reversedById: "users",
};

/**
 * The records the entries' changed fields point to (a class, a student, a
 * user…), by id, named as `auditRecordNames` names them: the screen shows
 * 'Turma: Ballet - Turma 1', not an id. Ids of records gone stay as they are.
 */
export async function auditReferenceNames(actor: Actor | null, entries: readonly AuditEntryDTO[]): Promise<Record<string, string>> {
  assertAdmin(actor);
  const byEntity = new Map<string, Set<string>>();
  for (const e of entries) {
    for (const [field, change] of Object.entries(e.changes ?? {})) {
      const entity = REFERENCE_FIELDS[field];
      if (!entity) continue;
      for (const value of [change?.before, change?.after]) {
        if (typeof value !== "string" || !isUuid(value)) continue;
        const ids = byEntity.get(entity) ?? new Set<string>();
        ids.add(value);
        byEntity.set(entity, ids);
      }
    }
  }
  const names: Record<string, string> = {};
  for (const [entity, ids] of byEntity) {
    for (const [id, name] of await NAME_READS[entity]([...ids])) names[id] = named(entity, name);
  }
  return names;
}
