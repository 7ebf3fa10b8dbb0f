import type { Transaction } from "sequelize";
import { Classroom } from "#db/models.ts";
import { selectRowsIn } from "~/platform/db.server";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { getBranch } from "../branches/queries.server";
import { NotFoundError } from "../errors";
import type { Option } from "../options.server";
import { isUuid } from "../validation";
import type { ClassroomDTO } from "./schema";

/**
 * The reads of classrooms: the classrooms table is read here only; other
 * modules call these functions (the schedules' overlap lock, the class
 * dialog's classroom select and its consistency check).
 */

export const CLASSROOM_NOT_FOUND = "Sala não encontrada";

/** For this module's commands too: a classroom row as its DTO, and a classroom by id (404 when missing). */
export function toDTO(c: Classroom): ClassroomDTO {
  return {
    id: c.id,
    branchId: c.branchId,
    name: c.name,
    capacity: Number(c.capacity),
    createdAt: new Date(c.createdAt).toISOString(),
    updatedAt: new Date(c.updatedAt).toISOString(),
  };
}

export async function find(id: string): Promise<Classroom> {
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

/** A branch's classrooms, by name (the classrooms dialog's rows). */
export async function classroomsOfBranch(branchId: string): Promise<ClassroomDTO[]> {
  const rows = await Classroom.findAll({
    where: { branchId },
    attributes: ["id", "branchId", "name", "capacity", "createdAt", "updatedAt"],
    order: [["name", "ASC"]],
  });
  return rows.map(toDTO);
}

/** A classroom addressed under its branch's URL: one of another branch is a 404 there. */
export async function getBranchClassroom(actor: Actor | null, branchId: string, classroomId: string): Promise<ClassroomDTO> {
  const classroom = await getClassroom(actor, classroomId);
  if (classroom.branchId !== branchId) throw new NotFoundError(CLASSROOM_NOT_FOUND);
  return classroom;
}

/** A branch's classrooms as the class dialog's choices, by name. */
export async function listClassroomOptions(branchId: string): Promise<Option[]> {
  if (!isUuid(branchId)) return [];
  const rows = await Classroom.findAll({ where: { branchId }, attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((c) => ({ id: c.id, label: c.name }));
}

/** A classroom's branch (for the class's consistency check), or null when the id names no classroom. */
export async function classroomBranch(id: string, t?: Transaction): Promise<{ id: string; branchId: string } | null> {
  if (!isUuid(id)) return null;
  const row = await Classroom.findByPk(id, { attributes: ["id", "branchId"], transaction: t });
  return row ? { id: row.id, branchId: row.branchId } : null;
}

/**
 * Locks the classroom's row until the transaction ends (PostgreSQL; SQLite's
 * IMMEDIATE transaction already serialises writers): its schedules' overlap
 * check runs under it. False when the id names no classroom.
 */
export async function lockClassroom(id: string, t: Transaction): Promise<boolean> {
  const row = await Classroom.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id"] });
  return row !== null;
}

/** A classroom's capacity (a class's seats), inside the caller's transaction; 0 when the id names no classroom. */
export async function classroomCapacity(id: string, t?: Transaction): Promise<number> {
  if (!isUuid(id)) return 0;
  const row = await Classroom.findByPk(id, { attributes: ["capacity"], transaction: t });
  return Number(row?.capacity ?? 0);
}

/**
 * How many classes use a classroom, before deleting it (inside the caller's
 * transaction): counted by their foreign key in the classes module's table,
 * as the classes module imports this one (ADR 016).
 */
export async function classroomClassCount(id: string, t?: Transaction): Promise<number> {
  const [row] = await selectRowsIn<{ n: number | string }>(t, `SELECT COUNT(*) AS "n" FROM "classes" WHERE "classroomId" = :id`, { id });
  return Number(row.n);
}
