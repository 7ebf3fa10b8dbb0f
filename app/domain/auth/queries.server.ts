import type { User } from "#db/models.ts";
import { selectRows, sqlTimestamp } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import type { UserType } from "../actor";
import { anyUserExists, toUserDTO } from "../users/queries.server";
import type { UserDTO } from "../users/schema";
import { isUuid } from "../validation";

/**
 * The reads of sign-in: the sessions table is read here only (with its user,
 * joined from the users module's table for the one query every signed-in
 * request makes); users themselves are read through the users module.
 */

export const REGISTRATION_CLOSED = "O cadastro de novas contas está fechado: peça a um administrador para criar a sua conta";
export const REGISTRATION_CLIENT_ONLY =
  "O cadastro cria apenas contas do tipo Cliente: peça a um administrador para criar contas de Equipe ou Administrador";

export type RegistrationMode = "open" | "client" | "closed";

export interface RegistrationPolicy {
  mode: RegistrationMode;
  /** The database has no user yet: the first account may always register, as Administrator. */
  firstAccount: boolean;
  /** Whether a visitor may create an account now. */
  allowed: boolean;
  /** The type a new account gets, when it is not the visitor's choice. */
  fixedType: UserType | null;
}

/**
 * Who may register is the operator's choice (`REGISTRATION`): `open` (the
 * specification's default: anyone, any type), `client` (Cliente only) or
 * `closed` (only administrators create accounts). In every mode the first
 * account of an empty database may register, as Administrator.
 */
export async function registrationPolicy(): Promise<RegistrationPolicy> {
  const mode = env().REGISTRATION;
  const firstAccount = !(await anyUserExists());
  if (mode === "open") return { mode, firstAccount, allowed: true, fixedType: null };
  if (firstAccount) return { mode, firstAccount, allowed: true, fixedType: "Administrator" };
  if (mode === "client") return { mode, firstAccount, allowed: true, fixedType: "Client" };
  return { mode, firstAccount, allowed: false, fixedType: null };
}

const SESSION_USER = `
  SELECT "u"."id", "u"."name", "u"."email", "u"."userType", "u"."cpf", "u"."avatarUrl", "u"."createdAt", "u"."updatedAt",
    "s"."remember" AS "sessionRemember", "s"."expiresAt" AS "sessionExpiresAt"
  FROM "sessions" AS "s" JOIN "users" AS "u" ON "u"."id" = "s"."userId"
  WHERE "s"."id" = :id AND "s"."expiresAt" > :now`;

export interface SessionUser {
  user: UserDTO;
  remember: boolean;
  expiresAt: Date;
}

/**
 * The user of a live session, or null. Every signed-in request asks this, so it
 * is one plain query (no model instances).
 */
export async function findSessionUser(sessionId: string): Promise<SessionUser | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await selectRows<User & { sessionRemember: boolean | number; sessionExpiresAt: Date | string }>(SESSION_USER, {
    id: sessionId,
    now: sqlTimestamp(new Date()),
  });
  if (!row) return null;
  return { user: toUserDTO(row), remember: Boolean(row.sessionRemember), expiresAt: new Date(row.sessionExpiresAt) };
}

