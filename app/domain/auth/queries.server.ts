import type { User } from "#db/models.ts";
import { selectRows, sqlTimestamp, writeRows } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import type { UserType } from "../access/roles";
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

// The statements of the sign-in throttle and the session rows (commands in
// ./service.server.ts call these; the SQL text lives here).

/**
 * Reserves one attempt on each key in one statement, before anything is
 * verified: a new window starts at 1, otherwise the count goes up by one. It is
 * atomic on both databases (and across processes), so of N concurrent attempts
 * exactly the first `limit` see a count within the limit. Keys are written in a
 * fixed (sorted) order, so two such statements cannot deadlock on PostgreSQL.
 */
const RESERVE = `
  INSERT INTO "login_attempts" ("key", "failures", "windowStart")
  VALUES (:k0, 1, :now0), (:k1, 1, :now1), (:k2, 1, :now2)
  ON CONFLICT ("key") DO UPDATE SET
    "failures" = CASE WHEN "login_attempts"."windowStart" <= :cutoff0 THEN 1 ELSE "login_attempts"."failures" + 1 END,
    "windowStart" = CASE WHEN "login_attempts"."windowStart" <= :cutoff1 THEN excluded."windowStart" ELSE "login_attempts"."windowStart" END
  RETURNING "key", "failures", "windowStart"`;
// Undoing is one row per statement: a statement holding one row lock cannot take part in a deadlock.
const GIVE_BACK = `UPDATE "login_attempts" SET "failures" = "failures" - 1 WHERE "key" = :key AND "failures" > 0`;
const CLEAR = `DELETE FROM "login_attempts" WHERE "key" = :key`;

/** The rows of the three keys after their reservation, in one atomic statement; `keys` sorted. */
export async function reserveAttemptRows(
  keys: readonly [string, string, string],
  at: string,
  cutoff: string,
): Promise<Array<{ key: string; failures: number | string; windowStart: Date | string }>> {
  const [k0, k1, k2] = keys;
  return writeRows(RESERVE, { k0, k1, k2, now0: at, now1: at, now2: at, cutoff0: cutoff, cutoff1: cutoff });
}

export async function giveBackAttemptRow(key: string): Promise<void> {
  await writeRows(GIVE_BACK, { key });
}

export async function clearAttemptRow(key: string): Promise<void> {
  await writeRows(CLEAR, { key });
}

// Conditional: of concurrent requests only one writes, and an ended or expired session stays ended.
const RENEW = `
  UPDATE "sessions" SET "expiresAt" = :expiresAt, "updatedAt" = :now
  WHERE "id" = :id AND "expiresAt" > :now2 AND "expiresAt" < :threshold
  RETURNING "id"`;

/** Moves a live session's expiry to `expiresAt` when it is due (`expiresAt` before `threshold`); whether it was renewed. */
export async function renewSessionRow(id: string, expiresAt: Date, now: Date, threshold: Date): Promise<boolean> {
  const rows = await writeRows(RENEW, {
    id,
    expiresAt: sqlTimestamp(expiresAt),
    now: sqlTimestamp(now),
    now2: sqlTimestamp(now),
    threshold: sqlTimestamp(threshold),
  });
  return rows.length > 0;
}

const DELETE_EXPIRED_SESSIONS = `DELETE FROM "sessions" WHERE "expiresAt" <= :now`;
const DELETE_OLD_ATTEMPTS = `DELETE FROM "login_attempts" WHERE "windowStart" <= :cutoff`;

/** Housekeeping: sessions expired by `now` and login-attempt windows that started by `cutoff`. */
export async function deleteEndedAuthRows(now: Date, cutoff: Date): Promise<void> {
  await writeRows(DELETE_EXPIRED_SESSIONS, { now: sqlTimestamp(now) });
  await writeRows(DELETE_OLD_ATTEMPTS, { cutoff: sqlTimestamp(cutoff) });
}

const FORGET_EMAIL = `DELETE FROM "login_attempts" WHERE "key" = :account OR ("key" >= :emailFrom AND "key" < :emailTo)`;

/**
 * A family anonymised (LGPD): the sign-in counters kept under its old e-mail
 * (`a:<e-mail>` and `e:<e-mail>|<address>`) go, so the e-mail is nowhere.
 */
export async function forgetAttemptRows(email: string): Promise<void> {
  const mail = email.toLowerCase();
  await writeRows(FORGET_EMAIL, { account: `a:${mail}`.slice(0, 320), emailFrom: `e:${mail}|`, emailTo: `e:${mail}}` });
}
