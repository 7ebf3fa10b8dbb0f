import { UniqueConstraintError, type Transaction } from "sequelize";
import { Enrollment } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { assertAdmin, assertStaff, isAdmin, type Actor } from "../access/roles";
import { ConflictError, ForbiddenError, ValidationError, type FieldErrors } from "../errors";
import { parseOrThrow } from "../validation";
import { classSeats, classSessionSource, lockClassSeats, type ClassSeats } from "../classes/queries.server";
import { offerTerms } from "../offers/queries.server";
import { studentForEnrollment, toDTO as studentDTO, find as findStudent } from "../students/queries.server";
import { insertStudent } from "../students/service.server";
import { guardianExists } from "../guardians/queries.server";
import { insertGuardian } from "../guardians/service.server";
import { lockTrialForEnrollment, find as findTrial } from "../trials/queries.server";
import { linkTrialEnrollment, unlinkTrialEnrollment } from "../trials/service.server";
import { classEnrollmentsIn, enrollmentsById, find, hasOpenEnrollment, hasWaitlist, toDTO } from "./queries.server";
import { classPlaces, mostPlacesTaken } from "~/domain/attendance/makeups/queries.server";
import { dateOnly } from "../row-values.server";
import { cancelFutureCharges } from "../charges/service.server";
import { centsToDecimal } from "../money";
import { today } from "../calendar/dates";
import { firstSessionDate, firstSessionDateAfter } from "../calendar/sessions";
import {
  ACTIVE,
  ALREADY_CANCELLED,
  ALREADY_ENROLLED,
  CANCEL_REASON_REQUIRED,
  CANCELLED,
  CLASS_FULL,
  CLASS_OTHER_COURSE,
  DISCOUNT_ADMIN_ONLY,
  enrollmentSchema,
  enrollmentUpdateSchema,
  GUARDIAN_CHOICE_REQUIRED,
  OFFER_INACTIVE,
  OFFER_OTHER_BRANCH,
  STUDENT_INACTIVE,
  STUDENT_OTHER_GUARDIAN,
  TRIAL_ALREADY_ENROLLED,
  trialEnrollSchema,
  WAITLISTED,
  type EnrollmentDTO,
  type EnrollmentUpdateResultDTO,
  type PromotionDTO,
  type TrialEnrollResultDTO,
} from "./schema";
import { CLASS_INACTIVE, CLASS_NOT_FOUND } from "../classes/schema";
import { OFFER_NOT_FOUND } from "../offers/schema";
import { STUDENT_NOT_FOUND } from "../students/schema";
import { GUARDIAN_NOT_FOUND } from "../guardians/schema";

/**
 * The enrolment rules. Every command that changes who sits in a class first
 * locks the class's row (`lockClassSeats`: FOR NO KEY UPDATE on PostgreSQL; SQLite's
 * IMMEDIATE transactions are serialised by `transaction()`), then counts: the
 * active enrolments never exceed the classroom's capacity, also under
 * concurrency, and the waiting list's positions stay 1…n without gaps.
 */

/** An offer a class's enrolment may use: it exists, is of the class's branch and is active. */
async function checkOffer(offerId: string, seats: ClassSeats, t: Transaction, errors: FieldErrors, field = "offerId") {
  const offer = await offerTerms(offerId, t);
  if (!offer) errors[field] = [OFFER_NOT_FOUND];
  else if (offer.branchId !== seats.branchId) errors[field] = [OFFER_OTHER_BRANCH];
  else if (!offer.active) errors[field] = [OFFER_INACTIVE];
}

/** Who a command took off a waiting list, inside its transaction: the names are read once it has committed. */
export interface Promoted {
  id: string;
  startDate: string;
}

/**
 * The date a pupil promoted now starts on: the class's next session after the
 * promotion (never a session already under way, so a roll call already taken
 * never gains a pupil), or the date the enrolment asked for when later.
 */
