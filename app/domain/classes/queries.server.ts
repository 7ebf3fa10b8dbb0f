import type { Transaction } from "sequelize";
import { Branch, Classroom, ClassroomSchedule, ClassScheduleLink, Course, SchoolClass, User } from "#db/models.ts";
import { idsOfBatch, paddedInList } from "#db/in-list.ts";
import { selectRows, selectRowsIn } from "~/platform/db.server";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { listBranchOptions } from "../branches/queries.server";
import { classroomCapacity, listClassroomOptions } from "../classrooms/queries.server";
import { listCourseOptions } from "../courses/queries.server";
import { NotFoundError } from "../errors";
import { activeOr, type Option } from "../options.server";
import { compareSchedules, scheduleLabel } from "../schedules/schema";
import { listScheduleOptions } from "../schedules/queries.server";
import { listUserOptions } from "../users/queries.server";
import { isUuid } from "../validation";
import type { ClassDTO, ClassOption, ClassScheduleLinkDTO } from "./schema";
import { CLASS_NOT_FOUND } from "./schema";

/**
 * The reads of classes and their schedule links: the classes' tables are read
 * here only; other modules (the trials form, the trials service, the branches'
 * and classrooms' delete checks) call these.
 */

/** §6: only these user types may be responsible for a class. */
export const STAFF_TYPES = ["Team", "Administrator"];

export type Row = SchoolClass & {
  course?: Course;
  responsible?: User;
  branch?: Branch;
  classroom?: Classroom;
  scheduleLinks?: Array<ClassScheduleLink & { schedule?: ClassroomSchedule }>;
};

/** Everything the list, the API and the dialogs show, in one query with joins (course, user, branch, classroom and schedule rows belong to their modules; joined here for this read model). */
const include = [
  { model: Course, as: "course", attributes: ["id", "name"] },
  { model: User, as: "responsible", attributes: ["id", "name"] },
  { model: Branch, as: "branch", attributes: ["id", "name"] },
  { model: Classroom, as: "classroom", attributes: ["id", "name"] },
  {
    model: ClassScheduleLink,
    as: "scheduleLinks",
    attributes: ["id", "scheduleId"],
    include: [{ model: ClassroomSchedule, as: "schedule", attributes: ["id", "dayOfWeek", "startTime", "endTime"] }],
  },
];

/** A class with its references' names, as the list query returns it. */
interface FlatClass {
  id: string;
  classNumber: number | string;
  courseId: string;
  courseName: string | null;
  responsibleId: string;
  responsibleName: string | null;
  branchId: string;
  branchName: string | null;
  classroomId: string;
  classroomName: string | null;
  active: boolean | number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

type ScheduleFields = Pick<ClassroomSchedule, "id" | "dayOfWeek" | "startTime" | "endTime">;

function dto(c: FlatClass, linked: ReadonlyArray<ScheduleFields>): ClassDTO {
  const schedules = linked
    .map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime, label: scheduleLabel(s) }))
    .sort(compareSchedules);
  return {
    id: c.id,
    classNumber: Number(c.classNumber),
    courseId: c.courseId,
    courseName: c.courseName ?? "",
    responsibleId: c.responsibleId,
    responsibleName: c.responsibleName ?? "",
    branchId: c.branchId,
    branchName: c.branchName ?? "",
    classroomId: c.classroomId,
    classroomName: c.classroomName ?? "",
    scheduleIds: schedules.map((s) => s.id),
    schedules,
    active: Boolean(c.active),
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  };
}

export function toDTO(c: Row): ClassDTO {
  const linked = (c.scheduleLinks ?? []).map((l) => l.schedule).filter((s): s is ClassroomSchedule => Boolean(s));
  return dto(
    {
      ...c.get({ plain: true }),
      courseName: c.course?.name ?? null,
      responsibleName: c.responsible?.name ?? null,
      branchName: c.branch?.name ?? null,
      classroomName: c.classroom?.name ?? null,
    },
    linked,
  );
}

