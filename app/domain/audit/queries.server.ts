import { selectRows, sqlTimestamp, writeRows } from "~/platform/db.server";
import { addDays, schoolTimeZone } from "../calendar/dates";
import { assertCanManage, type Actor } from "../actor";
import { sqlList, type ListSource } from "../list.server";
import { parseOrThrow } from "../validation";
import { auditFilterSchema, type AuditEntryDTO, type AuditFilter, type AuditPage } from "./schema";

/**
 * The reads of the audit trail (table `audit_entries`, written by db/audit.ts):
 * administrators only. Newest first (createdAt, then id, both descending).
 */

interface AuditRow {
  id: string;
  createdAt: string | Date;
  userId: string | null;
  userName: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: string | null;
  ip: string | null;
}

const COLUMNS = ["id", "createdAt", "userId", "userName", "entity", "entityId", "action", "changes", "ip"]
  .map((c) => `"a"."${c}"`)
  .join(", ");

function toDTO(row: AuditRow): AuditEntryDTO {
  let changes: AuditEntryDTO["changes"] = null;
  if (row.changes) {
    try {
      changes = JSON.parse(row.changes) as AuditEntryDTO["changes"];
    } catch {
      changes = null;
    }
  }
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    userId: row.userId ?? null,
    userName: row.userName ?? null,
    entity: row.entity,
    entityId: row.entityId ?? null,
    action: row.action as AuditEntryDTO["action"],
    changes,
    ip: row.ip ?? null,
  };
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a school day starts (midnight in the school's time zone). */
export function dayStart(day: string, timeZone = schoolTimeZone()): Date {
  const [y, m, d] = day.split("-").map(Number);
  const guess = new Date(Date.UTC(y, m - 1, d));
  const first = new Date(guess.getTime() - zoneOffsetMs(guess, timeZone));
  return new Date(guess.getTime() - zoneOffsetMs(first, timeZone));
}

function conditions(filter: AuditFilter): { where: string | undefined; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (filter.entity) {
    parts.push(`"a"."entity" = :entity`);
    params.entity = filter.entity;
  }
  if (filter.entityId) {
    parts.push(`"a"."entityId" = :entityId`);
    params.entityId = filter.entityId;
  }
  if (filter.userId) {
    parts.push(`"a"."userId" = :userId`);
    params.userId = filter.userId;
  }
  if (filter.from) {
    parts.push(`"a"."createdAt" >= :from`);
    params.from = sqlTimestamp(dayStart(filter.from));
  }
  if (filter.to) {
    parts.push(`"a"."createdAt" < :to`);
    params.to = sqlTimestamp(dayStart(addDays(filter.to, 1)));
  }
  return { where: parts.length ? parts.join(" AND ") : undefined, params };
}

/** The filters as given (query string), validated: a 400 with the field's message otherwise. */
export function parseAuditFilter(input: Record<string, unknown>): AuditFilter {
  return parseOrThrow(auditFilterSchema, input);
}

/** GET /api/audit: every entry matching the filters, newest first, read in batches (or one page by cursor). */
export function auditList(actor: Actor | null, input: Record<string, unknown>): ListSource<AuditEntryDTO> {
  assertCanManage(actor);
  const { where, params } = conditions(parseAuditFilter(input));
  return sqlList<AuditRow & Record<string, unknown>, AuditEntryDTO>(
    "audit",
    {
      columns: COLUMNS,
      from: `FROM "audit_entries" AS "a"`,
      where,
      params,
      key: [
        { expr: `"a"."createdAt"`, type: "instant", desc: true },
        { expr: `"a"."id"`, type: "uuid", desc: true },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the entries (the screen and `GET /api/audit?page=`), with the total. */
export async function listAuditPage(
  actor: Actor | null,
  input: Record<string, unknown>,
  options: { page?: number; pageSize?: number } = {},
): Promise<AuditPage> {
  assertCanManage(actor);
  const { where, params } = conditions(parseAuditFilter(input));
  const pageSize = Math.min(Math.max(Math.trunc(options.pageSize ?? AUDIT_PAGE_SIZE), 1), 200);
  const whereSql = where ? `WHERE ${where}` : "";
  const [{ n }] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "audit_entries" AS "a" ${whereSql}`, params);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Number.isFinite(options.page) ? Math.trunc(options.page as number) : 1;
  const page = Math.min(Math.max(requested, 1), pageCount);
  const rows = await selectRows<AuditRow>(
    `SELECT ${COLUMNS} FROM "audit_entries" AS "a" ${whereSql} ORDER BY "a"."createdAt" DESC, "a"."id" DESC LIMIT :limit OFFSET :offset`,
    { ...params, limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { entries: rows.map(toDTO), total, page, pageCount, pageSize };
}

/** The users named by entries (the screen's 'Usuário' filter), by name. */
export async function listAuditUsers(actor: Actor | null): Promise<{ id: string; label: string }[]> {
  assertCanManage(actor);
  const rows = await selectRows<{ userId: string; userName: string | null }>(
    `SELECT "userId", MAX("userName") AS "userName" FROM "audit_entries" WHERE "userId" IS NOT NULL GROUP BY "userId"`,
  );
  return rows.map((r) => ({ id: r.userId, label: r.userName ?? r.userId })).sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));
}

/** Retention: deletes the entries of these actions (all when null) older than `before`. */
export async function deleteAuditEntriesBefore(before: Date, actions: readonly string[] | null): Promise<void> {
  const params: Record<string, string> = { before: sqlTimestamp(before) };
  let only = "";
  if (actions) {
    only = ` AND "action" IN (${actions.map((_, i) => `:a${i}`).join(", ")})`;
    actions.forEach((a, i) => (params[`a${i}`] = a));
  }
  await writeRows(`DELETE FROM "audit_entries" WHERE "createdAt" < :before${only}`, params);
}