async function promotionStart(classId: string, now: Date, t?: Transaction): Promise<string> {
  const source = await classSessionSource(classId, t);
  const next = source ? firstSessionDateAfter(source.schedules, firstSessionDate(source.createdAt), now) : null;
  return next ?? today(now);
}

/**
 * Under the class's lock: promotes the first 'Em espera' to 'Ativa' while it
 * finds a place in every coming session from its start date (the enrolments
 * and the make-ups booked there, `mostPlacesTaken`), then numbers the rest of
 * the waiting list 1…n in its order (upwards, one row at a time, so the unique
 * positions never collide). A promoted enrolment starts at the class's next
 * session after the promotion (`promotionStart`), not on the day it asked for
 * when it joined the list: it never enters a past roll call. The list is served
 * in order: once one waits, the later ones wait too. Answers how many still
 * wait and who was promoted.
 */
async function settleWaitlist(seats: ClassSeats, t: Transaction): Promise<{ waiting: number; promoted: Promoted[] }> {
  const now = new Date();
  const day = today(now);
  const [places, waiting] = [await classPlaces(seats.id, day, t), await classEnrollmentsIn(seats.id, WAITLISTED, t)];
  const promoted: Promoted[] = [];
  let next: string | null = null;
  let position = 0;
  for (const entry of waiting) {
    if (position === 0) {
      next ??= await promotionStart(seats.id, now, t);
      const asked = dateOnly(entry.startDate);
      const startDate = asked > next ? asked : next;
      if (mostPlacesTaken(places, startDate, day) < seats.capacity) {
        await entry.update({ status: ACTIVE, waitlistPosition: null, startDate, promotedAt: now }, { transaction: t });
        places.spans.push({ id: entry.id, studentId: entry.studentId, startDate, status: ACTIVE, cancelledOn: null });
        promoted.push({ id: entry.id, startDate });
        continue;
      }
    }
    position++;
    if (entry.waitlistPosition !== position) await entry.update({ waitlistPosition: position }, { transaction: t });
  }
  return { waiting: position, promoted };
}

/** The promoted enrolments with their students' names (read after the command's transaction committed). */
async function describePromotions(promoted: readonly Promoted[]): Promise<PromotionDTO[]> {
  if (promoted.length === 0) return [];
  const spans = await enrollmentsById(promoted.map((p) => p.id));
  return promoted.flatMap((p) => {
    const span = spans.get(p.id);
    return span
      ? [{ enrollmentId: p.id, classId: span.classId, studentId: span.studentId, studentName: span.studentName, startDate: p.startDate }]
      : [];
  });
}

/**
 * After classes gained seats (a bigger classroom, another classroom, active
 * again, a make-up cancelled): each active class's waiting list takes its free
 * seats, in order, under the class's lock. Called by the classrooms', classes'
 * and make-ups' commands; answers who was promoted (their screens name them).
 */
export async function fillFreedSeats(classIds: string[]): Promise<PromotionDTO[]> {
  if (classIds.length === 0) return [];
  if (!(await hasWaitlist(classIds))) return [];
  const promoted: Promoted[] = [];
  for (const id of classIds) {
    // The transaction's own answer (a PostgreSQL transaction may run again after a deadlock).
    const settled = await transaction(async (t) => {
      const seats = await lockClassSeats(id, t);
      return seats?.active ? (await settleWaitlist(seats, t)).promoted : [];
    });
    promoted.push(...settled);
  }
  return describePromotions(promoted);
}

/** A discount above 0 at enrolment is the Administrator's (as changing it later is): 403 on the discount's field otherwise. */
function assertMayDiscount(actor: Actor, discountHundredths: number | undefined): void {
  if ((discountHundredths ?? 0) > 0 && !isAdmin(actor)) {
    throw new ForbiddenError(DISCOUNT_ADMIN_ONLY, { discountPercent: [DISCOUNT_ADMIN_ONLY] });
  }
}

