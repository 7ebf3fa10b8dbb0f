import { UniqueConstraintError, type Transaction } from "sequelize";
import { AttendanceRecord } from "#db/models.ts";
import { db, transaction } from "~/db.server";
import { assertCanManageTrials, type Actor } from "../actor";
import { NotFoundError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { CLASS_NOT_FOUND, classSessionSource, lockClassSeats } from "../classes/queries.server";
import { setStatusesFromRollCall } from "../makeups/service.server";
import { today } from "../trials/calendar";
import { assertSession, rollCallOf, sessionRecordRows, sessionRoster } from "./queries.server";
import { FUTURE_DATE, PRESENT, RECORD_NOT_IN_SESSION, rollCallSchema, type RollCallDTO } from "./schema";

export type { RollCallDTO };

/** A save that lost a race on the unique keys is retried this many times (the class's lock makes it rare). */
const RETRIES = 2;

/**
 * PUT /api/classes/{id}/attendance and the roll call screen (Team and
 * Administrator): saves the given pupils' statuses for one session, idempotent
 * (an upsert on the session's unique keys: the same session saved twice
 * updates, never duplicates). The session must be the class's ('Data sem aula
 * desta turma') and not in the future ('Não é possível registrar presença em
 * data futura'); each record an enrolment active on that date or a make-up
 * booked into the session ('Aluno não pertence a esta aula'). A make-up's
 * record sets its status: Presente → 'Realizada', an absence → 'Não compareceu'.
 * The class's row is locked for the save, so concurrent saves of one session
 * (and bookings into it) run one after the other.
 */
export async function saveRollCall(actor: Actor | null, classId: string, input: unknown): Promise<RollCallDTO> {
  const who = assertCanManageTrials(actor);
  const source = await classSessionSource(classId);
  if (!source) throw new NotFoundError(CLASS_NOT_FOUND);
  const data = parseOrThrow(rollCallSchema, input);
  assertSession(source, data.date, data.scheduleId);
  if (data.date > today()) throw new ValidationError({ date: [FUTURE_DATE] });
  await db();

  // The last entry for a pupil wins.
  const entries = new Map<string, (typeof data.records)[number]>();
  for (const r of data.records) entries.set(r.enrollmentId ? `e:${r.enrollmentId}` : `m:${r.makeupId}`, r);

  for (let attempt = 0; ; attempt++) {
    try {
      await transaction(async (t) => {
        await lockClassSeats(source.id, t);
        const roster = await sessionRoster(source.id, data.scheduleId, data.date, t);
        const enrolled = new Set(roster.enrollments.map((e) => e.id));
        const booked = new Set(roster.makeups.map((m) => m.id));
        for (const r of entries.values()) {
          if (r.enrollmentId ? !enrolled.has(r.enrollmentId) : !booked.has(r.makeupId!)) {
            throw new ValidationError({ records: [RECORD_NOT_IN_SESSION] });
          }
        }
        const existing = await sessionRecordRows(source.id, data.scheduleId, data.date, t);
        const byEnrollment = new Map(existing.filter((r) => r.enrollmentId).map((r) => [r.enrollmentId!, r]));
        const byMakeup = new Map(existing.filter((r) => r.makeupId).map((r) => [r.makeupId!, r]));
        const created: Array<Record<string, unknown>> = [];
        const makeupStatuses: Array<{ id: string; present: boolean }> = [];
        for (const r of entries.values()) {
          const note = r.note ?? null;
          const row = r.enrollmentId ? byEnrollment.get(r.enrollmentId) : byMakeup.get(r.makeupId!);
          if (row) {
            if (row.status !== r.status || (row.note ?? null) !== note || row.takenById !== who.id) {
              await row.update({ status: r.status, note, takenById: who.id }, { transaction: t });
            }
          } else {
            created.push({
              enrollmentId: r.enrollmentId ?? null,
              makeupId: r.enrollmentId ? null : r.makeupId,
              classId: source.id,
              scheduleId: data.scheduleId,
              date: data.date,
              status: r.status,
              note,
              takenById: who.id,
            });
          }
          if (r.makeupId) makeupStatuses.push({ id: r.makeupId, present: r.status === PRESENT });
        }
        if (created.length) await AttendanceRecord.bulkCreate(created, { transaction: t });
        await setStatusesFromRollCall(makeupStatuses, t);
      });
      break;
    } catch (error) {
      // Another process saved the same pupil between our read and our insert: read again and update.
      if (error instanceof UniqueConstraintError && attempt < RETRIES) continue;
      throw error;
    }
  }
  const [roster, records] = await Promise.all([
    sessionRoster(source.id, data.scheduleId, data.date),
    sessionRecordRows(source.id, data.scheduleId, data.date),
  ]);
  return rollCallOf(data.date, data.scheduleId, roster, records);
}

/** Forgets a make-up's record (the make-up is moved to another session), inside the caller's transaction. */
export async function deleteMakeupRecord(makeupId: string, t: Transaction): Promise<void> {
  await AttendanceRecord.destroy({ where: { makeupId }, transaction: t });
}
