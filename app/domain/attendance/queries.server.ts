import type { Transaction } from "sequelize";
import { dateOnly, iso } from "../row-values.server";
import { AttendanceRecord } from "#db/models.ts";
import { paddedInList } from "#db/in-list.ts";
import { selectRows, tableVersions } from "~/platform/db.server";
import { createLru } from "~/platform/cache.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError, ValidationError } from "../errors";
import { isUuid } from "../validation";
import { classSessionSource, classSessionSources, type ClassSessionSource } from "../classes/queries.server";
import { activeEnrollmentCounts, activeOn, enrollmentSpans, enrollmentsById, type EnrollmentSpan } from "../enrollments/queries.server";
import { guardianContacts } from "../guardians/queries.server";
import { find as findStudent } from "../students/queries.server";
import { toRecordDTO, type RecordFields } from "./records/queries.server";
import { makeupsInSessions, makeupsOfAbsences, type SessionMakeup } from "~/domain/attendance/makeups/queries.server";
import { type StudentAttendanceDTO } from "~/domain/attendance/makeups/schema";
import { today, addDays, daysBetween, monthBounds } from "../calendar/dates";
import { WEEKDAYS } from "../schedules/schema";
import {
  ABSENCE_STATUSES,
  EXCUSED,
  AT_RISK_ABSENCES,
  AT_RISK_WINDOW_DAYS,
  MAX_SESSION_RANGE_DAYS,
  NO_SESSION_ON_DATE,
  PRESENT,
  RANGE_INVALID,
  sessionKeySchema,
  sessionRangeSchema,
  type AttendanceRecordDTO,
  type ClassSessionDTO,
  type RollCallDTO,
  type RollCallEntryDTO,
} from "./schema";
import { parseOrThrow } from "../validation";
import { z } from "zod";
import { calendarMonth } from "../fields";
import {
  firstSessionDate,
  isSession,
  nextSession,
  previousSession,
  sessionsBetween,
  sessionsOn,
  weekdayOf,
  type Session,
} from "../calendar/sessions";
import { CLASS_NOT_FOUND } from "../classes/schema";
import { STUDENT_NOT_FOUND } from "../students/schema";
import { assertInFamily } from "../access/queries.server";
import { assertSeesClassRosters, familyScope } from "../access/family-scope";
import { sessionNotices } from "./notices/queries.server";
import type { AbsenceNoticeDTO } from "./notices/schema";

/**
 * The reads of attendance: the attendance_records table is read here only.
 * Classes, enrolments, students, guardians and make-ups are read through their
 * modules' queries; sessions are derived by ./sessions.ts.
 */

const RECORD_COLUMNS = `"a"."id", "a"."enrollmentId", "a"."makeupId", "a"."classId", "a"."scheduleId", CAST("a"."date" AS TEXT) AS "date",
  "a"."status", "a"."note", "a"."takenById", "a"."createdAt", "a"."updatedAt"`;

const sessionKey = (classId: string, scheduleId: string, date: string) => `${classId}|${scheduleId}|${date}`;

/** The records of one session (of its enrolments and of the make-ups booked into it), inside the caller's transaction. */
export async function sessionRecordRows(classId: string, scheduleId: string, date: string, t?: Transaction): Promise<AttendanceRecord[]> {
  return AttendanceRecord.findAll({ where: { classId, scheduleId, date }, transaction: t });
}

/** Records by id (e.g. the absences of make-ups). */
export async function recordsById(ids: readonly string[]): Promise<Map<string, AttendanceRecordDTO>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const params: Record<string, string> = {};
  const rows = await selectRows<RecordFields>(
    `SELECT ${RECORD_COLUMNS} FROM "attendance_records" AS "a" WHERE "a"."id" IN (${paddedInList("r", unique, params)})`,
    params,
  );
  return new Map(rows.map((r) => [r.id, toRecordDTO(r)]));
}

