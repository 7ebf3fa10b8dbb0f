import { Op } from "sequelize";
import { Branch } from "#db/models.ts";
import { db, selectRows } from "~/platform/db.server";

const ACTIVE_BRANCHES = `SELECT "id", "name", "isDefault" FROM "branches" WHERE "active" = :active ORDER BY "isDefault" DESC, "name"`;

export interface BranchOption {
  id: string;
  name: string;
  isDefault: boolean;
}

/** Active branches for the global selector, default first. */
export async function listActiveBranchOptions(): Promise<BranchOption[]> {
  // Every page's shell asks this: one plain query.
  const rows = await selectRows<{ id: string; name: string; isDefault: boolean | number }>(ACTIVE_BRANCHES, { active: true });
  return rows.map((b) => ({ id: b.id, name: b.name, isDefault: Boolean(b.isDefault) }));
}

/**
 * §4 selected branch: the stored choice when it is still an active branch;
 * otherwise the branch that is default and active, otherwise the first active one.
 */
export function resolveSelectedBranch(
  stored: string | null,
  options: BranchOption[],
): { id: string | null; auto: boolean } {
  if (stored && options.some((b) => b.id === stored)) return { id: stored, auto: false };
  const chosen = options.find((b) => b.isDefault) ?? options[0];
  return { id: chosen?.id ?? null, auto: true };
}

export async function isActiveBranch(id: string): Promise<boolean> {
  await db();
  return (await Branch.count({ where: { id: { [Op.eq]: id }, active: true } })) > 0;
}