interface NewEnrollment {
  discountPercent?: number;
  studentId: string;
  classId: string;
  offerId: string;
  startDate: string;
  waitlist: boolean;
  trialId: string | null;
}

/**
 * One enrolment, inside the caller's transaction: the class (active), the
 * student (active), the offer (active, of the class's branch), one enrolment
 * that is not cancelled per student and class (409), then a seat ('Ativa') or,
 * when the class is full, the end of the waiting list (`waitlist`) or 409
 * 'Turma lotada'.
 */
async function insertEnrollment(data: NewEnrollment, t: Transaction, promoted: Promoted[]): Promise<EnrollmentDTO> {
  const seats = await lockClassSeats(data.classId, t);
  if (!seats) throw new ValidationError({ classId: [CLASS_NOT_FOUND] });
  const errors: FieldErrors = {};
  if (!seats.active) errors.classId = [CLASS_INACTIVE];
  const student = await studentForEnrollment(data.studentId, t);
  if (!student) errors.studentId = [STUDENT_NOT_FOUND];
  else if (!student.active) errors.studentId = [STUDENT_INACTIVE];
  await checkOffer(data.offerId, seats, t, errors);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (await hasOpenEnrollment(data.studentId, seats.id, t)) throw new ConflictError(ALREADY_ENROLLED, { studentId: [ALREADY_ENROLLED] });

  // Seats freed since (a bigger classroom) go to the waiting list first; a pupil who comes later waits behind it.
  const settled = await settleWaitlist(seats, t);
  promoted.push(...settled.promoted);
  const waiting = settled.waiting;
  const places = await classPlaces(seats.id, today(), t);
  let status: string = ACTIVE;
  let waitlistPosition: number | null = null;
  if (waiting > 0 || mostPlacesTaken(places, data.startDate) >= seats.capacity) {
    if (!data.waitlist) throw new ConflictError(CLASS_FULL);
    status = WAITLISTED;
    waitlistPosition = waiting + 1;
  }
  try {
    const row = await Enrollment.create(
      {
        studentId: data.studentId,
        classId: seats.id,
        offerId: data.offerId,
        startDate: data.startDate,
        status,
        waitlistPosition,
        cancelledAt: null,
        cancelReason: null,
        trialId: data.trialId,
        discountPercent: centsToDecimal(data.discountPercent ?? 0),
      },
      { transaction: t },
    );
    return toDTO(row);
  } catch (error) {
    // The partial unique index is the backstop of the duplicate check.
    if (error instanceof UniqueConstraintError) throw new ConflictError(ALREADY_ENROLLED, { studentId: [ALREADY_ENROLLED] });
    throw error;
  }
}

/**
 * POST /api/enrollments (Team and Administrator; a discount, the Administrator only): 'Ativa', or 'Em espera' with
 * the next position when full and asked. Seats freed since the last command go
 * to the waiting list first: who took them is added to `log` (the screens say so).
 */
export async function createEnrollment(actor: Actor | null, input: unknown, log?: PromotionDTO[]): Promise<EnrollmentDTO> {
  const a = assertStaff(actor);
  const data = parseOrThrow(enrollmentSchema, input);
  assertMayDiscount(a, data.discountPercent);
  const { created, promoted } = await transaction(async (t) => {
    const promoted: Promoted[] = [];
    return { created: await insertEnrollment({ ...data, trialId: null }, t, promoted), promoted };
  });
  if (log) log.push(...(await describePromotions(promoted)));
  return created;
}

/**
 * PATCH /api/enrollments/{id} (Administrator): cancel (`status: 'Cancelada'`
 * with a reason; an 'Ativa' frees its seat for the first of the waiting list,
 * an 'Em espera' leaves the list, and positions close up, in the same
 * transaction) and/or change the offer (active, of the class's branch) or the
 * start date. A cancelled enrolment does not change any more (409). The
 * answer names who left the waiting list (`promoted`).
 */