function linkDTO(l: ClassScheduleLink): ClassScheduleLinkDTO {
  return { id: l.id, classId: l.classId, scheduleId: l.scheduleId, createdAt: new Date(l.createdAt).toISOString() };
}

export async function findRow(id: string, t?: Transaction): Promise<Row> {
  const row = isUuid(id) ? ((await SchoolClass.findByPk(id, { include, transaction: t })) as Row | null) : null;
  if (!row) throw new NotFoundError(CLASS_NOT_FOUND);
  return row;
}

/** The class list's read model: the class with its references' names (their tables belong to their modules). */
const CLASS_COLUMNS = `"c"."id", "c"."classNumber", "c"."courseId", "co"."name" AS "courseName", "c"."responsibleId",
  "u"."name" AS "responsibleName", "c"."branchId", "b"."name" AS "branchName", "c"."classroomId",
  "r"."name" AS "classroomName", "c"."active", "c"."createdAt", "c"."updatedAt"`;
const CLASS_FROM = `FROM "classes" AS "c"
  LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
  LEFT JOIN "users" AS "u" ON "u"."id" = "c"."responsibleId"
  LEFT JOIN "branches" AS "b" ON "b"."id" = "c"."branchId"
  LEFT JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId"`;

const LIST_CLASSES = (byBranch: boolean) => `
  SELECT ${CLASS_COLUMNS}
  ${CLASS_FROM}
  ${byBranch ? `WHERE "c"."branchId" = :branchId` : ""}
  ORDER BY "c"."classNumber"`;

/** Each class with its linked schedules (links read in one query for all the rows). */
function withSchedules(rows: FlatClass[], links: Array<ScheduleFields & { classId: string }>): ClassDTO[] {
  const byClass = new Map<string, ScheduleFields[]>();
  for (const link of links) {
    const list = byClass.get(link.classId);
    if (list) list.push(link);
    else byClass.set(link.classId, [link]);
  }
  return rows.map((row) => dto(row, byClass.get(row.id) ?? []));
}

const LIST_LINKED_SCHEDULES = (byBranch: boolean) => `
  SELECT "l"."classId", "s"."id", "s"."dayOfWeek", "s"."startTime", "s"."endTime"
  FROM "class_schedules" AS "l"
  JOIN "classroom_schedules" AS "s" ON "s"."id" = "l"."scheduleId"
  ${byBranch ? `JOIN "classes" AS "c" ON "c"."id" = "l"."classId" WHERE "c"."branchId" = :branchId` : ""}`;

/**
 * Classes, numbered order; `branchId` narrows the list to one branch (the globally
 * selected one). Two plain queries (classes with their references' names, then
 * their schedules): the list screen and GET /api/classes read every class.
 */
export async function listClasses(actor: Actor | null, filter: { branchId?: string | null } = {}): Promise<ClassDTO[]> {
  requireActor(actor);
  const byBranch = Boolean(filter.branchId);
  if (byBranch && !isUuid(filter.branchId!)) return [];
  const params: Record<string, string> = byBranch ? { branchId: filter.branchId! } : {};
  const [rows, links] = await Promise.all([
    selectRows<FlatClass>(LIST_CLASSES(byBranch), params),
    selectRows<ScheduleFields & { classId: string }>(LIST_LINKED_SCHEDULES(byBranch), params),
  ]);
  return withSchedules(rows, links);
}

