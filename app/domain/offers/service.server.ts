import { ForeignKeyConstraintError } from "sequelize";
import { transaction } from "~/platform/db.server";
import { Offer } from "#db/models.ts";
import { assertAdmin, type Actor } from "../access/roles";
import { branchExists } from "../branches/queries.server";
import { ConflictError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { find, getOffer } from "./queries.server";
import { offerSchema, offerUpdateSchema } from "./schema";

import type { OfferDTO } from "./schema";
import { BRANCH_NOT_FOUND } from "../branches/schema";

export const OFFER_IN_USE = "Não é possível excluir esta oferta: ela possui matrículas";

function unknownBranch(): ValidationError {
  return new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
}

async function assertBranch(branchId: string) {
  if (!(await branchExists(branchId))) throw unknownBranch();
}

/** A branch deleted between the check and the write: the same 400 as an unknown one. */
async function guardBranchFk<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw unknownBranch();
    throw error;
  }
}

export async function createOffer(actor: Actor | null, input: unknown): Promise<OfferDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(offerSchema, input);
  await assertBranch(data.branchId);
  const offer = await guardBranchFk(() => transaction((t) => Offer.create(data, { transaction: t })));
  return getOffer(actor, offer.id);
}

export async function updateOffer(actor: Actor | null, id: string, input: unknown): Promise<OfferDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(offerUpdateSchema, input);
  const offer = await find(id);
  if (data.branchId !== undefined) await assertBranch(data.branchId);
  await guardBranchFk(() => transaction((t) => offer.update(data, { transaction: t })));
  return getOffer(actor, offer.id);
}

export async function deleteOffer(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  const offer = await find(id);
  try {
    await transaction((t) => offer.destroy({ transaction: t }));
  } catch (error) {
    // Enrolments keep their offer (RESTRICT).
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(OFFER_IN_USE);
    throw error;
  }
}