export async function updateEnrollment(actor: Actor | null, id: string, input: unknown): Promise<EnrollmentUpdateResultDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(enrollmentUpdateSchema, input);
  if (data.status === CANCELLED && !data.cancelReason) throw new ValidationError({ cancelReason: [CANCEL_REASON_REQUIRED] });
  const current = await find(id);
  const { updated, promoted } = await transaction(async (t) => {
    const promoted: Promoted[] = [];
    const updated = await changeEnrollment(t, promoted);
    return { updated, promoted };
  });
  return { ...updated, promoted: await describePromotions(promoted) };

  async function changeEnrollment(t: Transaction, promoted: Promoted[]): Promise<EnrollmentDTO> {
    const seats = await lockClassSeats(current.classId, t);
    const enrollment = await find(id, t);
    if (!seats) throw new ValidationError({ classId: [CLASS_NOT_FOUND] });
    const changing =
      data.status !== undefined || data.offerId !== undefined || data.startDate !== undefined || data.discountPercent !== undefined;
    if (!changing) return toDTO(enrollment);
    if (enrollment.status === CANCELLED) throw new ConflictError(ALREADY_CANCELLED);
    // An earlier start takes places in the sessions before the old one: checked like a new enrolment.
    const oldStart = dateOnly(enrollment.startDate);
    if (enrollment.status === ACTIVE && data.startDate !== undefined && data.startDate < oldStart) {
      const places = await classPlaces(seats.id, today(), t);
      places.spans = places.spans.filter((e) => e.id !== enrollment.id);
      if (mostPlacesTaken(places, data.startDate) >= seats.capacity) throw new ConflictError(CLASS_FULL);
    }
    if (data.offerId !== undefined && data.offerId !== enrollment.offerId) {
      const errors: FieldErrors = {};
      await checkOffer(data.offerId, seats, t, errors);
      if (Object.keys(errors).length) throw new ValidationError(errors);
    }
    const changes: Partial<
      Pick<Enrollment, "offerId" | "startDate" | "status" | "waitlistPosition" | "cancelledAt" | "cancelReason" | "discountPercent">
    > = {};
    if (data.offerId !== undefined) changes.offerId = data.offerId;
    if (data.discountPercent !== undefined) changes.discountPercent = centsToDecimal(data.discountPercent);
    if (data.startDate !== undefined) changes.startDate = data.startDate;
    if (data.status === CANCELLED) {
      changes.status = CANCELLED;
      changes.waitlistPosition = null;
      changes.cancelledAt = new Date();
      changes.cancelReason = data.cancelReason!;
    }
    const wasWaiting = enrollment.status === WAITLISTED;
    await enrollment.update(changes, { transaction: t });
    if (data.status === CANCELLED) {
      // Its open charges due after today, without payments, go with it (same transaction).
      await cancelFutureCharges(actor, enrollment.id, today(), t);
      // Cancelled before it started (or while waiting): the trial's sale never happened.
      const beforeStart = wasWaiting || today() < dateOnly(enrollment.startDate);
      await unlinkTrialEnrollment(enrollment.id, t, beforeStart);
      promoted.push(...(await settleWaitlist(seats, t)).promoted);
    }
    return toDTO(enrollment);
  }
}

/** Cancels an enrolment with a reason (Administrator): the rules of PATCH with `status`; the answer names who was promoted. */
export async function cancelEnrollment(actor: Actor | null, id: string, reason: unknown): Promise<EnrollmentUpdateResultDTO> {
  return updateEnrollment(actor, id, { status: CANCELLED, cancelReason: reason });
}

/**
 * The cancel dialog's notice: who leaves the waiting list and takes the seat if
 * this enrolment were cancelled now. `settleWaitlist`'s rule, read only: this
 * enrolment's place freed from today, then the list in order while the first
 * finds a place in every coming session from its start date. Empty for an
 * enrolment that holds no seat ('Em espera', 'Cancelada') or an inactive class.
 * Only a preview: the cancellation itself decides under the class's lock.
 */