/** GET /api/classes: numbered order (optionally one branch's), read in batches, each batch with its schedules. */
export function classList(actor: Actor | null, filter: { branchId?: string | null } = {}): ListSource<ClassDTO> {
  requireActor(actor);
  const byBranch = Boolean(filter.branchId);
  return sqlList<FlatClass & Record<string, unknown>, ClassDTO>(
    "classes",
    {
      columns: CLASS_COLUMNS,
      from: CLASS_FROM,
      // A malformed branch id matches nothing (as the list screen's filter).
      where: byBranch ? (isUuid(filter.branchId!) ? `"c"."branchId" = :branchId` : "1 = 0") : undefined,
      params: byBranch && isUuid(filter.branchId!) ? { branchId: filter.branchId! } : {},
      key: [{ expr: `"c"."classNumber"`, type: "int" }],
    },
    async (rows, batch) => {
      const links = await selectRows<ScheduleFields & { classId: string }>(
        `SELECT "l"."classId", "s"."id", "s"."dayOfWeek", "s"."startTime", "s"."endTime"
         FROM "class_schedules" AS "l" JOIN "classroom_schedules" AS "s" ON "s"."id" = "l"."scheduleId"
         WHERE "l"."classId" IN (${idsOfBatch(batch)})`,
        batch.params,
      );
      return withSchedules(rows, links);
    },
  );
}

export async function getClass(actor: Actor | null, id: string): Promise<ClassDTO> {
  requireActor(actor);
  return toDTO(await findRow(id));
}

