import { Session } from "#db/models.ts";
import { sqlTimestamp } from "~/platform/db.server";
import { sessionsChanged } from "~/platform/session-signals.server";
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { loginSchema, registerSchema, selfRegisterSchema } from "../users/schema";
import { hashPassword, isUsableHash, spendDummyVerify, verifyPassword } from "../users/password.server";
import { insertUser } from "../users/service.server";
import type { UserDTO } from "../users/schema";
import { findUserByEmail, findUserById, toUserDTO } from "../users/queries.server";
import {
  clearAttemptRow,
  deleteEndedAuthRows,
  giveBackAttemptRow,
  REGISTRATION_CLOSED,
  REGISTRATION_CLIENT_ONLY,
  registrationPolicy,
  renewSessionRow,
  reserveAttemptRows,
} from "./queries.server";
import { ipBucket } from "./ip";
import { recordFailedSignIn, recordSignIn, recordSignOut } from "../audit/service.server";

export const INVALID_CREDENTIALS = "E-mail ou senha inválidos";
export const TOO_MANY_ATTEMPTS = "Muitas tentativas de login. Tente novamente em alguns minutos.";

/** Failed sign-ins are counted in fixed windows of 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Per e-mail and address: at most this many attempts are evaluated per window, then 429. */
export const MAX_FAILURES_PER_EMAIL_IP = 10;
/** Per address, whatever the e-mails: then 429 (credential stuffing from one place). */
export const MAX_FAILURES_PER_IP = 50;
/**
 * Per e-mail from any address: never a refusal (the owner must still get in),
 * only a delay before the password is checked, growing with the recent
 * failures beyond the first few and capped.
 */
export const ACCOUNT_FREE_FAILURES = 3;
export const ACCOUNT_DELAY_STEP_MS = 250;
export const ACCOUNT_DELAY_MAX_MS = 2000;

interface AttemptKeys {
  account: string;
  emailIp: string;
  ip: string;
}

function attemptKeys(email: string, ip: string): AttemptKeys {
  const address = ipBucket(ip);
  const mail = email.toLowerCase();
  return {
    account: `a:${mail}`.slice(0, 320),
    emailIp: `e:${mail}|${address}`.slice(0, 320),
    ip: `i:${address}`.slice(0, 320),
  };
}

async function reserveAttempt(keys: AttemptKeys, now: Date): Promise<Map<string, { failures: number; windowStart: Date }>> {
  const [k0, k1, k2] = [keys.account, keys.emailIp, keys.ip].sort();
  const at = sqlTimestamp(now);
  const cutoff = sqlTimestamp(new Date(now.getTime() - LOGIN_WINDOW_MS));
  const rows = await reserveAttemptRows([k0, k1, k2], at, cutoff);
  return new Map(rows.map((r) => [r.key, { failures: Number(r.failures), windowStart: new Date(r.windowStart) }]));
}

/** A refused attempt was not evaluated: it gives its reservations back. */
async function giveBack(keys: AttemptKeys) {
  for (const key of [keys.account, keys.emailIp, keys.ip]) await giveBackAttemptRow(key);
}

/**
 * A successful sign-in starts this e-mail+address afresh and gives back its
 * reservation on the others (never more: a success on one's own account must not
 * reset an address's count of failures on other accounts).
 */
async function settleSuccess(keys: AttemptKeys) {
  await clearAttemptRow(keys.emailIp);
  for (const key of [keys.account, keys.ip]) await giveBackAttemptRow(key);
}

export function accountDelayMs(previousFailures: number): number {
  const extra = previousFailures - ACCOUNT_FREE_FAILURES;
  return extra > 0 ? Math.min(ACCOUNT_DELAY_MAX_MS, extra * ACCOUNT_DELAY_STEP_MS) : 0;
}

/**
 * The one sign-in check, used by the form strategy and by POST /api/login.
 * Throws ValidationError (bad input), TooManyRequestsError (429) or UnauthorizedError.
 *
 * Every path costs the same: the attempt is reserved, the account's delay is
 * waited, one argon2 verification is spent (a dummy one for an unknown e-mail or
 * an account without a usable password). A failure leaves the reservation in
 * place: that is the failure being counted, so nothing is written after it.
 */
