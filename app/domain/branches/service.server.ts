import { ForeignKeyConstraintError, Op } from "sequelize";
import { Branch } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertAdmin, type Actor } from "../access/roles";
import { ConflictError } from "../errors";
import { parseOrThrow } from "../validation";
import { branchReferences, find, toDTO } from "./queries.server";
import { branchSchema, branchUpdateSchema } from "./schema";

import type { BranchDTO } from "./schema";

export const BRANCH_HAS_CLASSES = "Não é possível excluir esta unidade: ela possui turmas vinculadas";
export const BRANCH_HAS_OFFERS = "Não é possível excluir esta unidade: ela possui ofertas vinculadas";
export const BRANCH_IN_USE = "Não é possível excluir esta unidade: ela possui registros vinculados";

/** At most one default branch: marking one default unmarks the others in the same transaction. */
export async function createBranch(actor: Actor | null, input: unknown): Promise<BranchDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(branchSchema, input);
  const branch = await transaction(async (t) => {
    if (data.isDefault) await Branch.update({ isDefault: false }, { where: { isDefault: true }, transaction: t });
    return Branch.create(data, { transaction: t });
  });
  return toDTO(branch);
}

export async function updateBranch(actor: Actor | null, id: string, input: unknown): Promise<BranchDTO> {
  assertAdmin(actor);
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
  assertAdmin(actor);
  const branch = await find(id);
  try {
    await transaction(async (t) => {
      const references = await branchReferences(branch.id, t);
      if (references.classes > 0) throw new ConflictError(BRANCH_HAS_CLASSES);
      if (references.offers > 0) throw new ConflictError(BRANCH_HAS_OFFERS);
      await branch.destroy({ transaction: t });
    });
  } catch (error) {
    // A class of another branch may still use one of this branch's classrooms.
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(BRANCH_IN_USE);
    throw error;
  }
}