/** Class-schedule links oldest first (then by id), all of them or one class's. */
function linkList(classId?: string): ListSource<ClassScheduleLinkDTO> {
  return sqlList<ClassScheduleLink & Record<string, unknown>, ClassScheduleLinkDTO>(
    "class-schedules",
    {
      columns: `"l"."id", "l"."classId", "l"."scheduleId", "l"."createdAt"`,
      from: `FROM "class_schedules" AS "l"`,
      where: classId === undefined ? undefined : `"l"."classId" = :classId`,
      params: classId === undefined ? {} : { classId },
      key: [
        { expr: `"l"."createdAt"`, type: "instant" },
        { expr: `"l"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(linkDTO),
  );
}

/** GET /api/classes/{id}/schedules: the class's links (404 for an unknown class). */
export async function classScheduleLinkList(actor: Actor | null, classId: string): Promise<ListSource<ClassScheduleLinkDTO>> {
  requireActor(actor);
  if (!isUuid(classId) || !(await SchoolClass.count({ where: { id: classId } }))) throw new NotFoundError(CLASS_NOT_FOUND);
  return linkList(classId);
}

/** GET /api/class-schedules: every class-schedule link, read in batches. */
export function allClassScheduleLinkList(actor: Actor | null): ListSource<ClassScheduleLinkDTO> {
  requireActor(actor);
  return linkList();
}

type OptionRow = SchoolClass & {
  course?: Course;
  branch?: Branch;
  scheduleLinks?: Array<ClassScheduleLink & { schedule?: ClassroomSchedule }>;
};

/** The class, its course's and branch's names and its schedules' times (course, branch and schedule rows belong to their modules; joined here for this read model). */
const optionInclude = [
  { model: Course, as: "course", attributes: ["id", "name"] },
  { model: Branch, as: "branch", attributes: ["id", "name"] },
  {
    model: ClassScheduleLink,
    as: "scheduleLinks",
    attributes: ["id", "scheduleId"],
    include: [{ model: ClassroomSchedule, as: "schedule", attributes: ["id", "dayOfWeek", "startTime", "endTime"] }],
  },
];

function toOption(cls: OptionRow): ClassOption {
  const first = (cls.scheduleLinks ?? []).flatMap((l) => (l.schedule ? [l.schedule] : [])).sort(compareSchedules)[0];
  return {
    id: cls.id,
    label: `${cls.course?.name ?? "-"} - Turma ${cls.classNumber} (${cls.branch?.name ?? "-"})`,
    firstStartTime: first?.startTime ?? null,
    branchId: cls.branchId,
    branchName: cls.branch?.name ?? "-",
  };
}

/**
 * The trials form's class select (§2): active classes in class-number order,
 * plus `alsoId` (a trial's current class, even if inactive), labelled
 * 'course name - Turma N (branch name)', with the start time of the first
 * schedule in weekday order (the form's time suggestion).
 */
export async function listClassOptions(alsoId?: string | null): Promise<ClassOption[]> {
  const rows = (await SchoolClass.findAll({
    where: activeOr(alsoId),
    include: optionInclude,
    order: [["classNumber", "ASC"]],
  })) as OptionRow[];
  return rows.map(toOption);
}

/** One class's option, or null when the id names no class. */
export async function findClassOption(id: string, t?: Transaction): Promise<ClassOption | null> {
  if (!isUuid(id)) return null;
  const row = (await SchoolClass.findByPk(id, { include: optionInclude, transaction: t })) as OptionRow | null;
  return row ? toOption(row) : null;
}

/** The ids of the classes that match (e.g. a classroom's). */
export async function classIdsOf(where: { classroomId: string }): Promise<string[]> {
  return (await SchoolClass.findAll({ where, attributes: ["id"], order: [["classNumber", "ASC"]] })).map((c) => c.id);
}

/** How many classes match (e.g. a branch's or a classroom's, before deleting it), inside the caller's transaction. */
export type { Option };

export interface ClassFormValues {
  courseId: string;
  responsibleId: string;
  branchId: string;
  classroomId: string;
  scheduleIds: string[];
  active: boolean;
}

export interface ClassFormOptions {
  courses: Option[];
  responsibles: Option[];
  branches: Option[];
  classrooms: Option[];
  schedules: Option[];
}

/**
 * What the class dialog offers (§2) for given values: active courses, Team and
 * Administrator users, active branches, the chosen branch's classrooms and the
 * chosen classroom's schedules (each read by its own module). A classroom that
 * is not in the branch and schedules that are not in the classroom are dropped
 * (so changing the branch clears them), and, with `preselect`, any select that
 * has a single option is chosen for the user (also a single schedule). `keep`
 * is the value already chosen (editing a class whose course was since
 * deactivated keeps it offered).
 */
export async function buildClassForm(
  input: ClassFormValues,
  { preselect = true, keep }: { preselect?: boolean; keep?: { courseId?: string; branchId?: string } } = {},
): Promise<{ values: ClassFormValues; options: ClassFormOptions }> {
  const values: ClassFormValues = { ...input, scheduleIds: [...input.scheduleIds] };
  const [courses, responsibles, branches] = await Promise.all([
    listCourseOptions(keep?.courseId),
    listUserOptions(STAFF_TYPES),
    listBranchOptions(keep?.branchId),
  ]);
  const single = (options: Option[], current: string) => (preselect && !current && options.length === 1 ? options[0].id : current);
  values.courseId = single(courses, values.courseId);
  values.responsibleId = single(responsibles, values.responsibleId);
  if (values.branchId && !branches.some((b) => b.id === values.branchId)) values.branchId = "";
  values.branchId = single(branches, values.branchId);

  const classrooms = values.branchId ? await listClassroomOptions(values.branchId) : [];
  if (!classrooms.some((c) => c.id === values.classroomId)) values.classroomId = "";
  values.classroomId = single(classrooms, values.classroomId);

  const schedules = values.classroomId ? await listScheduleOptions(values.classroomId) : [];
  values.scheduleIds = values.scheduleIds.filter((id) => schedules.some((s) => s.id === id));
  if (preselect && values.scheduleIds.length === 0 && schedules.length === 1) values.scheduleIds = [schedules[0].id];

  return { values, options: { courses, responsibles, branches, classrooms, schedules } };
}

/** What enrolling in a class needs to know of it: its branch, whether it is active and its classroom's capacity. */
export interface ClassSeats {
  id: string;
  branchId: string;
  active: boolean;
  capacity: number;
}

type SeatsRow = { id: string; branchId: string; active: boolean | number; capacity: number | string | null };
const seatsOf = (r: SeatsRow): ClassSeats => ({
  id: r.id,
  branchId: r.branchId,
  active: Boolean(r.active),
  capacity: Number(r.capacity ?? 0),
});

/**
 * Locks the class's row until the transaction ends and reads its seats (the
 * capacity is its classroom's, read by the classrooms' module): every enrolment and cancellation of the class runs
 * under this lock (`FOR NO KEY UPDATE` on PostgreSQL: it excludes the other
 * enrolments and any change of the class's row, but not the key-share locks
 * of rows that merely reference the class, so a trial can still be booked into
 * it meanwhile; SQLite's IMMEDIATE transactions are already serialised), so the
 * count of active enrolments it then reads cannot change before the transaction
 * ends. Null when the id names no class.
 */
export async function lockClassSeats(id: string, t: Transaction): Promise<ClassSeats | null> {
  if (!isUuid(id)) return null;
  const cls = await SchoolClass.findByPk(id, {
    transaction: t,
    lock: t.LOCK.NO_KEY_UPDATE,
    attributes: ["id", "branchId", "classroomId", "active"],
  });
  if (!cls) return null;
  return seatsOf({ id: cls.id, branchId: cls.branchId, active: cls.active, capacity: await classroomCapacity(cls.classroomId, t) });
}

/** The seats of these classes (all of them when `ids` is null), by class id (the classrooms' capacities joined for this read model). */
export async function classSeats(ids: string[] | null): Promise<Map<string, ClassSeats>> {
  const list = ids === null ? null : [...new Set(ids.filter(isUuid))];
  if (list !== null && list.length === 0) return new Map();
  const params: Record<string, string> = {};
  const where = list === null ? "" : `WHERE "c"."id" IN (${paddedInList("c", list, params)})`;
  const rows = await selectRows<SeatsRow>(
    `SELECT "c"."id", "c"."branchId", "c"."active", "r"."capacity" FROM "classes" AS "c"
     LEFT JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId" ${where}`,
    params,
  );
  return new Map(rows.map((r) => [r.id, seatsOf(r)]));
}

/** A class's label as lists show it ('Ballet - Turma 3'), its branch's name and its schedules' weekdays; null for no class. */
export async function classSummary(id: string): Promise<(ClassSeats & { label: string; branchName: string; weekdays: string[] }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectRows<SeatsRow & { classNumber: number | string; courseName: string | null; branchName: string | null }>(
    `SELECT "c"."id", "c"."branchId", "c"."active", "r"."capacity", "c"."classNumber", "co"."name" AS "courseName", "b"."name" AS "branchName"
     FROM "classes" AS "c"
     LEFT JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     LEFT JOIN "branches" AS "b" ON "b"."id" = "c"."branchId"
     WHERE "c"."id" = :id`,
    { id },
  );
  if (!row) return null;
  const days = await selectRows<{ dayOfWeek: string }>(
    `SELECT DISTINCT "s"."dayOfWeek" FROM "class_schedules" AS "l" JOIN "classroom_schedules" AS "s" ON "s"."id" = "l"."scheduleId"
     WHERE "l"."classId" = :id`,
    { id },
  );
  return {
    ...seatsOf(row),
    label: classLabel(row.courseName, row.classNumber),
    branchName: row.branchName ?? "",
    weekdays: days.map((d) => d.dayOfWeek),
  };
}

/** 'Ballet - Turma 3': how the students' screens name a class. */
export function classLabel(courseName: string | null | undefined, classNumber: number | string): string {
  return `${courseName ?? "-"} - Turma ${Number(classNumber)}`;
}

/** What the attendance and make-up rules know of a class: its sessions' sources, seats and labels. */
export interface ClassSessionSource {
  id: string;
  classNumber: number;
  label: string;
  courseId: string;
  branchId: string;
  branchName: string;
  active: boolean;
  capacity: number;
  createdAt: string;
  teacherName: string;
  classroomName: string;
  schedules: Array<{ id: string; dayOfWeek: string; startTime: string; endTime: string }>;
}

/**
 * Classes with their schedules (only those of `weekday` when given), filtered by
 * ids, branch, course and/or active; by class number. Courses, branches,
 * classrooms, users and schedules belong to their modules; joined here for this
 * read model (the attendance and make-up modules derive sessions from it).
 */
export async function classSessionSources(
  filter: { ids?: readonly string[]; branchId?: string | null; courseId?: string; weekday?: string; activeOnly?: boolean } = {},
  t?: Transaction,
): Promise<ClassSessionSource[]> {
  const params: Record<string, string | boolean> = {};
  const where: string[] = [];
  if (filter.ids) {
    const ids = [...new Set(filter.ids.filter(isUuid))];
    if (ids.length === 0) return [];
    where.push(`"c"."id" IN (${paddedInList("i", ids, params)})`);
  }
  if (filter.branchId) {
    if (!isUuid(filter.branchId)) return [];
    where.push(`"c"."branchId" = :branchId`);
    params.branchId = filter.branchId;
  }
  if (filter.courseId) {
    if (!isUuid(filter.courseId)) return [];
    where.push(`"c"."courseId" = :courseId`);
    params.courseId = filter.courseId;
  }
  if (filter.activeOnly) {
    where.push(`"c"."active" = :active`);
    params.active = true;
  }
  const scheduleParams: Record<string, string | boolean> = {};
  let scheduleWhere = "";
  if (filter.weekday) {
    scheduleWhere = `AND "s"."dayOfWeek" = :weekday`;
    scheduleParams.weekday = filter.weekday;
    // Only classes that meet on that weekday.
    where.push(
      `EXISTS (SELECT 1 FROM "class_schedules" AS "l" JOIN "classroom_schedules" AS "s" ON "s"."id" = "l"."scheduleId"
               WHERE "l"."classId" = "c"."id" AND "s"."dayOfWeek" = :weekday)`,
    );
    params.weekday = filter.weekday;
  }
  const rows = await selectRowsIn<{
    id: string;
    classNumber: number | string;
    courseId: string;
    courseName: string | null;
    branchId: string;
    branchName: string | null;
    active: boolean | number;
    createdAt: string | Date;
    capacity: number | string | null;
    classroomName: string | null;
    teacherName: string | null;
  }>(
    t,
    `SELECT "c"."id", "c"."classNumber", "c"."courseId", "co"."name" AS "courseName", "c"."branchId", "b"."name" AS "branchName",
       "c"."active", "c"."createdAt", "r"."capacity", "r"."name" AS "classroomName", "u"."name" AS "teacherName"
     FROM "classes" AS "c"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     LEFT JOIN "branches" AS "b" ON "b"."id" = "c"."branchId"
     LEFT JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId"
     LEFT JOIN "users" AS "u" ON "u"."id" = "c"."responsibleId"
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY "c"."classNumber"`,
    params,
  );
  if (rows.length === 0) return [];
  const links = await selectRowsIn<{ classId: string; id: string; dayOfWeek: string; startTime: string; endTime: string }>(
    t,
    `SELECT "l"."classId", "s"."id", "s"."dayOfWeek", "s"."startTime", "s"."endTime"
     FROM "class_schedules" AS "l" JOIN "classroom_schedules" AS "s" ON "s"."id" = "l"."scheduleId"
     WHERE "l"."classId" IN (${paddedInList(
       "c",
       rows.map((r) => r.id),
       scheduleParams,
     )}) ${scheduleWhere}`,
    scheduleParams,
  );
  const byClass = new Map<string, ClassSessionSource["schedules"]>();
  for (const l of links) {
    const list = byClass.get(l.classId) ?? [];
    list.push({ id: l.id, dayOfWeek: l.dayOfWeek, startTime: l.startTime, endTime: l.endTime });
    byClass.set(l.classId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    classNumber: Number(r.classNumber),
    label: classLabel(r.courseName, r.classNumber),
    courseId: r.courseId,
    branchId: r.branchId,
    branchName: r.branchName ?? "",
    active: Boolean(r.active),
    capacity: Number(r.capacity ?? 0),
    createdAt: new Date(r.createdAt).toISOString(),
    teacherName: r.teacherName ?? "",
    classroomName: r.classroomName ?? "",
    schedules: (byClass.get(r.id) ?? []).sort(compareSchedules),
  }));
}

/** One class's session source; null for no class. */
export async function classSessionSource(id: string, t?: Transaction): Promise<ClassSessionSource | null> {
  if (!isUuid(id)) return null;
  return (await classSessionSources({ ids: [id] }, t))[0] ?? null;
}

/**
 * The labels of these classes ('Ballet - Turma 3'), by id: the trials calendar
 * names each trial's class. One statement by primary key (courses joined for
 * their names); unknown ids are left out.
 */
export async function classLabels(ids: readonly string[]): Promise<Map<string, string>> {
  const list = [...new Set(ids.filter(isUuid))];
  if (list.length === 0) return new Map();
  const params: Record<string, string> = {};
  const rows = await selectRows<{ id: string; classNumber: number | string; courseName: string | null }>(
    `SELECT "c"."id", "c"."classNumber", "co"."name" AS "courseName" FROM "classes" AS "c"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     WHERE "c"."id" IN (${paddedInList("c", list, params)})`,
    params,
  );
  return new Map(rows.map((r) => [r.id, classLabel(r.courseName, r.classNumber)]));
}

/** What the reports group a class's numbers by: its label, branch, course, teacher and classroom's capacity. */
export interface ClassFacts {
  id: string;
  label: string;
  active: boolean;
  branchId: string;
  branchName: string;
  courseId: string;
  courseName: string;
  responsibleId: string;
  responsibleName: string;
  capacity: number;
}

/**
 * Every class with the names the reports show (courses, branches, users and
 * classrooms joined for this read model), by id: one statement over small tables.
 */
export async function classFacts(): Promise<Map<string, ClassFacts>> {
  const rows = await selectRows<{
    id: string;
    classNumber: number | string;
    active: boolean | number;
    branchId: string;
    branchName: string | null;
    courseId: string;
    courseName: string | null;
    responsibleId: string;
    responsibleName: string | null;
    capacity: number | string | null;
  }>(
    `SELECT "c"."id", "c"."classNumber", "c"."active", "c"."branchId", "b"."name" AS "branchName", "c"."courseId",
            "co"."name" AS "courseName", "c"."responsibleId", "u"."name" AS "responsibleName", "r"."capacity"
     FROM "classes" AS "c"
     LEFT JOIN "branches" AS "b" ON "b"."id" = "c"."branchId"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     LEFT JOIN "users" AS "u" ON "u"."id" = "c"."responsibleId"
     LEFT JOIN "classrooms" AS "r" ON "r"."id" = "c"."classroomId"`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        label: classLabel(r.courseName, r.classNumber),
        active: Boolean(r.active),
        branchId: r.branchId,
        branchName: r.branchName ?? "-",
        courseId: r.courseId,
        courseName: r.courseName ?? "-",
        responsibleId: r.responsibleId,
        responsibleName: r.responsibleName ?? "-",
        capacity: Number(r.capacity ?? 0),
      },
    ]),
  );
}

/**
 * How many enrolments (any status) a class has, before deleting it (inside
 * the caller's transaction, or after a refused delete): counted by their
 * foreign key in the enrolments module's table, as the enrolments module
 * imports this one (ADR 016).
 */
export async function classEnrollmentCount(id: string, t?: Transaction): Promise<number> {
  const [row] = await selectRowsIn<{ n: number | string }>(t, `SELECT COUNT(*) AS "n" FROM "enrollments" WHERE "classId" = :id`, { id });
  return Number(row.n);
}