export async function promotionsIfCancelled(actor: Actor | null, id: string): Promise<Array<{ studentName: string }>> {
  assertAdmin(actor);
  const enrollment = await find(id);
  if (enrollment.status !== ACTIVE) return [];
  const seats = (await classSeats([enrollment.classId])).get(enrollment.classId);
  if (!seats?.active) return [];
  const now = new Date();
  const day = today(now);
  const places = await classPlaces(seats.id, day);
  places.spans = places.spans.map((s) => (s.id === enrollment.id ? { ...s, status: CANCELLED, cancelledOn: day } : s));
  const ids: string[] = [];
  let next: string | null = null;
  for (const entry of await classEnrollmentsIn(seats.id, WAITLISTED)) {
    next ??= await promotionStart(seats.id, now);
    const asked = dateOnly(entry.startDate);
    const startDate = asked > next ? asked : next;
    if (mostPlacesTaken(places, startDate, day) >= seats.capacity) break;
    places.spans.push({ id: entry.id, studentId: entry.studentId, startDate, status: ACTIVE, cancelledOn: null });
    ids.push(entry.id);
  }
  const spans = await enrollmentsById(ids);
  return ids.flatMap((i) => (spans.has(i) ? [{ studentName: spans.get(i)!.studentName }] : []));
}

/** Field names of a new guardian nested in the trial's enrolment form. */
const GUARDIAN_PREFIX = "guardian.";

/**
 * POST /api/trials/{id}/enroll (Team and Administrator; a discount, the Administrator only): in one transaction,
 * the family (a new guardian with its persons and Client user, by the guardian
 * rules, or an existing one), the student (new, named after the trial's
 * student unless told, or an existing one of that family), the enrolment in
 * the trial's class or another class of its course (`classId`), with its
 * `trialId`, and the trial's `enrollmentId`. Any refusal rolls everything
 * back. A trial whose enrolment is not cancelled is refused (409). Who took
 * seats freed since goes to `log`, as in `createEnrollment`.
 */
export async function enrollFromTrial(
  actor: Actor | null,
  trialId: string,
  input: unknown,
  log?: PromotionDTO[],
): Promise<TrialEnrollResultDTO> {
  const a = assertStaff(actor);
  await findTrial(trialId);
  const data = parseOrThrow(trialEnrollSchema, input);
  assertMayDiscount(a, data.discountPercent);
  if (Boolean(data.guardianId) === Boolean(data.guardian)) throw new ValidationError({ guardianId: [GUARDIAN_CHOICE_REQUIRED] });
  if (data.guardian && data.studentId) throw new ValidationError({ studentId: [STUDENT_OTHER_GUARDIAN] });
  const { result, promoted } = await transaction(async (t) => {
    const promoted: Promoted[] = [];
    return { result: await enrollInTransaction(t, promoted), promoted };
  });
  if (log) log.push(...(await describePromotions(promoted)));
  return result;

  async function enrollInTransaction(t: Transaction, promoted: Promoted[]): Promise<TrialEnrollResultDTO> {
    const trial = await lockTrialForEnrollment(trialId, t);
    if (trial.enrollmentId) {
      const previous = await Enrollment.findByPk(trial.enrollmentId, { transaction: t, attributes: ["id", "status"] });
      if (previous && previous.status !== CANCELLED) throw new ConflictError(TRIAL_ALREADY_ENROLLED);
    }
    const classId = data.classId ?? trial.classId;
    if (classId !== trial.classId) await assertSameCourse(trial.classId, classId, t);

    let guardianId: string;
    if (data.guardian) {
      guardianId = (await insertGuardian(data.guardian, t, { fieldPrefix: GUARDIAN_PREFIX })).id;
    } else {
      guardianId = data.guardianId!;
      if (!(await guardianExists(guardianId, t))) throw new ValidationError({ guardianId: [GUARDIAN_NOT_FOUND] });
    }

    let student;
    if (data.studentId) {
      const existing = await studentForEnrollment(data.studentId, t);
      if (!existing) throw new ValidationError({ studentId: [STUDENT_NOT_FOUND] });
      if (existing.guardianId !== guardianId) throw new ValidationError({ studentId: [STUDENT_OTHER_GUARDIAN] });
      student = studentDTO(await findStudent(existing.id, t));
    } else {
      student = await insertStudent(
        { guardianId, fullName: data.studentName ?? trial.studentName, birthDate: data.birthDate ?? null, notes: null, active: true },
        t,
      );
    }

    const enrollment = await insertEnrollment(
      {
        studentId: student.id,
        classId,
        offerId: data.offerId,
        startDate: data.startDate,
        waitlist: data.waitlist,
        discountPercent: data.discountPercent,
        trialId: trial.id,
      },
      t,
      promoted,
    );
    const linked = await linkTrialEnrollment(trial.id, enrollment.id, t);
    return { student, enrollment, trial: linked };
  }
}

