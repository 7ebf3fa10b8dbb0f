import { Op, type Transaction } from "sequelize";
import { Branch } from "#db/models.ts";
import { selectRows, selectRowsIn } from "~/platform/db.server";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { activeOr, type Option } from "../options.server";
import { NotFoundError } from "../errors";
import { isUuid } from "../validation";
import type { BranchDTO } from "./schema";
import type { BranchOption } from "./selection.server";
import { BRANCH_NOT_FOUND } from "./schema";

/**
 * The reads of branches: the branches table is read here only; other modules
 * call these functions (the offers' and classrooms' reference checks, the
 * class dialog's branch select). The shell's branch selection reads its own
 * few columns in selection.server.ts.
 */

/** For this module's commands too: a branch row as its DTO, and a branch by id (404 when missing). */
export function toDTO(b: Branch): BranchDTO {
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

export async function find(id: string): Promise<Branch> {
  const branch = isUuid(id) ? await Branch.findByPk(id) : null;
  if (!branch) throw new NotFoundError(BRANCH_NOT_FOUND);
  return branch;
}

/** True when a branch with this id exists (other services validate references with it), inside the caller's transaction if any. */
export async function branchExists(id: string, t?: Transaction): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await Branch.count({ where: { id: { [Op.eq]: id } }, transaction: t })) > 0;
}

/** All branches (or only active ones), default first, then by name. */
export async function listBranches(actor: Actor | null, filter: { active?: boolean } = {}): Promise<BranchDTO[]> {
  requireActor(actor);
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

/**
 * The active branches as select options, by name; `keep` (the value already
 * chosen: a class whose branch was since deactivated) stays offered.
 */
export async function listBranchOptions(keep?: string): Promise<Option[]> {
  const rows = await Branch.findAll({ where: activeOr(keep), attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((b) => ({ id: b.id, label: b.name }));
}

const ACTIVE_BRANCHES = `SELECT "id", "name", "isDefault" FROM "branches" WHERE "active" = :active ORDER BY "isDefault" DESC, "name"`;

/** Active branches for the global selector, default first. */
export async function listActiveBranchOptions(): Promise<BranchOption[]> {
  // Every page's shell asks this: one plain query.
  const rows = await selectRows<{ id: string; name: string; isDefault: boolean | number }>(ACTIVE_BRANCHES, { active: true });
  return rows.map((b) => ({ id: b.id, name: b.name, isDefault: Boolean(b.isDefault) }));
}

export async function isActiveBranch(id: string): Promise<boolean> {
  return (await Branch.count({ where: { id: { [Op.eq]: id }, active: true } })) > 0;
}

/**
 * What points at a branch, before deleting it (inside the caller's
 * transaction): its classes and its offers, counted by their foreign key in
 * the tables of the classes and offers modules, which import this one (a
 * branch's delete check needs neither module, ADR 016).
 */
export async function branchReferences(id: string, t?: Transaction): Promise<{ classes: number; offers: number }> {
  const [row] = await selectRowsIn<{ classes: number | string; offers: number | string }>(
    t,
    `SELECT (SELECT COUNT(*) FROM "classes" WHERE "branchId" = :id) AS "classes",
       (SELECT COUNT(*) FROM "offers" WHERE "branchId" = :id) AS "offers"`,
    { id },
  );
  return { classes: Number(row.classes), offers: Number(row.offers) };
}
