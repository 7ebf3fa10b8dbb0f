import type { Transaction } from "sequelize";
import { AbsenceNotice } from "#db/models.ts";
import { paddedInList } from "#db/in-list.ts";
import { selectRows } from "~/platform/db.server";
import { dateOnly, iso } from "~/domain/row-values.server";
import { NotFoundError } from "~/domain/errors";
import { isUuid } from "~/domain/validation";
import { NOTICE_NOT_FOUND, type AbsenceNoticeDTO } from "./schema";

/**
 * The reads of absence notices ('Avisar falta'): the absence_notices table is
 * read here only. The roll call reads a session's notices (by class and date,
 * migration 0016's index), the family's page its enrolments' (by enrolment).
 */

type NoticeFields = Pick<AbsenceNotice, "id" | "enrollmentId" | "classId" | "scheduleId" | "note" | "createdById"> & {
  date: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export function toNoticeDTO(n: NoticeFields): AbsenceNoticeDTO {
  return {
    id: n.id,
    enrollmentId: n.enrollmentId,
    classId: n.classId,
    scheduleId: n.scheduleId,
    date: dateOnly(n.date),
    note: n.note ?? null,
    createdById: n.createdById ?? null,
    createdAt: iso(n.createdAt),
    updatedAt: iso(n.updatedAt),
  };
}

const NOTICE_COLUMNS = `"n"."id", "n"."enrollmentId", "n"."classId", "n"."scheduleId", CAST("n"."date" AS TEXT) AS "date", "n"."note",
  "n"."createdById", "n"."createdAt", "n"."updatedAt"`;

/** A notice's row (404 'Aviso de falta não encontrado'), locked inside the caller's transaction when given. */
export async function findNotice(id: string, t?: Transaction): Promise<AbsenceNotice> {
  const row = isUuid(id) ? await AbsenceNotice.findByPk(id, t ? { transaction: t, lock: t.LOCK.UPDATE } : {}) : null;
  if (!row) throw new NotFoundError(NOTICE_NOT_FOUND);
  return row;
}

/** The notice of one enrolment in one session, inside the caller's transaction; null when none. */
export async function noticeOfSession(
  enrollmentId: string,
  scheduleId: string,
  date: string,
  t?: Transaction,
): Promise<AbsenceNotice | null> {
  return AbsenceNotice.findOne({ where: { enrollmentId, scheduleId, date }, transaction: t });
}

/** The notices of one session of a class, by enrolment id (the roll call shows them as 'Falta justificada'). */
export async function sessionNotices(classId: string, scheduleId: string, date: string): Promise<Map<string, AbsenceNoticeDTO>> {
  if (!isUuid(classId) || !isUuid(scheduleId)) return new Map();
  const rows = await selectRows<NoticeFields>(
    `SELECT ${NOTICE_COLUMNS} FROM "absence_notices" AS "n" WHERE "n"."classId" = :classId AND "n"."date" = :date AND "n"."scheduleId" = :scheduleId`,
    { classId, scheduleId, date },
  );
  return new Map(rows.map((r) => [r.enrollmentId, toNoticeDTO(r)]));
}

/** The notices of these enrolments from `from` on (the family's next sessions), keyed 'enrollmentId|scheduleId|date'. */
export async function enrollmentNotices(enrollmentIds: readonly string[], from: string): Promise<Map<string, AbsenceNoticeDTO>> {
  const ids = [...new Set(enrollmentIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const params: Record<string, string> = { from };
  const rows = await selectRows<NoticeFields>(
    `SELECT ${NOTICE_COLUMNS} FROM "absence_notices" AS "n" WHERE "n"."enrollmentId" IN (${paddedInList("e", ids, params)}) AND "n"."date" >= :from`,
    params,
  );
  return new Map(rows.map((r) => [noticeKey(r.enrollmentId, r.scheduleId, dateOnly(r.date)), toNoticeDTO(r)]));
}

export const noticeKey = (enrollmentId: string, scheduleId: string, date: string) => `${enrollmentId}|${scheduleId}|${date}`;
