import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { Makeup } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertStaff, type Actor } from "~/domain/access/roles";
import { ConflictError, ValidationError } from "~/domain/errors";
import { parseOrThrow } from "~/domain/validation";
import { classSessionSource, lockClassSeats } from "~/domain/classes/queries.server";
import { activeOn, enrollmentSpans } from "~/domain/enrollments/queries.server";
import { hasMakeupRecord } from "~/domain/attendance/records/queries.server";
import { fillFreedSeats } from "~/domain/enrollments/service.server";
import type { PromotionDTO } from "~/domain/enrollments/schema";
import { firstSessionDate, isSession } from "~/domain/calendar/sessions";
import { NO_SESSION_ON_DATE, type AttendanceRecordDTO } from "~/domain/attendance/schema";
import { today } from "~/domain/calendar/dates";
import {
  absenceOrThrow,
  absenceSession,
  afterAbsence,
  classPlaces,
  find,
  makeupOfAbsence,
  makeupWindow,
  placesTaken,
  toDTO,
} from "./queries.server";
import { assertOwnFamily, ownFamilyOrThrow } from "~/domain/access/queries.server";
import {
  ABSENCE_MADE_UP,
  ABSENCE_NOT_FOUND,
  ALREADY_HAS_MAKEUP,
  ALREADY_IN_CLASS,
  BOOKED,
  CANCEL_ONLY_BOOKED,
  DONE,
  makeupSchema,
  makeupUpdateSchema,
  MISSED,
  NO_ROOM,
  OTHER_COURSE,
  OUT_OF_WINDOW,
  PAST_SESSION,
  ROLL_CALL_TAKEN,
  STATUS_FROM_ROLL_CALL,
  type MakeupDTO,
  type MakeupInput,
} from "./schema";
import { CLASS_INACTIVE, CLASS_NOT_FOUND } from "~/domain/classes/schema";

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
 * branch), after the absence (a later day, or a later start on its day)
 * and within 30 days of it, not past (today counts), with a free place (capacity − `placesTaken`: the enrolments active
 * on the date and the make-ups holding a place; `exceptId`, the make-up being
 * moved or booked again, not counted).
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
  // isSession above: the target's schedule is one of the class's.
  const session = { date: target.date, startTime: source.schedules.find((s) => s.id === target.scheduleId)!.startTime };
  if (!afterAbsence(session, await absenceSession(absence, absenceClass, t)) || target.date > makeupWindow(absence.date).to) {
    throw new ValidationError({ date: [OUT_OF_WINDOW] });
  }
  if (target.date < today()) throw new ValidationError({ date: [PAST_SESSION] });
  const places = await classPlaces(seats.id, target.date, t);
  // A pupil enrolled in the class on that date is already in that session: not a make-up.
  const pupil = (await enrollmentSpans([absence.classId], t)).find((e) => e.id === absence.enrollmentId)?.studentId;
  if (pupil && places.spans.some((e) => e.studentId === pupil && activeOn(e, target.date)))
    throw new ValidationError({ classId: [ALREADY_IN_CLASS] });
  if (placesTaken(places, target, exceptId) >= seats.capacity) throw new ConflictError(NO_ROOM);
}

/** POST /api/makeups (Team and Administrator): books a make-up ('Agendada') of an absence into a session. */
export async function bookMakeup(actor: Actor | null, input: unknown): Promise<MakeupDTO> {
  assertStaff(actor);
  return book(parseOrThrow(makeupSchema, input));
}

/**
 * POST /api/family/makeups and 'Agendar reposição' on the family's page: the
 * family books a make-up of one of its own children's absences, with the very
 * rules of the staff's booking (`book`). The absence must be the family's: 404
 * 'Falta não encontrada' otherwise (and 404 'Família não encontrada' for a user
 * without a family, Administrator and Team included).
 */
export async function bookFamilyMakeup(actor: Actor | null, input: unknown): Promise<MakeupDTO> {
  await ownFamilyOrThrow(actor);
  const data = parseOrThrow(makeupSchema, input);
  await assertOwnFamily(actor, "record", data.absenceId, ABSENCE_NOT_FOUND);
  return book(data);
}

