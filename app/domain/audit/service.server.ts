import { writeAuditEntries } from "#db/audit.ts";
import { deleteAuditEntriesBefore } from "./queries.server";

/**
 * The audit trail's own writes: the sign-in events (every other entry is
 * written by the model hooks of db/audit.ts, in the writing transaction) and
 * the retention clean-up.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sign-in, failed sign-in and sign-out entries are kept this many days (at most the general retention). */
export const SIGN_IN_RETENTION_DAYS = 180;
export const SIGN_IN_ACTIONS = ["sign-in", "sign-in-failed", "sign-out"] as const;

export async function recordSignIn(user: { id: string; name: string }, ip: string): Promise<void> {
  await writeAuditEntries([{ action: "sign-in", entity: "users", entityId: user.id, userId: user.id, userName: user.name, ip }]);
}

/** A refused sign-in: the e-mail tried (never the password), and the account when the e-mail names one. */
export async function recordFailedSignIn(email: string, userId: string | null, ip: string): Promise<void> {
  await writeAuditEntries([
    {
      action: "sign-in-failed",
      entity: "users",
      entityId: userId,
      userId: null,
      userName: null,
      ip,
      changes: { email: { before: null, after: email } },
    },
  ]);
}

/** A session ended by its user (the address is the request's). */
export async function recordSignOut(user: { id: string; name: string }): Promise<void> {
  await writeAuditEntries([{ action: "sign-out", entity: "users", entityId: user.id, userId: user.id, userName: user.name }]);
}

/**
 * Housekeeping: entries older than `retentionDays` (AUDIT_RETENTION_DAYS) are
 * deleted, sign-in entries after SIGN_IN_RETENTION_DAYS (or the general
 * retention when shorter).
 */
export async function cleanupAuditEntries(retentionDays: number, now = new Date()): Promise<void> {
  await deleteAuditEntriesBefore(new Date(now.getTime() - retentionDays * DAY_MS), null);
  const signIns = Math.min(SIGN_IN_RETENTION_DAYS, retentionDays);
  await deleteAuditEntriesBefore(new Date(now.getTime() - signIns * DAY_MS), SIGN_IN_ACTIONS);
}
