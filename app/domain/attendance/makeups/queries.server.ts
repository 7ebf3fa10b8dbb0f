import { Op, type Transaction } from "sequelize";
import { dateOnly, iso } from "~/domain/row-values.server";
import { Makeup } from "#db/models.ts";
import { paddedInList } from "#db/in-list.ts";
import { selectRows, selectRowsIn } from "~/platform/db.server";
import { sqlList, type ListSource } from "~/domain/list.server";
import { requireActor, type Actor } from "~/domain/access/roles";
import { NotFoundError, ValidationError } from "~/domain/errors";
import { isUuid } from "~/domain/validation";
import { classSessionSource, classSessionSources, type ClassSessionSource } from "~/domain/classes/queries.server";
import { scheduleStartTime } from "~/domain/schedules/queries.server";
import {
  activeOn,
  enrollmentSpans,
  enrollmentsById,
  studentEnrollmentSpans,
  type EnrollmentSpan,
} from "~/domain/enrollments/queries.server";
import { ACTIVE } from "~/domain/enrollments/schema";
import { findRecord } from "~/domain/attendance/records/queries.server";
import { addDays, today } from "~/domain/calendar/dates";
import { firstSessionDate, sessionsBetween } from "~/domain/calendar/sessions";
import { ABSENCE_STATUSES, DATE_INVALID, type AttendanceRecordDTO } from "~/domain/attendance/schema";
import { isCalendarDate } from "~/domain/patterns";
import { actorFamilyCondition, assertInFamily } from "~/domain/access/queries.server";
import {
  ABSENCE_NOT_FOUND,
  ABSENCE_REQUIRED,
  BOOKED,
  DONE,
  MAKEUP_NOT_FOUND,
  MAKEUP_WINDOW_DAYS,
  NOT_AN_ABSENCE,
  type MakeupDTO,
  type MakeupOptionDTO,
} from "./schema";

/**
 * The reads of make-ups: the makeups table is read here only. The absence a
 * make-up is for is an attendance record (app/domain/attendance); its pupil is
 * the absence's enrolment's student (app/domain/enrollments, students).
 */

/** The statuses that hold a place in the session ('Não compareceu' frees it). */
export const HOLDING_STATUSES = [BOOKED, DONE];

