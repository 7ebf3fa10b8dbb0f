import { Op } from "sequelize";
import { LoginAttempt, Session, User } from "#db/models.ts";
import { db, selectRows, sqlTimestamp, transaction } from "~/db.server";
import { env } from "~/env.server";
import type { UserType } from "../actor";
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { loginSchema, registerSchema, selfRegisterSchema } from "../users/schema";
import { hashPassword, spendDummyVerify, verifyPassword } from "../users/password.server";
import { insertUser, toUserDTO, type UserDTO } from "../users/service.server";

export const INVALID_CREDENTIALS = "E-mail ou senha inválidos";
export const TOO_MANY_ATTEMPTS = "Muitas tentativas de login. Tente novamente em alguns minutos.";

const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60 * 1000;

export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A session without "remember me" lives in a browser-session cookie; the row still expires. */
export const SESSION_MS = 12 * 60 * 60 * 1000;

function attemptKey(email: string, ip: string) {
  return `${email.toLowerCase()}|${ip}`.slice(0, 320);
}

async function assertNotThrottled(key: string) {
  const row = await LoginAttempt.findByPk(key);
  if (!row) return;
  const elapsed = Date.now() - new Date(row.windowStart).getTime();
  if (elapsed < WINDOW_MS && row.failures >= MAX_FAILURES) {
    throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, Math.ceil((WINDOW_MS - elapsed) / 1000));
  }
}

async function recordFailure(key: string) {
  await transaction(async (transaction) => {
    const row = await LoginAttempt.findByPk(key, { transaction, lock: transaction.LOCK.UPDATE });
    const now = new Date();
    if (!row) {
      await LoginAttempt.create({ key, failures: 1, windowStart: now }, { transaction });
    } else if (now.getTime() - new Date(row.windowStart).getTime() >= WINDOW_MS) {
      await row.update({ failures: 1, windowStart: now }, { transaction });
    } else {
      await row.update({ failures: row.failures + 1 }, { transaction });
    }
  });
}

/**
 * The one sign-in check, used by the form strategy and by POST /api/login.
 * Throws ValidationError (bad input), TooManyRequestsError (429) or UnauthorizedError.
 */
export async function verifyLogin(input: unknown, ip: string): Promise<{ user: UserDTO; remember: boolean }> {
  const { email, password, remember } = parseOrThrow(loginSchema, input);
  await db();
  const key = attemptKey(email, ip);
  await assertNotThrottled(key);
  const user = await User.findOne({ where: { email } });
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await spendDummyVerify(password), false);
  if (!user || !ok) {
    await recordFailure(key);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  await LoginAttempt.destroy({ where: { key } });
  return { user: toUserDTO(user), remember: Boolean(remember) };
}

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
  await db();
  const firstAccount = (await User.findOne({ attributes: ["id"] })) === null;
  if (mode === "open") return { mode, firstAccount, allowed: true, fixedType: null };
  if (firstAccount) return { mode, firstAccount, allowed: true, fixedType: "Administrator" };
  if (mode === "client") return { mode, firstAccount, allowed: true, fixedType: "Client" };
  return { mode, firstAccount, allowed: false, fixedType: null };
}

/** Self-registration (§2 auth screen), as `REGISTRATION` allows; a refused one is a 403. */
export async function register(input: unknown): Promise<UserDTO> {
  const policy = await registrationPolicy();
  if (!policy.allowed) throw new ForbiddenError(REGISTRATION_CLOSED);
  const data = parseOrThrow(policy.fixedType ? selfRegisterSchema : registerSchema, input);
  if (policy.fixedType === "Client" && data.userType !== undefined && data.userType !== "Client") {
    throw new ForbiddenError(REGISTRATION_CLIENT_ONLY);
  }
  const userType = policy.fixedType ?? data.userType;
  if (!userType) throw new ForbiddenError(REGISTRATION_CLOSED);
  const user = await insertUser({
    name: data.name,
    email: data.email,
    passwordHash: await hashPassword(data.password),
    userType,
  });
  return toUserDTO(user);
}

export async function createSession(userId: string, remember: boolean): Promise<{ id: string; expiresAt: Date }> {
  await db();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_MS : SESSION_MS));
  const session = await Session.create({ userId, remember, expiresAt });
  // Housekeeping: drop this user's expired rows.
  await Session.destroy({ where: { userId, expiresAt: { [Op.lt]: new Date() } } });
  return { id: session.id, expiresAt };
}

const SESSION_USER = `
  SELECT "u"."id", "u"."name", "u"."email", "u"."userType", "u"."cpf", "u"."avatarUrl", "u"."createdAt", "u"."updatedAt",
    "s"."remember" AS "sessionRemember"
  FROM "sessions" AS "s" JOIN "users" AS "u" ON "u"."id" = "s"."userId"
  WHERE "s"."id" = :id AND "s"."expiresAt" > :now`;

/**
 * The user of a live session, or null. Every signed-in request asks this, so it
 * is one plain query (no model instances).
 */
export async function findSessionUser(sessionId: string): Promise<{ user: UserDTO; remember: boolean } | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await selectRows<User & { sessionRemember: boolean | number }>(SESSION_USER, {
    id: sessionId,
    now: sqlTimestamp(new Date()),
  });
  if (!row) return null;
  return { user: toUserDTO(row), remember: Boolean(row.sessionRemember) };
}

export async function deleteSession(sessionId: string): Promise<void> {
  await db();
  await Session.destroy({ where: { id: sessionId } });
}
