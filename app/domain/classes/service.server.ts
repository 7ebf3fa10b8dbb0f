import { ForeignKeyConstraintError, Op, UniqueConstraintError, type Transaction } from "sequelize";
import { ClassScheduleLink, Counter, SchoolClass } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertAdmin, type Actor } from "../access/roles";
import { branchExists } from "../branches/queries.server";
import { classroomBranch, classroomCapacity } from "../classrooms/queries.server";
import { assertClassesFit } from "../classrooms/service.server";
import { courseExists } from "../courses/queries.server";
import { fillFreedSeats } from "../enrollments/service.server";
import type { PromotionDTO } from "../enrollments/schema";
import { ConflictError, ValidationError, type FieldErrors } from "../errors";
import { scheduleClassrooms } from "../schedules/queries.server";
import { userTypeOf } from "../users/queries.server";
import { isUuid, parseOrThrow } from "../validation";
import { classEnrollmentCount, findRow, STAFF_TYPES, toDTO } from "./queries.server";
import { classSchema, classUpdateSchema, type ClassInput } from "./schema";

import type { ClassDTO } from "./schema";
import { BRANCH_NOT_FOUND } from "../branches/schema";
import { COURSE_NOT_FOUND } from "../courses/schema";

export const CLASS_IN_USE = "Não é possível excluir esta turma: ela possui experimentais vinculados";
export const CLASS_HAS_ENROLLMENTS = "Não é possível excluir esta turma: ela possui matrículas";
export const RESPONSIBLE_NOT_FOUND = "Responsável não encontrado";
export const RESPONSIBLE_NOT_STAFF = "O responsável deve ser um usuário do tipo Equipe ou Administrador";
export const CLASSROOM_NOT_IN_BRANCH = "A sala não pertence à unidade selecionada";
export const SCHEDULES_NOT_IN_CLASSROOM = "Os horários devem pertencer à sala selecionada";
const NUMBER_CONFLICT = "Não foi possível numerar a turma. Tente novamente.";

const COUNTER_NAME = "classNumber";

/**
 * The references of a class must hold together: the course and branch exist,
 * the responsible is staff, the classroom is in the branch and every schedule
 * is in the classroom. All problems are reported at once, on their fields.
 */
async function assertConsistent(data: ClassInput, t: Transaction): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  // Each reference is read by its own module, inside this transaction.
  const [course, responsibleType, branch, classroom, schedules] = await Promise.all([
    courseExists(data.courseId, t),
    userTypeOf(data.responsibleId, t),
    branchExists(data.branchId, t),
    classroomBranch(data.classroomId, t),
    data.scheduleIds.every(isUuid) ? scheduleClassrooms(data.scheduleIds, t) : Promise.resolve(null),
  ]);

  if (!course) add("courseId", COURSE_NOT_FOUND);
  if (!responsibleType) add("responsibleId", RESPONSIBLE_NOT_FOUND);
  else if (!STAFF_TYPES.includes(responsibleType)) add("responsibleId", RESPONSIBLE_NOT_STAFF);
  if (!branch) add("branchId", BRANCH_NOT_FOUND);
  if (!classroom || classroom.branchId !== data.branchId) add("classroomId", CLASSROOM_NOT_IN_BRANCH);
  const allInClassroom =
    schedules !== null && schedules.length === data.scheduleIds.length && schedules.every((s) => s.classroomId === data.classroomId);
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
  assertAdmin(actor);
  const data = parseOrThrow(classSchema, input);
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
export async function updateClass(actor: Actor | null, id: string, input: unknown, log?: PromotionDTO[]): Promise<ClassDTO> {
  assertAdmin(actor);
  const patch = parseOrThrow(classUpdateSchema, input);
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
      // Another classroom must seat the class's pupils (as a smaller classroom must).
      if (merged.classroomId !== current.classroomId) await assertClassesFit([id], await classroomCapacity(merged.classroomId, t), t);
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
  // Another classroom, or the class active again: its waiting list takes any free seats (who did goes to `log`).
  const promoted = await fillFreedSeats([id]);
  log?.push(...promoted);
  return toDTO(await findRow(id));
}

/**
 * Deleting a class removes its schedule links (cascade); a class with
 * enrolments (of any status) or trials is refused (409), the foreign keys
 * (RESTRICT) being the backstop.
 */
export async function deleteClass(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  const row = await findRow(id);
  try {
    await transaction(async (t) => {
      if ((await classEnrollmentCount(row.id, t)) > 0) throw new ConflictError(CLASS_HAS_ENROLLMENTS);
      await SchoolClass.destroy({ where: { id: row.id }, transaction: t });
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) {
      throw new ConflictError((await classEnrollmentCount(row.id)) > 0 ? CLASS_HAS_ENROLLMENTS : CLASS_IN_USE);
    }
    throw error;
  }
}
