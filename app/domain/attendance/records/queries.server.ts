import type { Transaction } from "sequelize";
import { AttendanceRecord } from "#db/models.ts";
import { dateOnly, iso } from "../../row-values.server";
import { isUuid } from "../../validation";
import type { AttendanceRecordDTO } from "../schema";

/**
 * One attendance record by id, for the roll call (../queries.server.ts) and
 * the make-ups (../makeups/) alike: both import it from here, so neither
 * imports the other's reads for it.
 */

export type RecordFields = Pick<
  AttendanceRecord,
  "id" | "enrollmentId" | "makeupId" | "classId" | "scheduleId" | "status" | "note" | "takenById"
> & {
  date: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export function toRecordDTO(r: RecordFields): AttendanceRecordDTO {
  return {
    id: r.id,
    enrollmentId: r.enrollmentId ?? null,
    makeupId: r.makeupId ?? null,
    classId: r.classId,
    scheduleId: r.scheduleId,
    date: dateOnly(r.date),
    status: r.status,
    note: r.note ?? null,
    takenById: r.takenById ?? null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** One attendance record (e.g. the absence a make-up is for); null for no record. Inside the caller's transaction when given. */
export async function findRecord(id: string, t?: Transaction): Promise<AttendanceRecordDTO | null> {
  if (!isUuid(id)) return null;
  const row = await AttendanceRecord.findByPk(id, { transaction: t });
  return row ? toRecordDTO(row) : null;
}

/** Whether a make-up's roll call is taken (it has its record), inside the caller's transaction. */
export async function hasMakeupRecord(makeupId: string, t?: Transaction): Promise<boolean> {
  if (!isUuid(makeupId)) return false;
  return (await AttendanceRecord.count({ where: { makeupId }, transaction: t })) > 0;
}
