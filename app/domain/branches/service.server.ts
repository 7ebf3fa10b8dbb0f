import { ForeignKeyConstraintError, Op } from "sequelize";
import { Branch, Offer, SchoolClass } from "#db/models.ts";
import { db, transaction } from "~/db.server";
import { sqlList, type ListSource } from "../list.server";
import { assertCanManage, requireActor, type Actor } from "../actor";
import { ConflictError, NotFoundError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { branchSchema, branchUpdateSchema } from "./schema";

import type { BranchDTO } from "./schema";
export type { BranchDTO };

function toDTO(b: Branch): BranchDTO {
  return {
    id: b.id,
    name: b.name,
    address: b.address,
    active: Boolean(b.active),
    isDefault: Boolean(b.isDefault),
    createdAt: new Date(b.createdAt).toISOString(),
    updatedAt: new Date(b.updatedAt).toISOString(),
  };
}

export const BRANCH_NOT_FOUND = "Unidade não encontrada";
export const BRANCH_HAS_CLASSES = "Não é possível excluir esta unidade: ela possui turmas vinculadas";
export const BRANCH_HAS_OFFERS = "Não é possível excluir esta unidade: ela possui ofertas vinculadas";
export const BRANCH_IN_USE = "Não é possível excluir esta unidade: ela possui registros vinculados";

async function find(id: string): Promise<Branch> {
  await db();
  const branch = isUuid(id) ? await Branch.findByPk(id) : null;
  if (!branch) throw new NotFoundError(BRANCH_NOT_FOUND);
  return branch;
}

/** True when a branch with this id exists (other services validate references with it). */
export async function branchExists(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  await db();
  return (await Branch.count({ where: { id: { [Op.eq]: id } } })) > 0;
}

/** All branches (or only active ones), default first, then by name. */
export async function listBranches(actor: Actor | null, filter: { active?: boolean } = {}): Promise<BranchDTO[]> {
  requireActor(actor);
  await db();
  const where = filter.active === undefined ? {} : { active: filter.active };
  const rows = await Branch.findAll({
    where,
    order: [
      ["isDefault", "DESC"],
      ["name", "ASC"],
    ],
  });
  return rows.map(toDTO);
}

/** GET /api/branches: the default first, then by name (then id), read in batches. */
export function branchList(actor: Actor | null): ListSource<BranchDTO> {
  requireActor(actor);
  return sqlList<Branch & Record<string, unknown>, BranchDTO>(
    "branches",
    {
      columns: `"b"."id", "b"."name", "b"."address", "b"."active", "b"."isDefault", "b"."createdAt", "b"."updatedAt"`,
      from: `FROM "branches" AS "b"`,
      key: [
        { expr: `"b"."isDefault"`, type: "bool", desc: true },
        { expr: `"b"."name"`, type: "text" },
        { expr: `"b"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

export async function getBranch(actor: Actor | null, id: string): Promise<BranchDTO> {
  requireActor(actor);
  return toDTO(await find(id));
}

/** At most one default branch: marking one default unmarks the others in the same transaction. */
export async function createBranch(actor: Actor | null, input: unknown): Promise<BranchDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(branchSchema, input);
  await db();
  const branch = await transaction(async (t) => {
    if (data.isDefault) await Branch.update({ isDefault: false }, { where: { isDefault: true }, transaction: t });
    return Branch.create(data, { transaction: t });
  });
  return toDTO(branch);
}

export async function updateBranch(actor: Actor | null, id: string, input: unknown): Promise<BranchDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(branchUpdateSchema, input);
  const branch = await find(id);
  await transaction(async (t) => {
    if (data.isDefault) {
      await Branch.update({ isDefault: false }, { where: { isDefault: true, id: { [Op.ne]: branch.id } }, transaction: t });
    }
    await branch.update(data, { transaction: t });
  });
  return toDTO(branch);
}

/**
 * Deleting a branch removes its classrooms and their schedules (foreign-key
 * cascade); a branch still used by a class or an offer is refused with a 409.
 */
export async function deleteBranch(actor: Actor | null, id: string): Promise<void> {
  assertCanManage(actor);
  const branch = await find(id);
  try {
    await transaction(async (t) => {
      if ((await SchoolClass.count({ where: { branchId: branch.id }, transaction: t })) > 0) {
        throw new ConflictError(BRANCH_HAS_CLASSES);
      }
      if ((await Offer.count({ where: { branchId: branch.id }, transaction: t })) > 0) {
        throw new ConflictError(BRANCH_HAS_OFFERS);
      }
      await branch.destroy({ transaction: t });
    });
  } catch (error) {
    // A class of another branch may still use one of this branch's classrooms.
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(BRANCH_IN_USE);
    throw error;
  }
}
