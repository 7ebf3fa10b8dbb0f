import { Op, type Transaction, type WhereOptions } from "sequelize";
import { AuditEntry, writeAuditEntries, type AuditChanges } from "#db/audit.ts";
import { deleteAuditEntriesBefore } from "./queries.server";
import { SIGN_IN_ACTIONS } from "./schema";

/**
 * The audit trail's own writes: the sign-in events (every other entry is
 * written by the model hooks of db/audit.ts, in the writing transaction) and
 * the retention clean-up.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sign-in, failed sign-in and sign-out entries are kept this many days (at most the general retention). */
export const SIGN_IN_RETENTION_DAYS = 180;
export { SIGN_IN_ACTIONS };

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

/** Fields of the school's records that hold a person's data (their values go when a family is anonymised). */
const PERSONAL_FIELDS = new Set([
  "fullName",
  "name",
  "email",
  "cpf",
  "phone",
  "birthDate",
  "address",
  "guardianName",
  "studentName",
  "whatsappNumber",
  "notes",
  "note",
  "cancelReason",
  "avatarUrl",
]);
export const REDACTED = "[anonimizado]";
/** Shorter values are not searched for in the entries (they would match anything). */
const MIN_REDACTED_CHARS = 4;

export interface Redaction {
  /** The family's rows: table → ids. Their entries lose every personal field's values. */
  rows: Record<string, readonly string[]>;
  /** Users whose name goes from the entries they wrote (the family's Client). */
  userIds: readonly string[];
  /** The family's old values: any entry that holds one (any field, or as its author's name) loses it. */
  values: readonly string[];
  /** The author's name put in place of a family's user's. */
  userName: string;
}

/** `%value%`: a wildcard in the value only widens the match; each entry found is checked exactly below. */
function likeAny(value: string): string {
  return `%${value}%`;
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction, after every other write of it (so the entries those writes
 * produced are covered too): the audit entries about the family's rows keep
 * who, when, what and which fields changed, but no personal value; any other
 * entry holding one of the family's old values (a failed sign-in with its
 * e-mail, a change someone made naming it) loses that value; entries written
 * by the family's user no longer carry its name. Answers how many changed.
 */
export async function redactAuditEntries(redaction: Redaction, t: Transaction): Promise<number> {
  const values = [...new Set(redaction.values.map((v) => v.trim()).filter((v) => v.length >= MIN_REDACTED_CHARS))];
  const lowered = values.map((v) => v.toLowerCase());
  const or: WhereOptions[] = [];
  for (const [entity, ids] of Object.entries(redaction.rows)) if (ids.length) or.push({ entity, entityId: [...ids] });
  if (redaction.userIds.length) or.push({ userId: [...redaction.userIds] });
  for (const value of values) {
    or.push({ changes: { [Op.like]: likeAny(value) } });
    or.push({ userName: value });
  }
  if (!or.length) return 0;
  const familyRows = new Map(Object.entries(redaction.rows).map(([entity, ids]) => [entity, new Set(ids)]));
  const entries = await AuditEntry.findAll({ where: { [Op.or]: or }, order: [["id", "ASC"]], transaction: t });
  const holds = (value: unknown) => typeof value === "string" && lowered.some((v) => value.toLowerCase().includes(v));
  let changed = 0;
  for (const entry of entries) {
    const aboutFamily = Boolean(entry.entityId && familyRows.get(entry.entity)?.has(entry.entityId));
    let changes: AuditChanges | null = null;
    try {
      changes = entry.changes ? (JSON.parse(entry.changes) as AuditChanges) : null;
    } catch {
      changes = null;
    }
    let redacted = false;
    if (changes) {
      for (const [field, change] of Object.entries(changes)) {
        const personal = aboutFamily && PERSONAL_FIELDS.has(field);
        for (const side of ["before", "after"] as const) {
          const value = change?.[side];
          if (value === null || value === undefined || value === REDACTED) continue;
          if (personal || holds(value) || (typeof value === "object" && holds(JSON.stringify(value)))) {
            change[side] = REDACTED;
            redacted = true;
          }
        }
      }
    } else if (holds(entry.changes)) {
      entry.changes = null;
      redacted = true;
    }
    const byFamily = (entry.userId && redaction.userIds.includes(entry.userId)) || holds(entry.userName);
    const update: Partial<Pick<AuditEntry, "changes" | "userName">> = {};
    if (redacted && changes) update.changes = JSON.stringify(changes);
    else if (redacted) update.changes = null;
    if (byFamily && entry.userName !== redaction.userName) update.userName = redaction.userName;
    if (Object.keys(update).length === 0) continue;
    await AuditEntry.update(update, { where: { id: entry.id }, transaction: t, hooks: false });
    changed++;
  }
  return changed;
}
