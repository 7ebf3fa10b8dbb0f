import { UniqueConstraintError, type Transaction } from "sequelize";
import { User } from "#db/models.ts";
import { db } from "~/db.server";
import type { Actor } from "../actor";
import { assertCanManage, requireActor } from "../actor";
import { ConflictError, NotFoundError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { hashPassword } from "./password.server";
import { userCreateSchema, userUpdateSchema } from "./schema";

/** A user as every surface shows it: never the password hash. */
export interface UserDTO {
  id: string;
  name: string;
  email: string;
  userType: string;
  cpf: string | null;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

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

export const EMAIL_TAKEN = "E-mail já cadastrado";

/** Inserts a user; a duplicate e-mail becomes a 409 on the e-mail field. */
export async function insertUser(
  data: { name: string; email: string; passwordHash: string; userType: string; cpf?: string | null },
  transaction?: Transaction,
): Promise<User> {
  await db();
  const existing = await User.findOne({ where: { email: data.email }, attributes: ["id"], transaction });
  if (existing) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  try {
    return await User.create({ ...data, cpf: data.cpf ?? null }, { transaction });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

export async function findUserById(id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  await db();
  return User.findByPk(id);
}

export async function listUsers(actor: Actor | null): Promise<UserDTO[]> {
  requireActor(actor);
  await db();
  const users = await User.findAll({ order: [["name", "ASC"]] });
  return users.map(toUserDTO);
}

export async function getUser(actor: Actor | null, id: string): Promise<UserDTO> {
  requireActor(actor);
  const user = await findUserById(id);
  if (!user) throw new NotFoundError("Usuário não encontrado");
  return toUserDTO(user);
}

export async function createUser(actor: Actor | null, input: unknown): Promise<UserDTO> {
  assertCanManage(actor);
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

export async function updateUser(actor: Actor | null, id: string, input: unknown): Promise<UserDTO> {
  assertCanManage(actor);
  const data = parseOrThrow(userUpdateSchema, input);
  const user = await findUserById(id);
  if (!user) throw new NotFoundError("Usuário não encontrado");
  if (data.email && data.email !== user.email) {
    const other = await User.findOne({ where: { email: data.email }, attributes: ["id"] });
    if (other) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }
  const changes: Partial<User> = {};
  if (data.name !== undefined) changes.name = data.name;
  if (data.email !== undefined) changes.email = data.email;
  if (data.userType !== undefined) changes.userType = data.userType;
  if (data.cpf !== undefined) changes.cpf = data.cpf;
  if (data.avatarUrl !== undefined) changes.avatarUrl = data.avatarUrl;
  if (data.password) changes.passwordHash = await hashPassword(data.password);
  try {
    await user.update(changes);
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new ConflictError(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
  return toUserDTO(user);
}