/** Another class for a trial's enrolment: one of the same course as the trial's (400 otherwise). */
async function assertSameCourse(trialClassId: string, classId: string, t: Transaction): Promise<void> {
  const [origin, target] = [await classSessionSource(trialClassId, t), await classSessionSource(classId, t)];
  if (!target) throw new ValidationError({ classId: [CLASS_NOT_FOUND] });
  if (!origin || origin.courseId !== target.courseId) throw new ValidationError({ classId: [CLASS_OTHER_COURSE] });
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction: every enrolment of the students that is not cancelled yet is
 * cancelled with `reason`, by the rules of a cancellation (the trial it came
 * from is unlinked, and each class's waiting list takes the freed seat, under
 * the class's lock, classes in id order). The reason of the ones cancelled
 * before becomes `reason` too (it is free text). Answers the enrolments'
 * ids (all of them) and how many were cancelled now; the promotions are
 * described once committed (`describeAnonymizationPromotions`).
 */
export async function cancelEnrollmentsOfStudents(
  studentIds: readonly string[],
  reason: string,
  t: Transaction,
): Promise<{ enrollmentIds: string[]; trialIds: string[]; cancelled: number; promoted: Promoted[] }> {
  if (studentIds.length === 0) return { enrollmentIds: [], trialIds: [], cancelled: 0, promoted: [] };
  const all = await Enrollment.findAll({ where: { studentId: [...studentIds] }, order: [["id", "ASC"]], transaction: t });
  const open = all.filter((e) => e.status !== CANCELLED);
  const classIds = [...new Set(open.map((e) => e.classId))].sort();
  const promoted: Promoted[] = [];
  for (const classId of classIds) {
    const seats = await lockClassSeats(classId, t);
    for (const stale of open.filter((e) => e.classId === classId)) {
      const enrollment = await find(stale.id, t);
      if (enrollment.status === CANCELLED) continue;
      await enrollment.update(
        { status: CANCELLED, waitlistPosition: null, cancelledAt: new Date(), cancelReason: reason },
        { transaction: t },
      );
      await unlinkTrialEnrollment(enrollment.id, t);
    }
    if (seats) promoted.push(...(await settleWaitlist(seats, t)).promoted);
  }
  for (const done of all.filter((e) => e.status === CANCELLED && e.cancelReason !== reason)) {
    await done.update({ cancelReason: reason }, { transaction: t });
  }
  const trialIds = [...new Set(all.map((e) => e.trialId).filter((id): id is string => Boolean(id)))];
  return { enrollmentIds: all.map((e) => e.id), trialIds, cancelled: open.length, promoted };
}

/** The promotions of `cancelEnrollmentsOfStudents`, with the students' names (after the commit). */
export function describeAnonymizationPromotions(promoted: readonly Promoted[]): Promise<PromotionDTO[]> {
  return describePromotions(promoted);
}
