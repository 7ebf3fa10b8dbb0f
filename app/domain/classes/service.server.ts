import { ForeignKeyConstraintError, Op, UniqueConstraintError, type Transaction } from "sequelize";
import {
  Branch,
  Classroom,
  ClassroomSchedule,
  ClassScheduleLink,
  Counter,
  Course,
  SchoolClass,
  User,
} from "#db/models.ts";
import { db, selectRows, transaction } from "~/db.server";
import { idsOfBatch, sqlList, type ListSource } from "../list.server";
import { assertCanManage, requireActor, type Actor } from "../actor";
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { classSchema, classUpdateSchema, compareSchedules, scheduleLabel, type ClassInput } from "./schema";

export interface ClassScheduleDTO {
  id: string;
  dayOfWeek: string;
  startTime: string;
  endTime: string;
  label: string;
}

export interface ClassDTO {
  id: string;
  classNumber: number;
  courseId: string;
  courseName: string;
  responsibleId: string;
  responsibleName: string;
  branchId: string;
  branchName: string;
  classroomId: string;
  classroomName: string;
  /** The linked classroom schedules, in weekday order then start time. */
  scheduleIds: string[];
  schedules: ClassScheduleDTO[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ClassScheduleLinkDTO {
  id: string;
  classId: string;
  scheduleId: string;
  createdAt: string;
}

/** For the trials form (§2): 'course name - Turma N (branch name)' and the time its first schedule starts. */
export interface ClassOption {
  id: string;
  label: string;
  firstStartTime: string | null;
}

const NOT_FOUND = "Turma não encontrada";
export const CLASS_IN_USE = "Não é possível excluir esta turma: ela possui experimentais vinculados";
export const COURSE_NOT_FOUND = "Curso não encontrado";
export const RESPONSIBLE_NOT_FOUND = "Responsável não encontrado";
export const RESPONSIBLE_NOT_STAFF = "O responsável deve ser um usuário do tipo Equipe ou Administrador";
export const BRANCH_NOT_FOUND = "Unidade não encontrada";
export const CLASSROOM_NOT_IN_BRANCH = "A sala não pertence à unidade selecionada";
export const SCHEDULES_NOT_IN_CLASSROOM = "Os horários devem pertencer à sala selecionada";
const NUMBER_CONFLICT = "Não foi possível numerar a turma. Tente novamente.";

/** §6: only these user types may be responsible for a class. */
export const STAFF_TYPES = ["Team", "Administrator"];

const COUNTER_NAME = "classNumber";

type Row = SchoolClass & {
  course?: Course;
  responsible?: User;
  branch?: Branch;
  classroom?: Classroom;
  scheduleLinks?: Array<ClassScheduleLink & { schedule?: ClassroomSchedule }>;
};

/** Everything the list, the API and the dialogs show, in one query with joins. */
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

function toDTO(c: Row): ClassDTO {
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

async function findRow(id: string, t?: Transaction): Promise<Row> {
  await db();
  const row = isUuid(id) ? ((await SchoolClass.findByPk(id, { include, transaction: t })) as Row | null) : null;
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

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
  await db();
  if (!isUuid(classId) || !(await SchoolClass.count({ where: { id: classId } }))) throw new NotFoundError(NOT_FOUND);
  return linkList(classId);
}

/** GET /api/class-schedules: every class-schedule link, read in batches. */
export function allClassScheduleLinkList(actor: Actor | null): ListSource<ClassScheduleLinkDTO> {
  requireActor(actor);
  return linkList();
}

/**
 * The references of a class must hold together: the course and branch exist,
 * the responsible is staff, the classroom is in the branch and every schedule
 * is in the classroom. All problems are reported at once, on their fields.
 */
async function assertConsistent(data: ClassInput, t: Transaction): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const byId = <M>(id: string, find: (id: string) => Promise<M | null>) => (isUuid(id) ? find(id) : Promise.resolve(null));

  const [course, responsible, branch, classroom, schedules] = await Promise.all([
    byId(data.courseId, (id) => Course.findByPk(id, { attributes: ["id"], transaction: t })),
    byId(data.responsibleId, (id) => User.findByPk(id, { attributes: ["id", "userType"], transaction: t })),
    byId(data.branchId, (id) => Branch.findByPk(id, { attributes: ["id"], transaction: t })),
    byId(data.classroomId, (id) => Classroom.findByPk(id, { attributes: ["id", "branchId"], transaction: t })),
    data.scheduleIds.every(isUuid)
      ? ClassroomSchedule.findAll({ where: { id: { [Op.in]: data.scheduleIds } }, attributes: ["id", "classroomId"], transaction: t })
      : Promise.resolve(null),
  ]);

  if (!course) add("courseId", COURSE_NOT_FOUND);
  if (!responsible) add("responsibleId", RESPONSIBLE_NOT_FOUND);
  else if (!STAFF_TYPES.includes(responsible.userType)) add("responsibleId", RESPONSIBLE_NOT_STAFF);
  if (!branch) add("branchId", BRANCH_NOT_FOUND);
  if (!classroom || classroom.branchId !== data.branchId) add("classroomId", CLASSROOM_NOT_IN_BRANCH);
  const allInClassroom =
    schedules !== null &&
    schedules.length === data.scheduleIds.length &&
    schedules.every((s) => s.classroomId === data.classroomId);
  if (!allInClassroom) add("scheduleIds", SCHEDULES_NOT_IN_CLASSROOM);

  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * The next class number, inside the insert's transaction. The counter row is
 * updated with `value = value + 1`, which locks it until commit (PostgreSQL) or
 * runs under the IMMEDIATE write lock (SQLite), so concurrent creates queue up
 * and get consecutive numbers; a rolled-back create gives its number back.
 * The UNIQUE constraint on classes.classNumber is the backstop.
 */
async function nextClassNumber(t: Transaction): Promise<number> {
  // Creating the row is idempotent (INSERT OR IGNORE / ON CONFLICT DO NOTHING), so racing first creates are safe.
  await Counter.bulkCreate([{ name: COUNTER_NAME, value: 0 }], { ignoreDuplicates: true, transaction: t });
  await Counter.increment("value", { by: 1, where: { name: COUNTER_NAME }, transaction: t });
  const counter = await Counter.findByPk(COUNTER_NAME, { transaction: t });
  let value = Number(counter?.value ?? 1);
  // Classes written without the counter (imports, old data) must not collide with it: catch up once.
  const max = Number((await SchoolClass.max("classNumber", { transaction: t })) ?? 0);
  if (max >= value) {
    value = max + 1;
    await Counter.update({ value }, { where: { name: COUNTER_NAME }, transaction: t });
  }
  return value;
}

async function writeLinks(classId: string, scheduleIds: string[], t: Transaction): Promise<void> {
  const existing = await ClassScheduleLink.findAll({ where: { classId }, attributes: ["id", "scheduleId"], transaction: t });
  const keep = new Set(scheduleIds);
  const gone = existing.filter((l) => !keep.has(l.scheduleId)).map((l) => l.id);
  if (gone.length) await ClassScheduleLink.destroy({ where: { id: { [Op.in]: gone } }, transaction: t });
  const have = new Set(existing.map((l) => l.scheduleId));
  const added = scheduleIds.filter((id) => !have.has(id)).map((scheduleId) => ({ classId, scheduleId }));
  if (added.length) await ClassScheduleLink.bulkCreate(added, { transaction: t });
}

function mapWriteError(error: unknown): never {
  // A reference removed between the check and the write.
  if (error instanceof ForeignKeyConstraintError) {
    throw new ValidationError({ form: ["Um dos registros selecionados não existe mais. Atualize a página e tente novamente."] });
  }
  if (error instanceof UniqueConstraintError) throw new ConflictError(NUMBER_CONFLICT);
  throw error;
}

/** A class and its schedule links, in one transaction; the class number comes from the server. */
export async function createClass(actor: Actor | null, input: unknown): Promise<ClassDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(classSchema, input);
  await db();
  let id: string;
  try {
    id = await transaction(async (t) => {
      await assertConsistent(data, t);
      const classNumber = await nextClassNumber(t);
      const created = await SchoolClass.create(
        {
          classNumber,
          courseId: data.courseId,
          responsibleId: data.responsibleId,
          branchId: data.branchId,
          classroomId: data.classroomId,
          active: data.active,
        },
        { transaction: t },
      );
      await writeLinks(created.id, data.scheduleIds, t);
      return created.id;
    });
  } catch (error) {
    mapWriteError(error);
  }
  return toDTO(await findRow(id));
}

/** PATCH: the given fields are merged into the class and the whole is checked again; links are replaced in the same transaction. */
export async function updateClass(actor: Actor | null, id: string, input: unknown): Promise<ClassDTO> {
  assertCanManage(actor);
  const patch = parseOrThrow(classUpdateSchema, input);
  await db();
  try {
    await transaction(async (t) => {
      const current = await findRow(id, t);
      const merged: ClassInput = {
        courseId: patch.courseId ?? current.courseId,
        responsibleId: patch.responsibleId ?? current.responsibleId,
        branchId: patch.branchId ?? current.branchId,
        classroomId: patch.classroomId ?? current.classroomId,
        scheduleIds: patch.scheduleIds ?? (current.scheduleLinks ?? []).map((l) => l.scheduleId),
        active: patch.active ?? Boolean(current.active),
      };
      await assertConsistent(merged, t);
      await SchoolClass.update(
        {
          courseId: merged.courseId,
          responsibleId: merged.responsibleId,
          branchId: merged.branchId,
          classroomId: merged.classroomId,
          active: merged.active,
        },
        { where: { id }, transaction: t },
      );
      await writeLinks(id, merged.scheduleIds, t);
    });
  } catch (error) {
    mapWriteError(error);
  }
  return toDTO(await findRow(id));
}

/** Deleting a class removes its schedule links (cascade); a class with trials is refused (409). */
export async function deleteClass(actor: Actor | null, id: string): Promise<void> {
  assertCanManage(actor);
  const row = await findRow(id);
  try {
    await SchoolClass.destroy({ where: { id: row.id } });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(CLASS_IN_USE);
    throw error;
  }
}
