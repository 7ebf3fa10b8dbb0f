import { Op, type Transaction, type WhereOptions } from "sequelize";
import { AuditEntry, writeAuditEntries, type AuditChanges } from "#db/audit.ts";
import { holdsValue, valuesPattern } from "~/lib/redact";
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

/** What a refused sign-in's entry holds in place of an identifier that is not a well-formed e-mail. */
export const INVALID_IDENTIFIER = "[identificador inválido]";

/**
 * An e-mail address as people have them: dot-separated atoms, '@', dot-separated
 * host labels and a top-level domain of letters. Stricter than the sign-in
 * form's check on purpose ('senha@Forte.123' passes that one): what is not
 * plainly an address may be a password typed in the wrong box. Every part is
 * delimited by a dot or the '@', so it cannot backtrack.
 */
const WELL_FORMED_EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isWellFormedEmail(text: string): boolean {
  return text.length <= 254 && WELL_FORMED_EMAIL.test(text);
}

/**
 * A refused sign-in: the e-mail tried (never the password), and the account
 * when the e-mail names one. What was typed is kept only when it is an
 * account's e-mail or a well-formed one; otherwise the entry says an invalid
 * identifier was typed, without it (it may be a password in the wrong box).
 */
export async function recordFailedSignIn(email: string, userId: string | null, ip: string): Promise<void> {
  const typed = userId !== null || isWellFormedEmail(email) ? email : INVALID_IDENTIFIER;
  await writeAuditEntries([
    {
      action: "sign-in-failed",
      entity: "users",
      entityId: userId,
      userId: null,
      userName: null,
      ip,
      changes: { email: { before: null, after: typed } },
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
  "description",
  "detail",
  "waiveReason",
  "reverseReason",
  "reason",
]);
/** Fields that name who wrote a row (a charge history's author): a member of staff's name is never taken out. */
const AUTHOR_FIELDS = new Set(["userName"]);
export const REDACTED = "[anonimizado]";

export interface Redaction {
  /** The family's rows: table → ids. Their entries lose every personal field's values, and any other value that holds one of `values`. */
  rows: Record<string, readonly string[]>;
  /** The family's users: the entries they wrote lose their name and the family's values. */
  userIds: readonly string[];
  /** The family's old values, looked for in the entries above (and only there). */
  values: readonly string[];
  /** The author's name put in place of a family's user's. */
  userName: string;
}

function parseChanges(text: string | null): AuditChanges | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as AuditChanges;
  } catch {
    return null;
  }
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction, after every other write of it (so the entries those writes
 * produced are covered too). Only two kinds of entry change: those about the
 * family's own rows (they keep who, when, what and which fields changed, but
 * no personal value and no value holding one of the family's), and those the
 * family's own user wrote (its name goes, and the family's values). No other
 * entry is touched, whatever text it holds, and a member of staff's name as an
 * entry's author is never changed. Answers how many entries changed.
 */
export async function redactAuditEntries(redaction: Redaction, t: Transaction): Promise<number> {
  const pattern = valuesPattern(redaction.values);
  const or: WhereOptions[] = [];
  for (const [entity, ids] of Object.entries(redaction.rows)) if (ids.length) or.push({ entity, entityId: [...ids] });
  if (redaction.userIds.length) or.push({ userId: [...redaction.userIds] });
  if (!or.length) return 0;
  const familyRows = new Map(Object.entries(redaction.rows).map(([entity, ids]) => [entity, new Set(ids)]));
  const familyUsers = new Set(redaction.userIds);
  const entries = await AuditEntry.findAll({ where: { [Op.or]: or }, order: [["id", "ASC"]], transaction: t });
  const holds = (value: unknown) =>
    (typeof value === "string" && holdsValue(value, pattern)) || (typeof value === "object" && holdsValue(JSON.stringify(value), pattern));
  let changed = 0;
  for (const entry of entries) {
    const aboutFamily = Boolean(entry.entityId && familyRows.get(entry.entity)?.has(entry.entityId));
    const byFamily = Boolean(entry.userId && familyUsers.has(entry.userId));
    const changes = parseChanges(entry.changes);
    let redacted = false;
    if (changes) {
      // A row's author (charge history) is the family's only when its user is.
      const authorIsFamily = [changes.userId?.before, changes.userId?.after].some((id) => typeof id === "string" && familyUsers.has(id));
      for (const [field, change] of Object.entries(changes)) {
        if (AUTHOR_FIELDS.has(field) && !authorIsFamily) continue;
        const personal = (aboutFamily && PERSONAL_FIELDS.has(field)) || AUTHOR_FIELDS.has(field);
        for (const side of ["before", "after"] as const) {
          const value = change?.[side];
          if (value === null || value === undefined || value === REDACTED) continue;
          if (personal || holds(value)) {
            change[side] = REDACTED;
            redacted = true;
          }
        }
      }
    } else if (entry.changes && holds(entry.changes)) {
      redacted = true;
    }
    const update: Partial<Pick<AuditEntry, "changes" | "userName">> = {};
    if (redacted) update.changes = changes ? JSON.stringify(changes) : null;
    if (byFamily && entry.userName !== redaction.userName) update.userName = redaction.userName;
    if (Object.keys(update).length === 0) continue;
    await AuditEntry.update(update, { where: { id: entry.id }, transaction: t, hooks: false });
    changed++;
  }
  return changed;
}