export async function verifyLogin(input: unknown, ip: string): Promise<{ user: UserDTO; remember: boolean }> {
  const { email, password, remember } = parseOrThrow(loginSchema, input);
  const keys = attemptKeys(email, ip);
  const now = new Date();
  const counts = await reserveAttempt(keys, now);
  for (const [key, limit] of [
    [keys.emailIp, MAX_FAILURES_PER_EMAIL_IP],
    [keys.ip, MAX_FAILURES_PER_IP],
  ] as const) {
    const count = counts.get(key);
    if (count && count.failures > limit) {
      await giveBack(keys);
      const retryAfter = Math.ceil((count.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000);
      throw new TooManyRequestsError(TOO_MANY_ATTEMPTS, Math.max(1, retryAfter));
    }
  }
  const delay = accountDelayMs((counts.get(keys.account)?.failures ?? 1) - 1);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

  const user = await findUserByEmail(email);
  let ok = false;
  if (user && isUsableHash(user.passwordHash)) ok = await verifyPassword(user.passwordHash, password);
  else await spendDummyVerify(password);
  if (!user || !ok) {
    await recordFailedSignIn(email, user?.id ?? null, ip);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  await settleSuccess(keys);
  await recordSignIn(user, ip);
  return { user: toUserDTO(user), remember: Boolean(remember) };
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

/** Lifetimes without activity: 30 days with "remember me", 12 hours without. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** A session without "remember me" lives in a browser-session cookie; the row still expires after 12 h idle. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/**
 * Sliding renewal: a request moves the expiry forward once this fraction of the
 * lifetime has passed since it was last set (15 minutes for a 12-hour session,
 * 15 hours for a 30-day one), so most requests write nothing.
 */
export const RENEW_FRACTION = 1 / 48;

export function sessionLifetimeMs(remember: boolean): number {
  return remember ? REMEMBER_MS : SESSION_MS;
}

/** True when a request at `now` should move this session's expiry forward. */
export function sessionRenewalDue(remember: boolean, expiresAt: Date, now = Date.now()): boolean {
  const lifetime = sessionLifetimeMs(remember);
  return expiresAt.getTime() - now < lifetime * (1 - RENEW_FRACTION);
}

export async function createSession(userId: string, remember: boolean): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(remember));
  const session = await Session.create({ userId, remember, expiresAt });
  return { id: session.id, expiresAt };
}

/** Moves a live session's expiry to now + its lifetime; the new expiry, or null when nothing was renewed. */
export async function renewSession(sessionId: string, remember: boolean, now = new Date()): Promise<Date | null> {
  if (!isUuid(sessionId)) return null;
  const lifetime = sessionLifetimeMs(remember);
  const expiresAt = new Date(now.getTime() + lifetime);
  const renewed = await renewSessionRow(sessionId, expiresAt, now, new Date(now.getTime() + lifetime * (1 - RENEW_FRACTION)));
  if (!renewed) return null;
  // This process's kept copy has the old expiry (other processes are told by migration 0013's signal).
  sessionsChanged({ sessionId });
  return expiresAt;
}

export async function deleteSession(sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) return;
  const session = await Session.findByPk(sessionId, { attributes: ["id", "userId"] });
  const removed = await Session.destroy({ where: { id: sessionId } });
  // A sign-out is an entry of the audit trail (the session row itself is not audited).
  const user = removed && session ? await findUserById(session.userId) : null;
  if (user) await recordSignOut(user);
  // Ended here at once; other processes within a second (ADR 001, migration 0013).
  sessionsChanged({ sessionId });
}

/** Housekeeping: expired sessions and login-attempt windows that ended. */
export async function cleanupAuthRows(now = new Date()): Promise<void> {
  await deleteEndedAuthRows(now, new Date(now.getTime() - LOGIN_WINDOW_MS));
}
