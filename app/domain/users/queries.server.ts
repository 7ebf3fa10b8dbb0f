import { literal, Op, type Transaction, type WhereOptions } from "sequelize";
import { User } from "#db/models.ts";
import { LIKE_ESCAPE, likePattern, searchTerm, sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import type { Option } from "../options.server";
import { isUuid } from "../validation";
import type { UserDTO, UserPage } from "./schema";
import { actorFamilyCondition } from "../access/queries.server";
import { familyScope } from "../access/family-scope";

/**
 * The reads of users: the users table is read here only; other modules call
 * these functions (the class dialog's responsible select and its check, the
 * uploads' clean-up). Sessions are read by the sign-in module (auth).
 */

export const USER_NOT_FOUND = "Usuário não encontrado";

export function toUserDTO(u: User): UserDTO {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    userType: u.userType,
    cpf: u.cpf ?? null,
    avatarUrl: u.avatarUrl ?? null,
    createdAt: new Date(u.createdAt).toISOString(),
    updatedAt: new Date(u.updatedAt).toISOString(),
  };
}

export async function findUserById(id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  return User.findByPk(id);
}

// Only the columns a user is shown with: never the password hash.
const LIST_ATTRIBUTES = ["id", "name", "email", "userType", "cpf", "avatarUrl", "createdAt", "updatedAt"];

export const USERS_PAGE_SIZE = 50;

/** The name/e-mail search as SQL on the users' columns (`prefix`: a table alias and a dot), with its parameter. */
function searchCondition(q: string | undefined, prefix = ""): { sql: string; like: string } | null {
  const term = searchTerm(q);
  if (!term) return null;
  return {
    sql: `LOWER(${prefix}"name") LIKE :like ${LIKE_ESCAPE} OR LOWER(${prefix}"email") LIKE :like ${LIKE_ESCAPE}`,
    like: likePattern(term),
  };
}

/** Name/e-mail search, case-insensitive on both databases (lower() on each side). */
function searchWhere(q: string | undefined): WhereOptions {
  const search = searchCondition(q);
  if (!search) return {};
  // The pattern is a quoted literal (escaped by the driver's dialect); the rest is fixed text.
  return literal(`(${search.sql.replaceAll(":like", User.sequelize!.escape(search.like))})`) as unknown as WhereOptions;
}

/**
 * GET /api/users without `page`: by name (then id), read in batches; `q`
 * searches name and e-mail as `searchWhere` does.
 */
export function userList(actor: Actor | null, filter: { q?: string } = {}): ListSource<UserDTO> {
  requireActor(actor);
  const search = searchCondition(filter.q, `"u".`);
  // A Client reads itself only (family/scope.ts).
  const self = actorFamilyCondition(actor, "user", `"u"."id"`);
  const where = [search && `(${search.sql})`, self?.sql].filter(Boolean).join(" AND ");
  return sqlList<User & Record<string, unknown>, UserDTO>(
    "users",
    {
      // Only the columns a user is shown with: never the password hash.
      columns: LIST_ATTRIBUTES.map((c) => `"u"."${c}"`).join(", "),
      from: `FROM "users" AS "u"`,
      where: where || undefined,
      params: { ...(search ? { like: search.like } : {}), ...self?.params },
      key: [
        { expr: `"u"."name"`, type: "text" },
        { expr: `"u"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toUserDTO),
  );
}

/** One page of the users list (the screen and `GET /api/users?page=`), searched by name or e-mail. */
export async function listUsersPage(
  actor: Actor | null,
  options: { q?: string; page?: number; pageSize?: number } = {},
): Promise<UserPage> {
  requireActor(actor);
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? USERS_PAGE_SIZE), 1), 200);
  // A Client reads itself only (family/scope.ts).
  const scope = familyScope(actor);
  const whereClause: WhereOptions = scope ? { [Op.and]: [searchWhere(options.q), { id: scope.userId }] } : searchWhere(options.q);
  const total = await User.count({ where: whereClause });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(options.page) ? Math.trunc(options.page as number) : 1;
  const page = Math.min(Math.max(requested, 1), pageCount);
  const rows = await User.findAll({
    where: whereClause,
    attributes: LIST_ATTRIBUTES,
    order: [
      ["name", "ASC"],
      ["id", "ASC"],
    ],
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { users: rows.map(toUserDTO), total, page, pageCount, pageSize };
}

export async function getUser(actor: Actor | null, id: string): Promise<UserDTO> {
  requireActor(actor);
  const scope = familyScope(actor);
  if (scope && id !== scope.userId) throw new NotFoundError(USER_NOT_FOUND);
  const user = await findUserById(id);
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  return toUserDTO(user);
}

/** Users of the given types as select options, by name (the class dialog's 'Responsável'). */
export async function listUserOptions(types: string[]): Promise<Option[]> {
  const rows = await User.findAll({ where: { userType: { [Op.in]: types } }, attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((u) => ({ id: u.id, label: u.name }));
}

/** A user's type, or null when the id names no user, inside the caller's transaction. */
export async function userTypeOf(id: string, t?: Transaction): Promise<string | null> {
  if (!isUuid(id)) return null;
  const row = await User.findByPk(id, { attributes: ["id", "userType"], transaction: t });
  return row?.userType ?? null;
}

/** Which of these avatar paths some user points at (the uploads' clean-up keeps those). */
export async function avatarPathsInUse(paths: string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const rows = await User.findAll({ where: { avatarUrl: { [Op.in]: paths } }, attributes: ["avatarUrl"], raw: true });
  return new Set(rows.map((u) => u.avatarUrl).filter((p): p is string => p !== null));
}

/**
 * Whether the stored object at `path` may be shown to the actor: anything for
 * Administrator and Team; for a Client (family/scope.ts), only the avatar of a
 * user it reads, itself (another family's image is a 404, as its records are).
 */
export async function avatarVisibleTo(actor: Actor | null, path: string): Promise<boolean> {
  const scope = familyScope(actor);
  if (!scope) return true;
  const user = await User.findOne({ where: { id: scope.userId, avatarUrl: path }, attributes: ["id"], raw: true });
  return user !== null;
}

/** The user with this e-mail, password hash included (only sign-in reads it), or null. */
export async function findUserByEmail(email: string): Promise<User | null> {
  return User.findOne({ where: { email } });
}

/** Whether any user exists (an empty database lets its first account register as Administrator). */
export async function anyUserExists(): Promise<boolean> {
  return (await User.findOne({ attributes: ["id"] })) !== null;
}