/** The sessions (class|schedule|date) of these classes between two dates that have at least one record. */
async function takenSessions(classIds: readonly string[], from: string, to: string): Promise<Set<string>> {
  const ids = [...new Set(classIds.filter(isUuid))];
  if (ids.length === 0) return new Set();
  const params: Record<string, string> = { from, to };
  const rows = await selectRows<{ classId: string; scheduleId: string; date: string }>(
    `SELECT DISTINCT "a"."classId", "a"."scheduleId", CAST("a"."date" AS TEXT) AS "date" FROM "attendance_records" AS "a"
     WHERE "a"."classId" IN (${paddedInList("c", ids, params)}) AND "a"."date" >= :from AND "a"."date" <= :to`,
    params,
  );
  return new Set(rows.map((r) => sessionKey(r.classId, r.scheduleId, dateOnly(r.date))));
}

/** A class (404 'Turma não encontrada') and its first day of sessions. */
async function sessionSourceOrNotFound(classId: string): Promise<{ source: ClassSessionSource; first: string }> {
  const source = await classSessionSource(classId);
  if (!source) throw new NotFoundError(CLASS_NOT_FOUND);
  return { source, first: firstSessionDate(source.createdAt) };
}

/** Whether (date, scheduleId) is a session of the class; 400 'Data sem aula desta turma' otherwise. */
export function assertSession(source: ClassSessionSource, date: string, scheduleId: string): void {
  if (!isSession(source.schedules, firstSessionDate(source.createdAt), date, scheduleId)) {
    throw new ValidationError({ date: [NO_SESSION_ON_DATE] });
  }
}

/** GET /api/classes/{id}/sessions?from=&to=: the class's sessions in the range (at most 62 days), with their counts. */
export async function classSessions(
  actor: Actor | null,
  classId: string,
  range: { from?: unknown; to?: unknown },
): Promise<ClassSessionDTO[]> {
  assertSeesClassRosters(actor, CLASS_NOT_FOUND);
  const { source, first } = await sessionSourceOrNotFound(classId);
  const { from, to } = parseOrThrow(sessionRangeSchema, range);
  const span = daysBetween(from, to);
  if (span < 0 || span > MAX_SESSION_RANGE_DAYS) throw new ValidationError({ to: [RANGE_INVALID] });
  const sessions = sessionsBetween(source.schedules, first, from, to);
  if (sessions.length === 0) return [];
  const [spans, makeups, taken] = await Promise.all([
    enrollmentSpans([source.id]),
    makeupsInSessions([source.id], from, to),
    takenSessions([source.id], from, to),
  ]);
  const makeupCount = countMakeups(makeups);
  return sessions.map((s) => ({
    date: s.date,
    scheduleId: s.scheduleId,
    startTime: s.startTime,
    endTime: s.endTime,
    enrolled: spans.filter((e) => activeOn(e, s.date)).length,
    makeups: makeupCount.get(sessionKey(source.id, s.scheduleId, s.date)) ?? 0,
    attendanceTaken: taken.has(sessionKey(source.id, s.scheduleId, s.date)),
  }));
}

