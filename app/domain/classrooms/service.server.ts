import { ForeignKeyConstraintError } from "sequelize";
import { Classroom, ClassroomSchedule, SchoolClass } from "#db/models.ts";
import { db, transaction } from "~/db.server";
import { sqlList, type ListSource } from "../list.server";
import { assertCanManage, requireActor, type Actor } from "../actor";
import { branchExists, BRANCH_NOT_FOUND, getBranch, type BranchDTO } from "../branches/service.server";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { sortSchedules, toScheduleDTO, type ScheduleDTO } from "../schedules/dto";
import { isUuid, parseOrThrow } from "../validation";
import { classroomSchema, classroomUpdateSchema } from "./schema";

import type { ClassroomDTO } from "./schema";
export type { ClassroomDTO };

function toDTO(c: Classroom): ClassroomDTO {
  return {
    id: c.id,
    branchId: c.branchId,
    name: c.name,
    capacity: Number(c.capacity),
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  };
}

export const CLASSROOM_NOT_FOUND = "Sala não encontrada";
export const CLASSROOM_IN_USE = "Não é possível excluir esta sala: ela possui turmas vinculadas";

async function find(id: string): Promise<Classroom> {
  await db();
  const classroom = isUuid(id) ? await Classroom.findByPk(id) : null;
  if (!classroom) throw new NotFoundError(CLASSROOM_NOT_FOUND);
  return classroom;
}

/** GET /api/classrooms: by name (then id), all of them or one branch's, read in batches. */
export function classroomList(actor: Actor | null, branchId?: string): ListSource<ClassroomDTO> {
  requireActor(actor);
  return sqlList<Classroom & Record<string, unknown>, ClassroomDTO>(
    "classrooms",
    {
      columns: `"r"."id", "r"."branchId", "r"."name", "r"."capacity", "r"."createdAt", "r"."updatedAt"`,
      from: `FROM "classrooms" AS "r"`,
      where: branchId === undefined ? undefined : `"r"."branchId" = :branchId`,
      params: branchId === undefined ? {} : { branchId },
      key: [
        { expr: `"r"."name"`, type: "text" },
        { expr: `"r"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

/** GET /api/classrooms/branch/{branchId}: 404 when the branch does not exist. */
export async function branchClassroomList(actor: Actor | null, branchId: string): Promise<ListSource<ClassroomDTO>> {
  const branch = await getBranch(actor, branchId);
  return classroomList(actor, branch.id);
}

export async function getClassroom(actor: Actor | null, id: string): Promise<ClassroomDTO> {
  requireActor(actor);
  return toDTO(await find(id));
}

export interface ClassroomWithSchedules extends ClassroomDTO {
  schedules: ScheduleDTO[];
}

/** The classrooms dialog: the branch, its classrooms with their schedules, and the total capacity. */
export async function getBranchClassroomsOverview(
  actor: Actor | null,
  branchId: string,
): Promise<{ branch: BranchDTO; classrooms: ClassroomWithSchedules[]; totalCapacity: number }> {
  const branch = await getBranch(actor, branchId);
  const rows = await Classroom.findAll({
    where: { branchId: branch.id },
    attributes: ["id", "branchId", "name", "capacity", "createdAt", "updatedAt"],
    include: [{ model: ClassroomSchedule, as: "schedules" }],
    order: [["name", "ASC"]],
  });
  const classrooms = rows.map((row) => {
    const schedules = ((row as Classroom & { schedules?: ClassroomSchedule[] }).schedules ?? []).map(toScheduleDTO);
    return { ...toDTO(row), schedules: sortSchedules(schedules) };
  });
  const totalCapacity = classrooms.reduce((sum, c) => sum + c.capacity, 0);
  return { branch, classrooms, totalCapacity };
}

export async function createClassroom(actor: Actor | null, input: unknown): Promise<ClassroomDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(classroomSchema, input);
  if (!(await branchExists(data.branchId))) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
  try {
    return toDTO(await Classroom.create(data));
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
    throw error;
  }
}

export async function updateClassroom(actor: Actor | null, id: string, input: unknown): Promise<ClassroomDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(classroomUpdateSchema, input);
  const classroom = await find(id);
  await classroom.update(data);
  return toDTO(classroom);
}

/** Removes the classroom and its schedules (cascade); a classroom still used by a class is a 409. */
export async function deleteClassroom(actor: Actor | null, id: string): Promise<void> {
  assertCanManage(actor);
  const classroom = await find(id);
  try {
    await transaction(async (t) => {
      if ((await SchoolClass.count({ where: { classroomId: classroom.id }, transaction: t })) > 0) {
        throw new ConflictError(CLASSROOM_IN_USE);
      }
      await classroom.destroy({ transaction: t });
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(CLASSROOM_IN_USE);
    throw error;
  }
}

/** A classroom addressed under its branch's URL: one of another branch is a 404 there. */
export async function getBranchClassroom(actor: Actor | null, branchId: string, classroomId: string): Promise<ClassroomDTO> {
  const classroom = await getClassroom(actor, classroomId);
  if (classroom.branchId !== branchId) throw new NotFoundError(CLASSROOM_NOT_FOUND);
  return classroom;
}
