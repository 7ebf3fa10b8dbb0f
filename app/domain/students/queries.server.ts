import type { Transaction } from "sequelize";
import { dateOnlyOrNull, iso } from "../row-values.server";
import { Student } from "#db/models.ts";
import { selectRows, selectRowsIn, tableVersions } from "~/platform/db.server";
import { createKeptReads } from "~/platform/cache.server";
import { paddedInList } from "#db/in-list.ts";
import { LIKE_ESCAPE, likePattern, searchTerm, sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { isUuid } from "../validation";
import { today } from "../calendar/dates";
import { guardianNames } from "../guardians/queries.server";
import { STUDENT_NOT_FOUND, type StudentDTO } from "./schema";
import { CANCELLED } from "../enrollment-status";
import { actorFamilyCondition, assertInFamily } from "../access/queries.server";

/**
 * The reads of students: the students table is read here only; other modules
 * (enrolments, the guardians' cards) call these functions. The students
 * screen's page and the student's page, which show enrolments, are composed by
 * the enrolments module (`listStudentsPage`, `getStudentOverview`), which sits
 * above this one.
 */

export const PAGE_SIZE = 24;

type StudentFields = Pick<Student, "id" | "guardianId" | "fullName" | "notes"> & {
  birthDate: string | Date | null;
  active: boolean | number;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export function toDTO(s: StudentFields): StudentDTO {
  return {
    id: s.id,
    guardianId: s.guardianId,
    fullName: s.fullName,
    birthDate: dateOnlyOrNull(s.birthDate),
    notes: s.notes ?? null,
    active: Boolean(s.active),
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

/** A student's row (404 'Aluno não encontrado'), inside the caller's transaction. */
export async function find(id: string, t?: Transaction): Promise<Student> {
  const student = isUuid(id) ? await Student.findByPk(id, { transaction: t }) : null;
  if (!student) throw new NotFoundError(STUDENT_NOT_FOUND);
  return student;
}

export async function getStudent(actor: Actor | null, id: string): Promise<StudentDTO> {
  requireActor(actor);
  await assertInFamily(actor, "student", id, STUDENT_NOT_FOUND);
  return toDTO(await find(id));
}

/** Whole years from `birthDate` to `on` (both 'YYYY-MM-DD'); null without a birth date. */
export function ageOn(birthDate: string | null, on: string): number | null {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [ty, tm, td] = on.split("-").map(Number);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age < 0 ? null : age;
}

const STUDENT_COLUMNS = `"s"."id", "s"."guardianId", "s"."fullName", CAST("s"."birthDate" AS TEXT) AS "birthDate", "s"."notes", "s"."active", "s"."createdAt", "s"."updatedAt"`;

type Condition = { sql: string[]; params: Record<string, string | boolean> };

/** The actor's family (see family/scope.ts) as a condition on "s"; nothing for Administrator and Team. */
function familyOnly(actor: Actor | null, into: Condition) {
  const family = actorFamilyCondition(actor, "student", `"s"."id"`);
  if (!family) return;
  into.sql.push(family.sql);
  Object.assign(into.params, family.params);
}

/** Reads kept while the students' table is unchanged (see createKeptReads). */
const keptCount = createKeptReads(tableVersions, 4);
const STUDENT_TABLES = ["students"] as const;

/** The name search as a condition on "s". */
function nameCondition(q: string | null | undefined, into: Condition) {
  const term = searchTerm(q);
  if (!term) return;
  into.sql.push(`LOWER("s"."fullName") LIKE :like ${LIKE_ESCAPE}`);
  into.params.like = likePattern(term);
}

// The enrolments table belongs to app/domain/enrollments; read here for the students' filters.
const ENROLLED_IN_CLASS = `EXISTS (SELECT 1 FROM "enrollments" AS "e" WHERE "e"."studentId" = "s"."id" AND "e"."classId" = :classId AND "e"."status" <> :cancelled)`;
// The branch filter as two sets, each read once (not a probe per student).
const IN_BRANCH_OR_NOWHERE = `("s"."id" IN (SELECT "e"."studentId" FROM "enrollments" AS "e" JOIN "classes" AS "c" ON "c"."id" = "e"."classId"
    WHERE "e"."status" <> :cancelled AND "c"."branchId" = :branchId)
  OR "s"."id" NOT IN (SELECT "e"."studentId" FROM "enrollments" AS "e" WHERE "e"."status" <> :cancelled))`;

/**
 * GET /api/students: by name (then id), optionally one guardian's, one class's
 * (its enrolments that are not cancelled) or those whose name contains `q`;
 * read in batches. A malformed id matches nothing.
 */
export function studentList(
  actor: Actor | null,
  filter: { guardianId?: string | null; classId?: string | null; q?: string | null; status?: string | null } = {},
): ListSource<StudentDTO> {
  requireActor(actor);
  const where: Condition = { sql: [], params: {} };
  familyOnly(actor, where);
  // The students screen's status filter ('active' | 'inactive'; anything else: all).
  if (filter.status === "active" || filter.status === "inactive") {
    where.sql.push(`"s"."active" = :active`);
    where.params.active = filter.status === "active";
  }
  if (filter.guardianId) {
    if (isUuid(filter.guardianId)) {
      where.sql.push(`"s"."guardianId" = :guardianId`);
      where.params.guardianId = filter.guardianId;
    } else where.sql.push("1 = 0");
  }
  if (filter.classId) {
    if (isUuid(filter.classId)) {
      where.sql.push(ENROLLED_IN_CLASS);
      where.params.classId = filter.classId;
      where.params.cancelled = CANCELLED;
    } else where.sql.push("1 = 0");
  }
  nameCondition(filter.q, where);
  return sqlList<StudentFields & Record<string, unknown>, StudentDTO>(
    "students",
    {
      columns: STUDENT_COLUMNS,
      from: `FROM "students" AS "s"`,
      where: where.sql.length ? where.sql.join(" AND ") : undefined,
      params: where.params,
      key: [
        { expr: `"s"."fullName"`, type: "text" },
        { expr: `"s"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

/** A row of the students screen, before its classes (enrollments `listStudentsPage` adds them). */
export type StudentPageRow = StudentDTO & { age: number | null; guardianName: string };

/**
 * The students screen's page, without the classes: one page by name, with each
 * student's age and family (the guardian's primary person). `status` keeps the
 * active or inactive ones; `branchId` (the selected branch) keeps the students
 * enrolled in its classes and those not enrolled anywhere yet (a new student
 * belongs to no branch). The screen calls `listStudentsPage`
 * (enrollments/queries.server.ts), which adds each student's classes.
 */
export async function studentsPage(
  actor: Actor | null,
  options: {
    q?: string | null;
    status?: "active" | "inactive" | null;
    page?: number | null;
    branchId?: string | null;
    pageSize?: number;
  } = {},
): Promise<{ students: StudentPageRow[]; total: number; page: number; pageSize: number; pageCount: number }> {
  requireActor(actor);
  const where: Condition = { sql: [], params: {} };
  familyOnly(actor, where);
  const familyScoped = where.sql.length > 0;
  nameCondition(options.q, where);
  if (options.status === "active" || options.status === "inactive") {
    where.sql.push(`"s"."active" = :active`);
    where.params.active = options.status === "active";
  }
  if (options.branchId) {
    if (isUuid(options.branchId)) {
      where.sql.push(IN_BRANCH_OR_NOWHERE);
      where.params.branchId = options.branchId;
      where.params.cancelled = CANCELLED;
    } else where.sql.push("1 = 0");
  }
  const matching = `FROM "students" AS "s" ${where.sql.length ? `WHERE ${where.sql.join(" AND ")}` : ""}`;
  const plan = { planEachCall: Boolean(where.params.like) };
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const count = () => selectRows<{ total: number | string }>(`SELECT COUNT(*) AS "total" ${matching}`, where.params, plan);
  // The network's number of students (all, active or inactive) is kept by the table's version (migration 0022):
  // counting twenty thousand rows was most of the database's time for a page of the list.
  const onStudentsAlone = !familyScoped && !where.params.like && !options.branchId;
  const [{ total }] = onStudentsAlone ? await keptCount(`students\u0000${options.status ?? ""}`, STUDENT_TABLES, count) : await count();
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pageCount);
  const rows = await selectRows<StudentFields>(
    `SELECT ${STUDENT_COLUMNS} ${matching} ORDER BY "s"."fullName", "s"."id" LIMIT :limit OFFSET :offset`,
    { ...where.params, limit: pageSize, offset: (page - 1) * pageSize },
    plan,
  );
  const names = await guardianNames(rows.map((r) => r.guardianId));
  const on = today();
  const students = rows.map((r) => {
    const dto = toDTO(r);
    return { ...dto, age: ageOn(dto.birthDate, on), guardianName: names.get(r.guardianId) ?? "" };
  });
  return { students, total: Number(total), page, pageSize, pageCount };
}

/**
 * Active students whose name contains `q` (all when blank), by name, as a
 * picker's choices; `guardianId` keeps one family's.
 */
export async function searchStudentOptions(
  q: string,
  { limit = 20, guardianId }: { limit?: number; guardianId?: string | null } = {},
): Promise<Array<{ id: string; label: string; guardianName: string }>> {
  const where: Condition = { sql: [`"s"."active" = :active`], params: { active: true } };
  nameCondition(q, where);
  if (guardianId) {
    if (!isUuid(guardianId)) return [];
    where.sql.push(`"s"."guardianId" = :guardianId`);
    where.params.guardianId = guardianId;
  }
  const rows = await selectRows<{ id: string; fullName: string; guardianId: string }>(
    `SELECT "s"."id", "s"."fullName", "s"."guardianId" FROM "students" AS "s" WHERE ${where.sql.join(" AND ")}
     ORDER BY "s"."fullName", "s"."id" LIMIT :limit`,
    { ...where.params, limit: Math.max(1, Math.min(100, limit)) },
    { planEachCall: Boolean(where.params.like) },
  );
  const names = await guardianNames(rows.map((r) => r.guardianId));
  return rows.map((r) => ({ id: r.id, label: r.fullName, guardianName: names.get(r.guardianId) ?? "" }));
}

/** How many students each of these guardians has (the guardians' cards: '+N aluno(s)'); guardians without any are absent. */
export async function countStudentsByGuardian(guardianIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(guardianIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const params: Record<string, string> = {};
  const list = paddedInList("g", ids, params);
  const rows = await selectRows<{ guardianId: string; n: number | string }>(
    `SELECT "guardianId", COUNT(*) AS "n" FROM "students" WHERE "guardianId" IN (${list}) GROUP BY "guardianId"`,
    params,
  );
  return new Map(rows.map((r) => [r.guardianId, Number(r.n)]));
}

/** What enrolling a student needs to know of it, inside the caller's transaction; null when the id names no student. */
export async function studentForEnrollment(
  id: string,
  t?: Transaction,
): Promise<{ id: string; guardianId: string; fullName: string; active: boolean } | null> {
  if (!isUuid(id)) return null;
  const row = await Student.findByPk(id, { transaction: t, attributes: ["id", "guardianId", "fullName", "active"] });
  return row ? { id: row.id, guardianId: row.guardianId, fullName: row.fullName, active: Boolean(row.active) } : null;
}

/** The names of these students, by id (a CSV of enrolments names each one); unknown ids are left out. */
export async function studentNames(ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const params: Record<string, string> = {};
  const rows = await selectRows<{ id: string; fullName: string }>(
    `SELECT "s"."id", "s"."fullName" FROM "students" AS "s" WHERE "s"."id" IN (${paddedInList("s", unique, params)})`,
    params,
  );
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/**
 * How many enrolments (any status) a student has, before deleting it (inside
 * the caller's transaction): counted by their foreign key in the enrolments
 * module's table, as the enrolments module imports this one (ADR 016).
 */
export async function studentEnrollmentCount(id: string, t?: Transaction): Promise<number> {
  const [row] = await selectRowsIn<{ n: number | string }>(t, `SELECT COUNT(*) AS "n" FROM "enrollments" WHERE "studentId" = :id`, { id });
  return Number(row.n);
}