function countMakeups(makeups: readonly SessionMakeup[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of makeups) {
    const key = sessionKey(m.classId, m.scheduleId, m.date);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const byName = (a: { studentName: string }, b: { studentName: string }) => a.studentName.localeCompare(b.studentName, "pt-BR");

/** Who is in a session: its enrolments active on the date, then the make-ups booked into it (each by name). */
export interface SessionRoster {
  enrollments: EnrollmentSpan[];
  makeups: SessionMakeup[];
}

export async function sessionRoster(classId: string, scheduleId: string, date: string, t?: Transaction): Promise<SessionRoster> {
  // Inside a transaction its queries run one after the other on its connection.
  const spans = await enrollmentSpans([classId], t);
  const makeups = await makeupsInSessions([classId], date, date, t);
  return {
    enrollments: spans.filter((e) => activeOn(e, date)).sort(byName),
    makeups: makeups.filter((m) => m.scheduleId === scheduleId).sort(byName),
  };
}

/**
 * The roll call of a session: each pupil with the saved status, or null; a
 * pupil not yet saved whose family warned of the absence ('Avisar falta',
 * `notices` by enrolment) shows as 'Falta justificada' with the notice's note.
 */
export function rollCallOf(
  date: string,
  scheduleId: string,
  roster: SessionRoster,
  records: readonly RecordFields[],
  notices: ReadonlyMap<string, AbsenceNoticeDTO> = new Map(),
): RollCallDTO {
  const byEnrollment = new Map<string, RecordFields>();
  const byMakeup = new Map<string, RecordFields>();
  for (const r of records) {
    if (r.enrollmentId) byEnrollment.set(r.enrollmentId, r);
    else if (r.makeupId) byMakeup.set(r.makeupId, r);
  }
  const entries: RollCallEntryDTO[] = [
    ...roster.enrollments.map((e) => {
      const r = byEnrollment.get(e.id);
      const notice = notices.get(e.id);
      if (!r && notice) {
        return { enrollmentId: e.id, studentId: e.studentId, studentName: e.studentName, status: EXCUSED, note: notice.note, notice: true };
      }
      return {
        enrollmentId: e.id,
        studentId: e.studentId,
        studentName: e.studentName,
        status: r?.status ?? null,
        note: r?.note ?? null,
        notice: notice !== undefined,
      };
    }),
    ...roster.makeups.map((m) => {
      const r = byMakeup.get(m.id);
      return {
        makeupId: m.id,
        studentId: m.studentId,
        studentName: m.studentName,
        status: r?.status ?? null,
        note: r?.note ?? null,
        notice: false,
      };
    }),
  ];
  return { date, scheduleId, taken: records.length > 0, records: entries };
}

export type RollCallView = RollCallDTO & {
  classLabel: string;
  startTime: string;
  endTime: string;
  future: boolean;
  previous: { date: string; scheduleId: string } | null;
  next: { date: string; scheduleId: string } | null;
};

const sessionLink = (s: Session | null) => (s ? { date: s.date, scheduleId: s.scheduleId } : null);

/**
 * GET /api/classes/{id}/attendance?date=&scheduleId= and the roll call screen:
 * 404 for no class, 400 'Data sem aula desta turma' for a date that is not one
 * of its sessions. A future session answers its roster, every status null.
 */
export async function getRollCall(
  actor: Actor | null,
  classId: string,
  key: { date?: unknown; scheduleId?: unknown },
): Promise<RollCallView> {
  assertSeesClassRosters(actor, CLASS_NOT_FOUND);
  const { source, first } = await sessionSourceOrNotFound(classId);
  const { date, scheduleId } = parseOrThrow(sessionKeySchema, key);
  assertSession(source, date, scheduleId);
  const [roster, records, notices] = await Promise.all([
    sessionRoster(source.id, scheduleId, date),
    sessionRecordRows(source.id, scheduleId, date),
    sessionNotices(source.id, scheduleId, date),
  ]);
  const schedule = source.schedules.find((s) => s.id === scheduleId)!;
  return {
    ...rollCallOf(date, scheduleId, roster, records, notices),
    classLabel: source.label,
    startTime: schedule.startTime,
    endTime: schedule.endTime,
    future: date > today(),
    previous: sessionLink(previousSession(source.schedules, first, date, scheduleId)),
    next: sessionLink(nextSession(source.schedules, first, date, scheduleId)),
  };
}

export interface TodaySession {
  classId: string;
  classLabel: string;
  teacherName: string;
  classroomName: string;
  scheduleId: string;
  date: string;
  startTime: string;
  endTime: string;
  /** Active enrolments on the date plus the make-ups booked into the session. */
  students: number;
  attendanceTaken: boolean;
}

/** The sessions of a day (today in the school's time zone unless given) of the active classes of a branch (every branch when null), by start time. */
export async function todaySessions(actor: Actor | null, options: { branchId: string | null; date?: string }): Promise<TodaySession[]> {
  assertSeesClassRosters(actor);
  const date = options.date ?? today();
  const weekday = weekdayOf(date);
  if (!weekday || !(WEEKDAYS as readonly string[]).includes(weekday)) return [];
  const sources = (await classSessionSources({ branchId: options.branchId, weekday, activeOnly: true })).filter(
    (s) => firstSessionDate(s.createdAt) <= date,
  );
  if (sources.length === 0) return [];
  const ids = sources.map((s) => s.id);
  const [enrolled, makeups, taken] = await Promise.all([
    activeEnrollmentCounts(ids, date),
    makeupsInSessions(ids, date, date),
    takenSessions(ids, date, date),
  ]);
  const makeupCount = countMakeups(makeups);
  const sessions: TodaySession[] = [];
  for (const source of sources) {
    for (const s of sessionsOn(source.schedules, firstSessionDate(source.createdAt), date)) {
      const key = sessionKey(source.id, s.scheduleId, date);
      sessions.push({
        classId: source.id,
        classLabel: source.label,
        teacherName: source.teacherName,
        classroomName: source.classroomName,
        scheduleId: s.scheduleId,
        date,
        startTime: s.startTime,
        endTime: s.endTime,
        students: (enrolled.get(source.id) ?? 0) + (makeupCount.get(key) ?? 0),
        attendanceTaken: taken.has(key),
      });
    }
  }
  return sessions.sort(
    (a, b) =>
      a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime) || a.classLabel.localeCompare(b.classLabel, "pt-BR"),
  );
}

/**
 * GET /api/students/{id}/attendance and the student's page: every record of the
 * student (of its enrolments and of its make-ups), newest first; the presence
 * rate; the absences (of enrolments) with their make-up. The enrolments and
 * make-ups tables are joined here to find the student's records (they belong to
 * their modules; joined for this read model).
 */
export async function studentAttendance(actor: Actor | null, studentId: string): Promise<StudentAttendanceDTO> {
  requireActor(actor);
  await assertInFamily(actor, "student", studentId, STUDENT_NOT_FOUND);
  const student = await findStudent(studentId);
  const rows = await selectRows<RecordFields & { startTime: string | null }>(
    `SELECT ${RECORD_COLUMNS}, "s"."startTime"
     FROM "attendance_records" AS "a"
     LEFT JOIN "makeups" AS "m" ON "m"."id" = "a"."makeupId"
     LEFT JOIN "attendance_records" AS "ab" ON "ab"."id" = "m"."absenceId"
     JOIN "enrollments" AS "e" ON "e"."id" = COALESCE("a"."enrollmentId", "ab"."enrollmentId")
     LEFT JOIN "classroom_schedules" AS "s" ON "s"."id" = "a"."scheduleId"
     WHERE "e"."studentId" = :studentId`,
    { studentId: student.id },
  );
  rows.sort(
    (a, b) =>
      dateOnly(b.date).localeCompare(dateOnly(a.date)) ||
      String(b.startTime ?? "").localeCompare(String(a.startTime ?? "")) ||
      iso(b.createdAt).localeCompare(iso(a.createdAt)),
  );
  const records = rows.map(toRecordDTO);
  const absenceRows = records.filter((r) => r.enrollmentId && ABSENCE_STATUSES.includes(r.status));
  const makeups = await makeupsOfAbsences(absenceRows.map((r) => r.id));
  const classIds = [...records.map((r) => r.classId), ...[...makeups.values()].map((m) => m.classId)];
  const labels = new Map((await classSessionSources({ ids: classIds })).map((c) => [c.id, c.label]));
  const label = (id: string) => labels.get(id) ?? "";
  const present = records.filter((r) => r.status === PRESENT).length;
  return {
    studentId: student.id,
    presenceRate: records.length ? present / records.length : null,
    records: records.map((r) => ({ ...r, classLabel: label(r.classId) })),
    absences: absenceRows.map((r) => {
      const m = makeups.get(r.id);
      return { ...r, classLabel: label(r.classId), makeup: m ? { ...m, classLabel: label(m.classId) } : null };
    }),
  };
}

export interface AtRiskStudent {
  studentId: string;
  studentName: string;
  guardianName: string;
  /** The digits of the guardian's primary person's phone. */
  whatsapp: string | null;
  classId: string;
  classLabel: string;
  absences: number;
  lastAbsence: string;
}

/**
 * The dashboard's 'Alunos em risco': per current enrolment ('Ativa') in a class
 * of the branch (every branch when null), its records of the last 30 days,
 * newest first; at risk when the first 3 or more are all absences. The
 * enrolments and classes tables are joined here for the filter (they belong to
 * their modules; joined for this read model).
 */
export async function atRiskStudents(actor: Actor | null, options: { branchId: string | null }): Promise<AtRiskStudent[]> {
  // Other families' pupils: a Client's list is empty (its own absences are on its students' pages).
  if (familyScope(actor)) return [];
  if (options.branchId && !isUuid(options.branchId)) return [];
  const runs = await absenceRuns(today());
  if (runs.length === 0) return [];
  const enrollments = await enrollmentsById(runs.map((r) => r.enrollmentId));
  const [contacts, classes] = await Promise.all([
    guardianContacts([...enrollments.values()].map((e) => e.guardianId)),
    classSessionSources({ ids: [...enrollments.values()].map((e) => e.classId) }),
  ]);
  const labels = new Map(classes.map((c) => [c.id, c.label]));
  const branchOf = new Map(classes.map((c) => [c.id, c.branchId]));
  const list: AtRiskStudent[] = [];
  for (const run of runs) {
    const e = enrollments.get(run.enrollmentId);
    if (!e || (options.branchId && branchOf.get(e.classId) !== options.branchId)) continue;
    const contact = contacts.get(e.guardianId);
    const digits = contact?.phone?.replace(/\D/g, "") ?? "";
    list.push({
      studentId: e.studentId,
      studentName: e.studentName,
      guardianName: contact?.name ?? "",
      whatsapp: digits || null,
      classId: e.classId,
      classLabel: labels.get(e.classId) ?? "",
      absences: run.absences,
      lastAbsence: run.lastAbsence,
    });
  }
  return list.sort(
    (a, b) => b.absences - a.absences || b.lastAbsence.localeCompare(a.lastAbsence) || a.studentName.localeCompare(b.studentName, "pt-BR"),
  );
}

/**
 * The runs of absences of the whole network on a day: per current enrolment,
 * its records of the 30 days up to `until` (newest first) when the first 3 or
 * more are absences. Kept by the versions of the two tables it reads
 * (migration 0011) and the day: the dashboard asks for it on every visit, and
 * it reads a month of the network's roll calls.
 */
const runsKept = createLru<AbsenceRun[]>({ maxEntries: 4 });
interface AbsenceRun {
  enrollmentId: string;
  absences: number;
  lastAbsence: string;
}

async function absenceRuns(until: string): Promise<AbsenceRun[]> {
  const key = `${until}\u0000${await tableVersions(["attendance_records", "enrollments"])}`;
  const kept = runsKept.get(key);
  if (kept) return kept;
  const since = addDays(until, -AT_RISK_WINDOW_DAYS);
  const params: Record<string, string> = { since, until, active: "Ativa" };
  // Candidates first: current enrolments with 3 or more absences in the window (few), then their records.
  const candidates = await selectRows<{ enrollmentId: string }>(
    `SELECT "a"."enrollmentId" FROM "attendance_records" AS "a"
     JOIN "enrollments" AS "e" ON "e"."id" = "a"."enrollmentId"
     WHERE "a"."date" >= :since AND "a"."date" <= :until AND "a"."status" IN (:absent, :excused) AND "e"."status" = :active
     GROUP BY "a"."enrollmentId" HAVING COUNT(*) >= ${AT_RISK_ABSENCES}`,
    { ...params, absent: ABSENCE_STATUSES[0], excused: ABSENCE_STATUSES[1] },
  );
  const runs: AbsenceRun[] = [];
  if (candidates.length) {
    const recordParams: Record<string, string> = { since, until };
    const rows = await selectRows<{
      enrollmentId: string;
      date: string;
      status: string;
      startTime: string | null;
      createdAt: string | Date;
    }>(
      `SELECT "a"."enrollmentId", CAST("a"."date" AS TEXT) AS "date", "a"."status", "s"."startTime", "a"."createdAt"
       FROM "attendance_records" AS "a"
       LEFT JOIN "classroom_schedules" AS "s" ON "s"."id" = "a"."scheduleId"
       WHERE "a"."enrollmentId" IN (${paddedInList(
         "e",
         candidates.map((c) => c.enrollmentId),
         recordParams,
       )})
         AND "a"."date" >= :since AND "a"."date" <= :until`,
      recordParams,
    );
    const byEnrollment = new Map<string, typeof rows>();
    for (const r of rows) {
      const list = byEnrollment.get(r.enrollmentId) ?? [];
      list.push(r);
      byEnrollment.set(r.enrollmentId, list);
    }
    for (const [enrollmentId, list] of byEnrollment) {
      list.sort(
        (a, b) =>
          dateOnly(b.date).localeCompare(dateOnly(a.date)) ||
          String(b.startTime ?? "").localeCompare(String(a.startTime ?? "")) ||
          iso(b.createdAt).localeCompare(iso(a.createdAt)),
      );
      let run = 0;
      while (run < list.length && ABSENCE_STATUSES.includes(list[run].status)) run++;
      if (run >= AT_RISK_ABSENCES) runs.push({ enrollmentId, absences: run, lastAbsence: dateOnly(list[0].date) });
    }
  }
  runsKept.set(key, runs);
  return runs;
}

/** One roll-call record of a class's month, as its CSV file lists it. */
export interface MonthRecord {
  date: string;
  startTime: string;
  studentName: string;
  status: string;
  note: string | null;
  makeup: boolean;
}

/**
 * Every roll-call record of a class in a month ('AAAA-MM'), by session and
 * student name: the roll call screen's 'Exportar CSV'. One class's month is
 * at most a few hundred records (its sessions × its pupils), read at once.
 * 404 for no class (and for a Client: a class's people are not a family's).
 */
export async function classMonthRecords(
  actor: Actor | null,
  classId: string,
  month: unknown,
): Promise<{ classLabel: string; month: string; records: MonthRecord[] }> {
  assertSeesClassRosters(actor, CLASS_NOT_FOUND);
  const { source } = await sessionSourceOrNotFound(classId);
  const { month: valid } = parseOrThrow(z.object({ month: calendarMonth() }), { month });
  const rows = await selectRows<{
    date: string | Date;
    startTime: string | null;
    studentName: string | null;
    status: string;
    note: string | null;
    makeupId: string | null;
  }>(
    // Students, enrolments, schedules and make-ups are joined for the names and times of this read model.
    `SELECT CAST("a"."date" AS TEXT) AS "date", "s"."startTime", "st"."fullName" AS "studentName", "a"."status", "a"."note", "a"."makeupId"
     FROM "attendance_records" AS "a"
     LEFT JOIN "classroom_schedules" AS "s" ON "s"."id" = "a"."scheduleId"
     LEFT JOIN "makeups" AS "m" ON "m"."id" = "a"."makeupId"
     LEFT JOIN "attendance_records" AS "ab" ON "ab"."id" = "m"."absenceId"
     LEFT JOIN "enrollments" AS "e" ON "e"."id" = COALESCE("a"."enrollmentId", "ab"."enrollmentId")
     LEFT JOIN "students" AS "st" ON "st"."id" = "e"."studentId"
     WHERE "a"."classId" = :classId AND "a"."date" >= :first AND "a"."date" <= :last`,
    // The month's real last day: PostgreSQL refuses a date such as 2026-11-31.
    { classId: source.id, ...monthBounds(valid) },
  );
  const records = rows
    .map((r) => ({
      date: dateOnly(r.date),
      startTime: r.startTime ?? "",
      studentName: r.studentName ?? "",
      status: r.status,
      note: r.note,
      makeup: r.makeupId !== null,
    }))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.studentName.localeCompare(b.studentName, "pt-BR"),
    );
  return { classLabel: source.label, month: valid, records };
}
