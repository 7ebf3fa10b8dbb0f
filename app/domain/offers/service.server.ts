import { ForeignKeyConstraintError } from "sequelize";
import { Branch, Offer } from "#db/models.ts";
import { db } from "~/db.server";
import { sqlList, type ListSource } from "../list.server";
import { assertCanManage, requireActor, type Actor } from "../actor";
import { branchExists, BRANCH_NOT_FOUND } from "../branches/service.server";
import { NotFoundError, ValidationError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { normalizeDecimal } from "./money";
import { offerSchema, offerUpdateSchema } from "./schema";

import type { OfferDTO } from "./schema";
export type { OfferDTO };

type OfferRow = Offer & { branch?: Branch | null };

function toDTO(o: OfferRow, branchName?: string | null): OfferDTO {
  return {
    id: o.id,
    name: o.name,
    monthlyValue: normalizeDecimal(o.monthlyValue),
    checkoutLink: o.checkoutLink,
    branchId: o.branchId,
    branchName: branchName ?? o.branch?.name ?? null,
    active: Boolean(o.active),
    createdAt: new Date(o.createdAt).toISOString(),
    updatedAt: new Date(o.updatedAt).toISOString(),
  };
}

const NOT_FOUND = "Oferta não encontrada";
const withBranch = [{ model: Branch, as: "branch", attributes: ["id", "name"] }];

async function find(id: string): Promise<OfferRow> {
  await db();
  const offer = isUuid(id) ? await Offer.findByPk(id, { include: withBranch }) : null;
  if (!offer) throw new NotFoundError(NOT_FOUND);
  return offer as OfferRow;
}

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

export async function listOffers(actor: Actor | null): Promise<OfferDTO[]> {
  requireActor(actor);
  await db();
  const rows = await Offer.findAll({ include: withBranch, order: [["name", "ASC"]] });
  return rows.map((o) => toDTO(o as OfferRow));
}

/** GET /api/offers: by name (then id) with the branch's name, read in batches. */
export function offerList(actor: Actor | null): ListSource<OfferDTO> {
  requireActor(actor);
  return sqlList<OfferRow & Record<string, unknown> & { branchName: string | null }, OfferDTO>(
    "offers",
    {
      columns: `"o"."id", "o"."name", "o"."monthlyValue", "o"."checkoutLink", "o"."branchId", "b"."name" AS "branchName",
        "o"."active", "o"."createdAt", "o"."updatedAt"`,
      from: `FROM "offers" AS "o" LEFT JOIN "branches" AS "b" ON "b"."id" = "o"."branchId"`,
      key: [
        { expr: `"o"."name"`, type: "text" },
        { expr: `"o"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map((row) => toDTO(row, row.branchName)),
  );
}

export async function getOffer(actor: Actor | null, id: string): Promise<OfferDTO> {
  requireActor(actor);
  return toDTO(await find(id));
}

export async function createOffer(actor: Actor | null, input: unknown): Promise<OfferDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(offerSchema, input);
  await assertBranch(data.branchId);
  const offer = await guardBranchFk(() => Offer.create(data));
  return getOffer(actor, offer.id);
}

export async function updateOffer(actor: Actor | null, id: string, input: unknown): Promise<OfferDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(offerUpdateSchema, input);
  const offer = await find(id);
  if (data.branchId !== undefined) await assertBranch(data.branchId);
  await guardBranchFk(() => offer.update(data));
  return getOffer(actor, offer.id);
}

export async function deleteOffer(actor: Actor | null, id: string): Promise<void> {
  assertCanManage(actor);
  const offer = await find(id);
  await offer.destroy();
}
