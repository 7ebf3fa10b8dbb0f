import { ForeignKeyConstraintError, Op, UniqueConstraintError, type Transaction } from "sequelize";
import { Session, User } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { sessionsChanged } from "~/platform/session-signals.server";
import type { Actor } from "../access/roles";
import { assertAdmin } from "../access/roles";
import { ConflictError, DomainError, NotFoundError } from "../errors";
import { assertIssuedObjectPath, discardUploadedFile, storeUploadedFile, type PostedFile } from "../storage/uploads.server";
import { parseOrThrow } from "../validation";
import { findUserById, toUserDTO, USER_NOT_FOUND } from "./queries.server";
import { hashPassword, UNUSABLE_PASSWORD } from "./password.server";
import { avatarSchema, userCreateSchema, userUpdateSchema } from "./schema";

import type { UserDTO } from "./schema";

export const EMAIL_TAKEN = "E-mail já cadastrado";

/** Inserts a user; a duplicate e-mail becomes a 409 on the e-mail field. */
export async function insertUser(
  data: { name: string; email: string; passwordHash: string; userType: string; cpf?: string | null },
  t?: Transaction,
): Promise<User> {
  const existing = await User.findOne({ where: { email: data.email }, attributes: ["id"], transaction: t });
  if (existing) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  const row = { ...data, cpf: data.cpf ?? null };
  try {
    // In the caller's transaction, or one of its own: the row and its audit entry commit together.
    return await (t ? User.create(row, { transaction: t }) : transaction((own) => User.create(row, { transaction: own })));
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

export async function createUser(actor: Actor | null, input: unknown): Promise<UserDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(userCreateSchema, input);
  const user = await insertUser({
    name: data.name,
    email: data.email,
    passwordHash: await hashPassword(data.password),
    userType: data.userType,
    cpf: data.cpf ?? null,
  });
  return toUserDTO(user);
}

export const LAST_ADMIN_DEMOTE =
  "Não é possível remover o tipo Administrador do último administrador: promova outro usuário a Administrador antes";
export const LAST_ADMIN_DELETE = "Não é possível excluir o último administrador: promova outro usuário a Administrador antes";

/**
 * The administrators' ids, their rows locked until the transaction ends
 * (FOR UPDATE on PostgreSQL; SQLite's IMMEDIATE transaction already holds the
 * one write lock). Every write that can take the Administrator type away locks
 * them first, in id order, so two administrators demoting or deleting each
 * other at once are serialised and the second one sees the first one's result.
 */
async function lockAdministrators(transaction: Transaction): Promise<string[]> {
  const rows = await User.findAll({
    where: { userType: "Administrator" },
    attributes: ["id"],
    order: [["id", "ASC"]],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  return rows.map((r) => r.id);
}

/** Refuses (409) a write after which no administrator would be left. */
async function assertAnotherAdministrator(userId: string, transaction: Transaction, message: string) {
  const admins = await lockAdministrators(transaction);
  if (admins.includes(userId) && !admins.some((id) => id !== userId)) throw new ConflictError(message);
}

/**
 * Ends every session of a user, but `keep` (the session of a user changing their
 * own password or type stays signed in; their other devices are signed out).
 */
async function endUserSessions(userId: string, keep: string | undefined, t: Transaction): Promise<void> {
  await Session.destroy({ where: keep ? { userId, id: { [Op.ne]: keep } } : { userId }, transaction: t });
}

/**
 * `origin`: the request's own origin, so that an absolute avatarUrl on this server is accepted.
 * `currentSessionId`: the session the change is made from. Changing a password or
 * a type ends the user's sessions; when the actor changes themselves, this one stays.
 */
export interface UpdateUserOptions {
  origin?: string;
  currentSessionId?: string;
}

export async function updateUser(actor: Actor | null, id: string, input: unknown, options: UpdateUserOptions = {}): Promise<UserDTO> {
  const a = assertAdmin(actor);
  const data = parseOrThrow(userUpdateSchema, input);
  const found = await findUserById(id);
  if (!found) throw new NotFoundError(USER_NOT_FOUND);
  if (data.email && data.email !== found.email) {
    const other = await User.findOne({ where: { email: data.email }, attributes: ["id"] });
    if (other) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }
  // The slow parts (password hash, avatar check) before the transaction, so its locks are short.
  const changes: Partial<User> = {};
  if (data.name !== undefined) changes.name = data.name;
  if (data.email !== undefined) changes.email = data.email;
  if (data.userType !== undefined) changes.userType = data.userType;
  if (data.cpf !== undefined) changes.cpf = data.cpf;
  if (data.avatarUrl !== undefined) {
    changes.avatarUrl = data.avatarUrl === null ? null : await assertIssuedObjectPath(data.avatarUrl, "avatarUrl", options.origin);
  }
  if (data.password) changes.passwordHash = await hashPassword(data.password);
  const endSessions = Boolean(changes.passwordHash) || (changes.userType !== undefined && changes.userType !== found.userType);
  try {
    const user = await transaction(async (t) => {
      if (data.userType !== undefined && data.userType !== "Administrator") {
        await assertAnotherAdministrator(id, t, LAST_ADMIN_DEMOTE);
      }
      const row = await User.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
      if (!row) throw new NotFoundError(USER_NOT_FOUND);
      await row.update(changes, { transaction: t });
      if (endSessions) await endUserSessions(row.id, row.id === a.id ? options.currentSessionId : undefined, t);
      return row;
    });
    // Committed: this process's kept sessions of the user go at once, other processes' within a second (ADR 001).
    sessionsChanged({ userId: id });
    return toUserDTO(user);
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

/**
 * The user form's edit with an avatar file (posted without JavaScript): the
 * file is checked by its bytes and stored as an upload would be, then the user
 * is updated to point at it. A refused file is the storage's error on the
 * `avatar` field (400/413/415) and nothing is changed; when the update itself
 * is refused, the file just stored is removed again. Without a file this is
 * `updateUser`.
 */
export async function updateUserWithAvatar(
  actor: Actor | null,
  id: string,
  input: Record<string, unknown>,
  file: PostedFile | null,
  options: UpdateUserOptions = {},
): Promise<UserDTO> {
  if (!file) return updateUser(actor, id, input, options);
  assertAdmin(actor);
  let avatarUrl: string;
  try {
    avatarUrl = (await storeUploadedFile(actor, file)).objectPath;
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError(error.status, error.message, { avatar: [error.message] });
    throw error;
  }
  try {
    return await updateUser(actor, id, { ...input, avatarUrl }, options);
  } catch (error) {
    await discardUploadedFile(avatarUrl);
    throw error;
  }
}

/**
 * PUT /api/users/{id}/avatar: points the user at an image this server stored (or
 * clears it with null). `avatarUrl` is the object's path or the uploadURL whose
 * upload completed; the user gets the object's path, which serves the image.
 */
export async function setUserAvatar(actor: Actor | null, id: string, input: unknown, context: { origin?: string } = {}): Promise<UserDTO> {
  assertAdmin(actor);
  const { avatarUrl } = parseOrThrow(avatarSchema, input);
  const user = await findUserById(id);
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  const path = avatarUrl === null ? null : await assertIssuedObjectPath(avatarUrl, "avatarUrl", context.origin);
  await transaction((t) => user.update({ avatarUrl: path }, { transaction: t }));
  sessionsChanged({ userId: id });
  return toUserDTO(user);
}

export const USER_IS_SELF = "Você não pode excluir o seu próprio usuário";
export const USER_IN_USE = "Não é possível excluir este usuário: ele é responsável por turmas";

export async function deleteUser(actor: Actor | null, id: string): Promise<void> {
  const a = assertAdmin(actor);
  const user = await findUserById(id);
  if (!user) throw new NotFoundError(USER_NOT_FOUND);
  // Deleting yourself would end your own session and could leave no administrator.
  if (user.id === a.id) throw new ConflictError(USER_IS_SELF);
  try {
    await transaction(async (t) => {
      await assertAnotherAdministrator(id, t, LAST_ADMIN_DELETE);
      const row = await User.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
      if (!row) throw new NotFoundError(USER_NOT_FOUND);
      // The foreign key would cascade too; ending them here does not depend on it.
      await endUserSessions(row.id, undefined, t);
      await row.destroy({ transaction: t });
    });
    sessionsChanged({ userId: id });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(USER_IN_USE);
    throw error;
  }
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: its Client user can no longer sign in (no usable password),
 * keeps no name, e-mail, CPF or avatar of the family, and every session of it
 * ends. The caller signals `sessionsChanged` once committed. Answers the old
 * name, e-mail and CPF; null when the user is not there or is not a Client.
 */
export async function disableClientUser(
  id: string,
  values: { name: string; email: string },
  t: Transaction,
): Promise<{ name: string; email: string; cpf: string | null } | null> {
  const row = await User.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
  // Only a Client account is a family's: a staff member linked to a guardian keeps their account.
  if (!row || row.userType !== "Client") return null;
  const before = { name: row.name, email: row.email, cpf: row.cpf };
  await row.update({ ...values, cpf: null, avatarUrl: null, passwordHash: UNUSABLE_PASSWORD }, { transaction: t });
  await endUserSessions(row.id, undefined, t);
  return before;
}
