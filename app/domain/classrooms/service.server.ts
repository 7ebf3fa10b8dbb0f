import { ForeignKeyConstraintError, type Transaction } from "sequelize";
import { Classroom } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertAdmin, type Actor } from "../access/roles";
import { branchExists } from "../branches/queries.server";
import { classIdsOf, lockClassSeats } from "../classes/queries.server";
import { classPlaces, mostPlacesTaken } from "~/domain/attendance/makeups/queries.server";
import { today } from "../calendar/dates";
import { fillFreedSeats } from "../enrollments/service.server";
import type { PromotionDTO } from "../enrollments/schema";
import { ConflictError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { classroomClassCount, find, toDTO } from "./queries.server";
import { classroomSchema, classroomUpdateSchema } from "./schema";

import type { ClassroomDTO } from "./schema";
import { BRANCH_NOT_FOUND } from "../branches/schema";

export const CLASSROOM_IN_USE = "Não é possível excluir esta sala: ela possui turmas vinculadas";
export const CAPACITY_BELOW_PUPILS = "Capacidade menor que o número de alunos ativos";

/**
 * Inside the caller's transaction: locks each class (`lockClassSeats`, as
 * enrolments do) and refuses (409) a capacity below the places any of them
 * takes in a coming session (its active enrolments and the make-ups booked
 * into it). For a smaller classroom, or a class moved to another classroom.
 */
export async function assertClassesFit(classIds: readonly string[], capacity: number, t: Transaction): Promise<void> {
  for (const id of [...classIds].sort()) {
    const seats = await lockClassSeats(id, t);
    if (seats && mostPlacesTaken(await classPlaces(id, today(), t), today()) > capacity) throw new ConflictError(CAPACITY_BELOW_PUPILS);
  }
}

export async function createClassroom(actor: Actor | null, input: unknown): Promise<ClassroomDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(classroomSchema, input);
  if (!(await branchExists(data.branchId))) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
  try {
    return toDTO(await transaction((t) => Classroom.create(data, { transaction: t })));
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
    throw error;
  }
}

/** PATCH: a smaller classroom must still seat its classes' pupils; a bigger one seats their waiting lists (who took a seat goes to `log`). */
export async function updateClassroom(actor: Actor | null, id: string, input: unknown, log?: PromotionDTO[]): Promise<ClassroomDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(classroomUpdateSchema, input);
  const classroom = await find(id);
  const before = Number(classroom.capacity);
  const classIds = await classIdsOf({ classroomId: classroom.id });
  await transaction(async (t) => {
    // Fewer seats: under each class's lock, none may hold more pupils than the new capacity.
    if (data.capacity !== undefined && data.capacity < before) await assertClassesFit(classIds, data.capacity, t);
    await classroom.update(data, { transaction: t });
  });
  // More seats: the classes' waiting lists take them.
  if (Number(classroom.capacity) > before) {
    const promoted = await fillFreedSeats(classIds);
    log?.push(...promoted);
  }
  return toDTO(classroom);
}

/** Removes the classroom and its schedules (cascade); a classroom still used by a class is a 409. */
export async function deleteClassroom(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  const classroom = await find(id);
  try {
    await transaction(async (t) => {
      if ((await classroomClassCount(classroom.id, t)) > 0) throw new ConflictError(CLASSROOM_IN_USE);
      await classroom.destroy({ transaction: t });
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(CLASSROOM_IN_USE);
    throw error;
  }
}
