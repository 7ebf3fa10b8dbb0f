import { Op, type WhereOptions } from "sequelize";
import { isUuid } from "./validation";

/** A choice of a select: the id posted, the text shown. */
export interface Option {
  id: string;
  label: string;
}

/**
 * The rows a select offers: the active ones, plus `keep` (the value already
 * chosen: editing a record whose choice was since deactivated keeps it offered).
 */
export function activeOr(keep?: string | null): WhereOptions {
  return keep && isUuid(keep) ? { [Op.or]: [{ active: true }, { id: keep }] } : { active: true };
}
