import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { Makeup } from "#db/models.ts";
import { db, transaction } from "~/db.server";
import { assertCanManageTrials, type Actor } from "../actor";
import { ConflictError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { classSessionSource, lockClassSeats } from "../classes/queries.server";
import { activeOn, enrollmentSpans } from "../enrollments/queries.server";
import { deleteMakeupRecord } from "../attendance/service.server";
import { firstSessionDate, isSession } from "../attendance/sessions";
import { NO_SESSION_ON_DATE, type AttendanceRecordDTO } from "../attendance/schema";
import { today } from "../trials/calendar";
import { absenceOrThrow, find, heldPlaces, makeupOfAbsence, makeupWindow, toDTO } from "./queries.server";
import {
  ALREADY_HAS_MAKEUP,
  ALREADY_IN_CLASS,
  BOOKED,
  CANCEL_ONLY_BOOKED,
  CLASS_INACTIVE,
  DONE,
  makeupSchema,
  makeupUpdateSchema,
  MISSED,
  NO_ROOM,
  OTHER_COURSE,
  OUT_OF_WINDOW,
  PAST_SESSION,
  type MakeupDTO,
} from "./schema";
import { CLASS_NOT_FOUND } from "../classes/queries.server";

export type { MakeupDTO };

interface Target {
  classId: string;
  scheduleId: string;
  date: string;
}

/**
 * The make-up rules, inside the caller's transaction, with the target class's
 * row locked (as enrolments lock it), so the places counted cannot change
 * before the transaction ends: concurrent bookings never overfill a session.
 * The target is a session of an active class of the absence's course (any
 * branch), after the absence and within 30 days of it, not past (today
 * counts), with a free place (capacity − enrolments active on the date −
 * places held by make-ups; `exceptId`, the make-up being moved, not counted).
 */
async function checkTarget(absence: AttendanceRecordDTO, target: Target, t: Transaction, exceptId?: string): Promise<void> {
  const seats = await lockClassSeats(target.classId, t);
  if (!seats) throw new ValidationError({ classId: [CLASS_NOT_FOUND] });
  const source = await classSessionSource(seats.id, t);
  const absenceClass = await classSessionSource(absence.classId, t);
  if (!source) throw new ValidationError({ classId: [CLASS_NOT_FOUND] });
  if (!absenceClass || source.courseId !== absenceClass.courseId) throw new ValidationError({ classId: [OTHER_COURSE] });
  if (!source.active) throw new ValidationError({ classId: [CLASS_INACTIVE] });
  if (!isSession(source.schedules, firstSessionDate(source.createdAt), target.date, target.scheduleId)) {
    throw new ValidationError({ date: [NO_SESSION_ON_DATE] });
  }
  const window = makeupWindow(absence.date);
  if (target.date <= absence.date || target.date > window.to) throw new ValidationError({ date: [OUT_OF_WINDOW] });
  if (target.date < today()) throw new ValidationError({ date: [PAST_SESSION] });
  const spans = await enrollmentSpans([seats.id], t);
  // A pupil enrolled in the class on that date is already in that session: not a make-up.
  const pupil = (await enrollmentSpans([absence.classId], t)).find((e) => e.id === absence.enrollmentId)?.studentId;
  if (pupil && spans.some((e) => e.studentId === pupil && activeOn(e, target.date))) throw new ValidationError({ classId: [ALREADY_IN_CLASS] });
  const held = await heldPlaces({ ...target, classId: seats.id }, t, exceptId);
  const active = spans.filter((e) => activeOn(e, target.date)).length;
  if (seats.capacity - active - held <= 0) throw new ConflictError(NO_ROOM);
}

/** POST /api/makeups (Team and Administrator): books a make-up ('Agendada') of an absence into a session. */
export async function bookMakeup(actor: Actor | null, input: unknown): Promise<MakeupDTO> {
  assertCanManageTrials(actor);
  const data = parseOrThrow(makeupSchema, input);
  await db();
  try {
    return await transaction(async (t) => {
      const absence = await absenceOrThrow(data.absenceId, t, "400");
      if (await makeupOfAbsence(absence.id, t)) throw new ConflictError(ALREADY_HAS_MAKEUP);
      await checkTarget(absence, data, t);
      const row = await Makeup.create(
        { absenceId: absence.id, classId: data.classId, scheduleId: data.scheduleId, date: data.date, status: BOOKED },
        { transaction: t },
      );
      return toDTO(row);
    });
  } catch (error) {
    // The unique absenceId is the backstop of "one per absence".
    if (error instanceof UniqueConstraintError) throw new ConflictError(ALREADY_HAS_MAKEUP);
    throw error;
  }
}

/**
 * PATCH /api/makeups/{id} (Team and Administrator): moves it (class, schedule
 * and/or date, the booking's rules again; a move forgets the old session's
 * record and makes it 'Agendada' again) and/or sets its status.
 */
export async function updateMakeup(actor: Actor | null, id: string, input: unknown): Promise<MakeupDTO> {
  assertCanManageTrials(actor);
  const current = await find(id);
  const data = parseOrThrow(makeupUpdateSchema, input);
  const target: Target = {
    classId: data.classId ?? current.classId,
    scheduleId: data.scheduleId ?? current.scheduleId,
    date: data.date ?? current.date,
  };
  const moved = target.classId !== current.classId || target.scheduleId !== current.scheduleId || target.date !== current.date;
  return transaction(async (t) => {
    const row = await find(id, t);
    if (moved) {
      const absence = await absenceOrThrow(row.absenceId, t, "400");
      await checkTarget(absence, target, t, row.id);
      await deleteMakeupRecord(row.id, t);
      await row.update({ ...target, status: data.status ?? BOOKED }, { transaction: t });
    } else if (data.status && data.status !== row.status) {
      await row.update({ status: data.status }, { transaction: t });
    }
    return toDTO(row);
  });
}

/**
 * DELETE /api/makeups/{id} (Team and Administrator): cancels a make-up still to happen ('Agendada'): its place is freed and the
 * absence may be made up again. One already held or missed is history (its
 * roll call record would go with it): 409.
 */
export async function deleteMakeup(actor: Actor | null, id: string): Promise<void> {
  assertCanManageTrials(actor);
  const row = await find(id);
  if (row.status !== BOOKED) throw new ConflictError(CANCEL_ONLY_BOOKED);
  await row.destroy();
}

/** A roll call's effect on its make-ups (inside its transaction): present → 'Realizada', absent → 'Não compareceu'. */
export async function setStatusesFromRollCall(updates: ReadonlyArray<{ id: string; present: boolean }>, t: Transaction): Promise<void> {
  const done = updates.filter((u) => u.present).map((u) => u.id);
  const missed = updates.filter((u) => !u.present).map((u) => u.id);
  if (done.length) await Makeup.update({ status: DONE }, { where: { id: { [Op.in]: done } }, transaction: t });
  if (missed.length) await Makeup.update({ status: MISSED }, { where: { id: { [Op.in]: missed } }, transaction: t });
}
