import type { Transaction } from "sequelize";
import { Branch, Offer } from "#db/models.ts";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { isUuid } from "../validation";
import { normalizeDecimal } from "../money";
import { OFFER_NOT_FOUND, type OfferDTO } from "./schema";

/**
 * The reads of offers: the offers table is read here only; other modules call
 * these functions. The branch's name is joined in for display (the branches
 * table belongs to app/domain/branches).
 */

type OfferRow = Offer & { branch?: Branch | null };

export function toDTO(o: OfferRow, branchName?: string | null): OfferDTO {
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

const withBranch = [{ model: Branch, as: "branch", attributes: ["id", "name"] }];

export async function find(id: string): Promise<OfferRow> {
  const offer = isUuid(id) ? await Offer.findByPk(id, { include: withBranch }) : null;
  if (!offer) throw new NotFoundError(OFFER_NOT_FOUND);
  return offer as OfferRow;
}

export async function listOffers(actor: Actor | null): Promise<OfferDTO[]> {
  requireActor(actor);
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

/** How many offers match (e.g. a branch's, before deleting it), inside the caller's transaction. */
/** What enrolling on an offer needs to know of it. */
export interface OfferTerms {
  id: string;
  name: string;
  monthlyValue: string;
  checkoutLink: string;
  branchId: string;
  active: boolean;
}

const termsOf = (o: Pick<Offer, "id" | "name" | "monthlyValue" | "checkoutLink" | "branchId" | "active">): OfferTerms => ({
  id: o.id,
  name: o.name,
  monthlyValue: normalizeDecimal(o.monthlyValue),
  checkoutLink: o.checkoutLink,
  branchId: o.branchId,
  active: Boolean(o.active),
});

/** An offer's terms (inside the caller's transaction), or null when the id names no offer. */
export async function offerTerms(id: string, t?: Transaction): Promise<OfferTerms | null> {
  if (!isUuid(id)) return null;
  const row = await Offer.findByPk(id, { transaction: t });
  return row ? termsOf(row) : null;
}

/** A branch's active offers, by name: what an enrolment in one of its classes may choose. */
export async function activeOffersOfBranch(branchId: string): Promise<OfferTerms[]> {
  if (!isUuid(branchId)) return [];
  const rows = await Offer.findAll({
    where: { branchId, active: true },
    order: [
      ["name", "ASC"],
      ["id", "ASC"],
    ],
  });
  return rows.map(termsOf);
}