/** The one way a make-up is booked: one per absence, into a session `checkTarget` accepts, under the class's lock. */
async function book(data: MakeupInput): Promise<MakeupDTO> {
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

/** Locks the classes' rows in one order (so two commands never wait for each other), then the make-up's row. */
async function lockMakeup(id: string, classIds: readonly string[], t: Transaction): Promise<Makeup> {
  for (const classId of [...new Set(classIds)].sort()) await lockClassSeats(classId, t);
  return find(id, t);
}

/**
 * PATCH /api/makeups/{id} (Team and Administrator): moves it (class, schedule
 * and/or date: the booking's rules again) or books it again ('Agendada').
 * Its roll call is the only thing that marks it 'Realizada' or 'Não
 * compareceu' (409 'Só a chamada da aula marca…'); once its roll call is
 * taken it is history: not moved nor 'Agendada' again (409). Asking for what
 * it already is changes nothing.
 */
export async function updateMakeup(actor: Actor | null, id: string, input: unknown): Promise<MakeupDTO> {
  assertStaff(actor);
  const current = await find(id);
  const data = parseOrThrow(makeupUpdateSchema, input);
  const target: Target = {
    classId: data.classId ?? current.classId,
    scheduleId: data.scheduleId ?? current.scheduleId,
    date: data.date ?? current.date,
  };
  const moved = target.classId !== current.classId || target.scheduleId !== current.scheduleId || target.date !== current.date;
  return transaction(async (t) => {
    const row = await lockMakeup(id, [current.classId, target.classId], t);
    const status = data.status ?? (moved ? BOOKED : row.status);
    if (!moved && status === row.status) return toDTO(row);
    if (status !== BOOKED) throw new ConflictError(STATUS_FROM_ROLL_CALL);
    if (await hasMakeupRecord(row.id, t)) throw new ConflictError(ROLL_CALL_TAKEN);
    // 'Agendada' in the target session: it takes a place there again.
    const absence = await absenceOrThrow(row.absenceId, t, "400");
    await checkTarget(absence, target, t, row.id);
    await row.update({ ...target, status: BOOKED }, { transaction: t });
    return toDTO(row);
  });
}

/**
 * DELETE /api/makeups/{id} (Team and Administrator): cancels a make-up still
 * to happen ('Agendada', its roll call not taken): its place is freed (the
 * class's waiting list may take it) and the absence may be made up again.
 * One held or missed, or with its roll call record, is history: 409.
 */
export async function deleteMakeup(actor: Actor | null, id: string, log?: PromotionDTO[]): Promise<void> {
  assertStaff(actor);
  const current = await find(id);
  await transaction(async (t) => {
    const row = await lockMakeup(id, [current.classId], t);
    if (row.status !== BOOKED) throw new ConflictError(CANCEL_ONLY_BOOKED);
    if (await hasMakeupRecord(row.id, t)) throw new ConflictError(ROLL_CALL_TAKEN);
    await row.destroy({ transaction: t });
  });
  const promoted = await fillFreedSeats([current.classId]);
  log?.push(...promoted);
}

/**
 * A roll call's effect on its make-ups, inside its transaction and under the
 * session class's lock: present → 'Realizada', absent → 'Não compareceu'. A
 * missed one marked present takes its place again: in a session not yet past
 * it must still have one (409 'Sem vagas nesta aula').
 */
export async function setStatusesFromRollCall(
  updates: ReadonlyArray<{ id: string; present: boolean }>,
  session: { classId: string; scheduleId: string; date: string; capacity: number },
  t: Transaction,
): Promise<void> {
  const done = updates.filter((u) => u.present).map((u) => u.id);
  const missed = updates.filter((u) => !u.present).map((u) => u.id);
  if (done.length && session.date >= today()) {
    const places = await classPlaces(session.classId, session.date, t);
    const holding = new Set(places.makeups.map((m) => m.id));
    const back = done.filter((id) => !holding.has(id)).length;
    if (back > 0 && placesTaken(places, session) + back > session.capacity) throw new ConflictError(NO_ROOM);
  }
  if (done.length) await Makeup.update({ status: DONE }, { where: { id: { [Op.in]: done } }, transaction: t });
  if (missed.length) await Makeup.update({ status: MISSED }, { where: { id: { [Op.in]: missed } }, transaction: t });
}

/**
 * Absences a roll call changes to 'Presente' (inside its transaction): their
 * make-ups still booked are cancelled; one whose roll call is taken is
 * history, and the change is refused (400 'A reposição desta falta já tem
 * chamada registrada…').
 */
export async function cancelMakeupsOfAbsences(absenceIds: readonly string[], t: Transaction): Promise<void> {
  for (const absenceId of absenceIds) {
    const makeup = await makeupOfAbsence(absenceId, t);
    if (!makeup) continue;
    if (makeup.status !== BOOKED || (await hasMakeupRecord(makeup.id, t))) throw new ValidationError({ records: [ABSENCE_MADE_UP] });
    await makeup.destroy({ transaction: t });
  }
}