type MakeupFields = Pick<Makeup, "id" | "absenceId" | "classId" | "scheduleId" | "status"> & {
  date: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export function toDTO(m: MakeupFields): MakeupDTO {
  return {
    id: m.id,
    absenceId: m.absenceId,
    classId: m.classId,
    scheduleId: m.scheduleId,
    date: dateOnly(m.date),
    status: m.status,
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  };
}

const MAKEUP_COLUMNS = `"m"."id", "m"."absenceId", "m"."classId", "m"."scheduleId", CAST("m"."date" AS TEXT) AS "date", "m"."status", "m"."createdAt", "m"."updatedAt"`;

/** A make-up's row (404 'Reposição não encontrada'), inside the caller's transaction (locked there when given). */
export async function find(id: string, t?: Transaction): Promise<Makeup> {
  const row = isUuid(id) ? await Makeup.findByPk(id, t ? { transaction: t, lock: t.LOCK.UPDATE } : {}) : null;
  if (!row) throw new NotFoundError(MAKEUP_NOT_FOUND);
  return row;
}

export async function getMakeup(actor: Actor | null, id: string): Promise<MakeupDTO> {
  requireActor(actor);
  await assertInFamily(actor, "makeup", id, MAKEUP_NOT_FOUND);
  return toDTO(await find(id));
}

/**
 * GET /api/makeups: by date, then id; optionally one student's (through the
 * absence's enrolment: attendance records and enrolments joined for this
 * filter), one class's (the class it is booked into) or one date's. A
 * malformed id matches nothing; a malformed date is a 400.
 */
export function makeupList(
  actor: Actor | null,
  filter: { studentId?: string | null; classId?: string | null; date?: string | null } = {},
): ListSource<MakeupDTO> {
  requireActor(actor);
  const where: string[] = [];
  const params: Record<string, string> = {};
  const family = actorFamilyCondition(actor, "makeup", `"m"."id"`);
  if (family) {
    where.push(family.sql);
    Object.assign(params, family.params);
  }
  let from = `FROM "makeups" AS "m"`;
  if (filter.studentId) {
    if (!isUuid(filter.studentId)) where.push("1 = 0");
    else {
      from += ` JOIN "attendance_records" AS "ab" ON "ab"."id" = "m"."absenceId" JOIN "enrollments" AS "e" ON "e"."id" = "ab"."enrollmentId"`;
      where.push(`"e"."studentId" = :studentId`);
      params.studentId = filter.studentId;
    }
  }
  if (filter.classId) {
    if (!isUuid(filter.classId)) where.push("1 = 0");
    else {
      where.push(`"m"."classId" = :classId`);
      params.classId = filter.classId;
    }
  }
  if (filter.date) {
    if (!isCalendarDate(filter.date)) throw new ValidationError({ date: [DATE_INVALID] });
    where.push(`"m"."date" = :date`);
    params.date = filter.date;
  }
  return sqlList<MakeupFields & Record<string, unknown>, MakeupDTO>(
    "makeups",
    {
      columns: MAKEUP_COLUMNS,
      from,
      where: where.length ? where.join(" AND ") : undefined,
      params,
      key: [
        { expr: `"m"."date"`, type: "date" },
        { expr: `"m"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

/** A make-up booked into a session, with its pupil (the absence's enrolment's student). */
export interface SessionMakeup extends MakeupDTO {
  studentId: string;
  studentName: string;
  enrollmentId: string;
}

/**
 * The make-ups booked into these classes' sessions between two dates (any
 * status), with their pupils (attendance records, enrolments and students
 * joined for this read model).
 */
export async function makeupsInSessions(classIds: readonly string[], from: string, to: string, t?: Transaction): Promise<SessionMakeup[]> {
  const ids = [...new Set(classIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const params: Record<string, string> = { from, to };
  const rows = await selectRowsIn<MakeupFields & { studentId: string; studentName: string; enrollmentId: string }>(
    t,
    `SELECT ${MAKEUP_COLUMNS}, "e"."studentId", "s"."fullName" AS "studentName", "e"."id" AS "enrollmentId"
     FROM "makeups" AS "m"
     JOIN "attendance_records" AS "ab" ON "ab"."id" = "m"."absenceId"
     JOIN "enrollments" AS "e" ON "e"."id" = "ab"."enrollmentId"
     JOIN "students" AS "s" ON "s"."id" = "e"."studentId"
     WHERE "m"."classId" IN (${paddedInList("c", ids, params)}) AND "m"."date" >= :from AND "m"."date" <= :to`,
    params,
  );
  return rows.map((r) => ({ ...toDTO(r), studentId: r.studentId, studentName: r.studentName, enrollmentId: r.enrollmentId }));
}

/** The make-up of each of these absences (at most one each), by absence id. */
export async function makeupsOfAbsences(absenceIds: readonly string[]): Promise<Map<string, MakeupDTO>> {
  const ids = [...new Set(absenceIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const params: Record<string, string> = {};
  const rows = await selectRows<MakeupFields>(
    `SELECT ${MAKEUP_COLUMNS} FROM "makeups" AS "m" WHERE "m"."absenceId" IN (${paddedInList("a", ids, params)})`,
    params,
  );
  return new Map(rows.map((r) => [r.absenceId, toDTO(r)]));
}

/** The make-up of one absence, inside the caller's transaction (its row locked); null when none. */
export async function makeupOfAbsence(absenceId: string, t: Transaction): Promise<Makeup | null> {
  return Makeup.findOne({ where: { absenceId }, transaction: t, lock: t.LOCK.UPDATE });
}

/**
 * Who takes the places of a class's sessions: the enrolments that may count on
 * a date (`activeOn`) and the make-ups that hold a place ('Agendada',
 * 'Realizada') in its sessions from a date on. The one count of places for
 * every command that takes one (enrolments, the waiting list, make-ups, the
 * roll call, a smaller classroom) and for the screens that show free places.
 */
export interface ClassPlaces {
  spans: Array<Pick<EnrollmentSpan, "id" | "studentId" | "startDate" | "status" | "cancelledOn">>;
  makeups: Array<{ id: string; scheduleId: string; date: string }>;
}

/** The class's places from `from` on, inside the caller's transaction (run it under the class's lock to take a place). */
export async function classPlaces(classId: string, from: string, t?: Transaction): Promise<ClassPlaces> {
  const spans = await enrollmentSpans([classId], t);
  const rows = await Makeup.findAll({
    where: { classId, date: { [Op.gte]: from }, status: { [Op.in]: HOLDING_STATUSES } },
    attributes: ["id", "scheduleId", "date"],
    transaction: t,
  });
  return { spans, makeups: rows.map((m) => ({ id: m.id, scheduleId: m.scheduleId, date: dateOnly(m.date) })) };
}

/** The places taken in one session: the enrolments active on its date plus the make-ups booked into it (`exceptMakeupId` not counted). */
export function placesTaken(places: ClassPlaces, session: { scheduleId: string; date: string }, exceptMakeupId?: string): number {
  const enrolled = places.spans.filter((e) => activeOn(e, session.date)).length;
  const held = places.makeups.filter(
    (m) => m.scheduleId === session.scheduleId && m.date === session.date && m.id !== exceptMakeupId,
  ).length;
  return enrolled + held;
}

/**
 * The most places taken in any of the class's sessions from `from` (today at
 * the earliest: past sessions are history) on: each session a make-up is
 * booked into, and the later sessions where every 'Ativa' enrolment counts. A
 * pupil who joins from `from` on needs this to be below the capacity.
 */
export function mostPlacesTaken(places: ClassPlaces, from: string, now = today()): number {
  const start = from > now ? from : now;
  let most = places.spans.filter((e) => e.status === ACTIVE).length;
  for (const m of places.makeups) {
    if (m.date >= start) most = Math.max(most, placesTaken(places, m));
  }
  return most;
}

/** An absence a make-up may be booked for: 404 'Falta não encontrada'; 400 'Só é possível repor uma falta'. */
export async function absenceOrThrow(absenceId: string, t?: Transaction, notFound: "404" | "400" = "404"): Promise<AttendanceRecordDTO> {
  const absence = await findRecord(absenceId, t);
  if (!absence) {
    if (notFound === "404") throw new NotFoundError(ABSENCE_NOT_FOUND);
    throw new ValidationError({ absenceId: [ABSENCE_NOT_FOUND] });
  }
  // Only an enrolment's absence (not a make-up's) is made up.
  if (!absence.enrollmentId || !ABSENCE_STATUSES.includes(absence.status)) throw new ValidationError({ absenceId: [NOT_AN_ABSENCE] });
  return absence;
}

/**
 * The window of dates a make-up of an absence may take: from the absence's own
 * day (its sessions starting later than the missed one: `afterAbsence`) to 30
 * days after it, not past.
 */
export function makeupWindow(absenceDate: string, now = today()): { from: string; to: string } {
  return { from: absenceDate > now ? absenceDate : now, to: addDays(absenceDate, MAKEUP_WINDOW_DAYS) };
}

/** The missed session: its date and its schedule's start time (null when the schedule is gone). */
export interface AbsenceSession {
  date: string;
  startTime: string | null;
}

/** The absence's session, its start time from its class's schedules (or the schedule itself, since unlinked from the class). */
export async function absenceSession(
  absence: AttendanceRecordDTO,
  absenceClass: ClassSessionSource | null,
  t?: Transaction,
): Promise<AbsenceSession> {
  const linked = absenceClass?.schedules.find((s) => s.id === absence.scheduleId)?.startTime;
  return { date: absence.date, startTime: linked ?? (await scheduleStartTime(absence.scheduleId, t)) };
}

/**
 * Whether a session comes after the missed one: a later day, or the same day
 * starting later (the pupil who misses the 16:00 class comes to the 18:00
 * one). The same day at or before the missed session's start is not after it.
 */
export function afterAbsence(session: { date: string; startTime: string }, absence: AbsenceSession): boolean {
  if (session.date !== absence.date) return session.date > absence.date;
  return absence.startTime !== null && session.startTime > absence.startTime;
}

/** A pupil's own sessions in a window (the classes it is enrolled in, on the dates its enrolment counts) and its branches. */
export interface PupilTimetable {
  branchIds: Set<string>;
  sessions: Array<{ classId: string; scheduleId: string; date: string; startTime: string; endTime: string }>;
}

/**
 * The pupil's timetable between two dates: the sessions of its classes on
 * which its enrolment counts (`activeOn`), and the branches of its 'Ativa'
 * enrolments (the family's branches, whose make-up sessions come first).
 */
export async function pupilTimetable(studentId: string, from: string, to: string, t?: Transaction): Promise<PupilTimetable> {
  const spans = await studentEnrollmentSpans(studentId, t);
  if (spans.length === 0) return { branchIds: new Set(), sessions: [] };
  const classes = await classSessionSources({ ids: spans.map((s) => s.classId) }, t);
  const branchIds = new Set(classes.filter((c) => spans.some((s) => s.classId === c.id && s.status === ACTIVE)).map((c) => c.branchId));
  const sessions: PupilTimetable["sessions"] = [];
  for (const c of classes) {
    const own = spans.filter((s) => s.classId === c.id);
    for (const s of sessionsBetween(c.schedules, firstSessionDate(c.createdAt), from, to)) {
      if (own.some((e) => activeOn(e, s.date))) sessions.push({ classId: c.id, ...s });
    }
  }
  return { branchIds, sessions };
}

/**
 * Whether a session overlaps one of the pupil's own (same day, times
 * overlapping). The missed session itself (`absence`) does not count: the
 * pupil is not there.
 */
export function clashesWithTimetable(
  timetable: PupilTimetable,
  session: { date: string; startTime: string; endTime: string },
  absence?: { classId: string; scheduleId: string; date: string },
): boolean {
  return timetable.sessions.some(
    (o) =>
      o.date === session.date &&
      o.startTime < session.endTime &&
      session.startTime < o.endTime &&
      !(absence && o.classId === absence.classId && o.scheduleId === absence.scheduleId && o.date === absence.date),
  );
}

/** Where and when a make-up happens, as its confirmation says it: the session's date, start time and branch. */
export async function makeupPlace(
  makeup: Pick<MakeupDTO, "classId" | "scheduleId" | "date">,
): Promise<{ date: string; startTime: string; branchName: string }> {
  const source = await classSessionSource(makeup.classId);
  const startTime =
    source?.schedules.find((s) => s.id === makeup.scheduleId)?.startTime ?? (await scheduleStartTime(makeup.scheduleId, undefined)) ?? "";
  return { date: makeup.date, startTime, branchName: source?.branchName ?? "" };
}

/** 'Ballet - Turma 3 (Centro)': a class of any branch. */
const optionLabel = (label: string, branchName: string) => (branchName ? `${label} (${branchName})` : label);

/**
 * GET /api/makeups/options?absenceId= and the booking dialog: the sessions of
 * the active classes of the absence's course (any branch), in the window (on
 * the absence's own day, those starting later than the missed one), with
 * free places (capacity minus enrolments active on the date minus the places
 * make-ups hold; the absence's own make-up, when moving it, not counted), by
 * date and time. Sessions of a class the pupil is enrolled in on that date are left out.
 * The sessions at the branches of the pupil's own classes come first
 * (`ownBranch`); one that overlaps a session of the pupil's own classes is
 * marked (`clash`), for the person choosing to see.
 */
export async function makeupOptions(actor: Actor | null, absenceId: string): Promise<MakeupOptionDTO[]> {
  requireActor(actor);
  if (!absenceId) throw new ValidationError({ absenceId: [ABSENCE_REQUIRED] });
  await assertInFamily(actor, "record", absenceId, ABSENCE_NOT_FOUND);
  const absence = await absenceOrThrow(absenceId);
  const absenceClass = await classSessionSource(absence.classId);
  if (!absenceClass) return [];
  const { from, to } = makeupWindow(absence.date);
  if (from > to) return [];
  const targets = await classSessionSources({ courseId: absenceClass.courseId, activeOnly: true });
  if (targets.length === 0) return [];
  const ids = targets.map((c) => c.id);
  const [spans, makeups, own, absent] = await Promise.all([
    enrollmentSpans(ids),
    makeupsInSessions(ids, from, to),
    makeupsOfAbsences([absence.id]),
    enrollmentsById([absence.enrollmentId!]),
  ]);
  const missed = await absenceSession(absence, absenceClass);
  const ownId = own.get(absence.id)?.id;
  const pupil = absent.get(absence.enrollmentId!)?.studentId;
  const timetable = pupil ? await pupilTimetable(pupil, from, to) : { branchIds: new Set<string>(), sessions: [] };
  const options: MakeupOptionDTO[] = [];
  for (const target of targets) {
    const places: ClassPlaces = {
      spans: spans.filter((e) => e.classId === target.id),
      makeups: makeups.filter((m) => m.classId === target.id && HOLDING_STATUSES.includes(m.status)),
    };
    for (const s of sessionsBetween(target.schedules, firstSessionDate(target.createdAt), from, to)) {
      if (!afterAbsence(s, missed)) continue;
      if (pupil && places.spans.some((e) => e.studentId === pupil && activeOn(e, s.date))) continue;
      const freePlaces = target.capacity - placesTaken(places, s, ownId);
      if (freePlaces <= 0) continue;
      options.push({
        classId: target.id,
        classLabel: optionLabel(target.label, target.branchName),
        scheduleId: s.scheduleId,
        date: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        freePlaces,
        branchName: target.branchName,
        ownBranch: timetable.branchIds.has(target.branchId),
        clash: clashesWithTimetable(timetable, s, absence),
      });
    }
  }
  return options.sort(
    (a, b) =>
      Number(b.ownBranch) - Number(a.ownBranch) ||
      a.date.localeCompare(b.date) ||
      a.startTime.localeCompare(b.startTime) ||
      a.classLabel.localeCompare(b.classLabel, "pt-BR"),
  );
}
