import { ForeignKeyConstraintError, Op, UniqueConstraintError, type Transaction } from "sequelize";
import { AttendanceRecord } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertStaff, type Actor } from "../access/roles";
import { NotFoundError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { classSessionSource, lockClassSeats } from "../classes/queries.server";
import { cancelMakeupsOfAbsences, setStatusesFromRollCall } from "~/domain/attendance/makeups/service.server";
import { today } from "../calendar/dates";
import { sessionNotices } from "./notices/queries.server";
import { assertSession, rollCallOf, sessionRecordRows, sessionRoster } from "./queries.server";
import { ABSENCE_STATUSES, FUTURE_DATE, PRESENT, RECORD_NOT_IN_SESSION, rollCallSchema, type RollCallDTO } from "./schema";
import { CLASS_NOT_FOUND } from "../classes/schema";

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
 * record sets its status: Presente → 'Realizada', an absence → 'Não compareceu'
 * (the roll call is the only thing that does). An absence changed to
 * 'Presente' cancels its booked make-up in the same transaction; when that
 * make-up's own roll call is taken, the save is refused.
 * The class's row is locked for the save, so concurrent saves of one session
 * (and bookings into it) run one after the other.
 */
export async function saveRollCall(actor: Actor | null, classId: string, input: unknown): Promise<RollCallDTO> {
  const who = assertStaff(actor);
  const source = await classSessionSource(classId);
  if (!source) throw new NotFoundError(CLASS_NOT_FOUND);
  const data = parseOrThrow(rollCallSchema, input);
  assertSession(source, data.date, data.scheduleId);
  if (data.date > today()) throw new ValidationError({ date: [FUTURE_DATE] });

  // The last entry for a pupil wins.
  const entries = new Map<string, (typeof data.records)[number]>();
  for (const r of data.records) entries.set(r.enrollmentId ? `e:${r.enrollmentId}` : `m:${r.makeupId}`, r);

  for (let attempt = 0; ; attempt++) {
    try {
      await transaction(async (t) => {
        const seats = await lockClassSeats(source.id, t);
        if (!seats) throw new NotFoundError(CLASS_NOT_FOUND);
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
        const nowPresent: string[] = [];
        for (const r of entries.values()) {
          const note = r.note ?? null;
          const row = r.enrollmentId ? byEnrollment.get(r.enrollmentId) : byMakeup.get(r.makeupId!);
          if (row) {
            if (r.enrollmentId && ABSENCE_STATUSES.includes(row.status) && r.status === PRESENT) nowPresent.push(row.id);
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
        // An absence that becomes a presence needs no make-up: a booked one is cancelled, one already taken refuses the save.
        await cancelMakeupsOfAbsences(nowPresent, t);
        if (created.length) await AttendanceRecord.bulkCreate(created, { transaction: t });
        await setStatusesFromRollCall(
          makeupStatuses,
          { classId: source.id, scheduleId: data.scheduleId, date: data.date, capacity: seats.capacity },
          t,
        );
      });
      break;
    } catch (error) {
      // Another process saved the same pupil between our read and our insert (or cancelled a make-up we were
      // saving): read again, then update (or answer that the pupil is no longer in the session).
      if ((error instanceof UniqueConstraintError || error instanceof ForeignKeyConstraintError) && attempt < RETRIES) continue;
      throw error;
    }
  }
  const [roster, records, notices] = await Promise.all([
    sessionRoster(source.id, data.scheduleId, data.date),
    sessionRecordRows(source.id, data.scheduleId, data.date),
    sessionNotices(source.id, data.scheduleId, data.date),
  ]);
  return rollCallOf(data.date, data.scheduleId, roster, records, notices);
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: its roll-call records stay (presences and absences are kept),
 * their free-text notes go. Answers how many records lost a note.
 */
export async function clearNotesOfRecords(recordIds: readonly string[], t: Transaction): Promise<number> {
  if (recordIds.length === 0) return 0;
  const records = await AttendanceRecord.findAll({
    where: { id: [...recordIds], note: { [Op.ne]: null } },
    order: [["id", "ASC"]],
    transaction: t,
  });
  for (const record of records) await record.update({ note: null }, { transaction: t });
  return records.length;
}
