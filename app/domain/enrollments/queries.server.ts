import { Op, type Transaction } from "sequelize";
import { dateOnly, iso } from "../row-values.server";
import { Enrollment } from "#db/models.ts";
import { paddedInList } from "#db/in-list.ts";
import { selectRows, selectRowsIn, sqlTimestamp } from "~/platform/db.server";
import { formatBRL } from "~/lib/format";
import { sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError, ValidationError } from "../errors";
import { hundredthsToPercent, toHundredths } from "../money";
import { isUuid } from "../validation";
import { STATUS_INVALID } from "../fields";
import { classLabel, classSeats, classSessionSource, classSessionSources, classSummary, type ClassSeats } from "../classes/queries.server";
import { activeOffersOfBranch, offerTerms } from "../offers/queries.server";
import { getGuardian, guardianContacts } from "../guardians/queries.server";
import type { GuardianDTO } from "../guardians/schema";
import { getStudent, studentsPage, type StudentPageRow } from "../students/queries.server";
import type { StudentDTO } from "../students/schema";
import { nextSessionOn } from "../calendar/sessions";
import { addDays, dateInTimeZone, schoolTimeZone, today } from "../calendar/dates";
import {
  ACTIVE,
  CANCELLED,
  ENROLLMENT_NOT_FOUND,
  ENROLLMENT_STATUSES,
  WAITLISTED,
  type ClassEnrollmentsDTO,
  type EnrollmentDTO,
  type RosterEntryDTO,
} from "./schema";
import { CLASS_NOT_FOUND } from "../classes/schema";
import { actorFamilyCondition, assertInFamily } from "../access/queries.server";
import { assertSeesClassRosters } from "../access/family-scope";

/**
 * The reads of enrolments: the enrollments table is read here only; other
 * modules (attendance, the screens) call these. Classes,
 * offers and students are read through their modules, or joined (with a note)
 * in the read models that show their names.
 */

type EnrollmentFields = Pick<Enrollment, "id" | "studentId" | "classId" | "offerId" | "status" | "cancelReason" | "trialId"> & {
  startDate: string | Date;
  waitlistPosition: number | string | null;
  cancelledAt: string | Date | null;
  promotedAt?: string | Date | null;
  discountPercent?: string | number | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

export function toDTO(e: EnrollmentFields): EnrollmentDTO {
  return {
    id: e.id,
    studentId: e.studentId,
    classId: e.classId,
    offerId: e.offerId,
    startDate: dateOnly(e.startDate),
    status: e.status,
    waitlistPosition: e.waitlistPosition === null || e.waitlistPosition === undefined ? null : Number(e.waitlistPosition),
    cancelledAt: e.cancelledAt ? iso(e.cancelledAt) : null,
    cancelReason: e.cancelReason ?? null,
    trialId: e.trialId ?? null,
    promotedAt: e.promotedAt ? iso(e.promotedAt) : null,
    discountPercent: hundredthsToPercent(toHundredths(e.discountPercent ?? 0)),
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

/** An enrolment's row (404 'Matrícula não encontrada'), inside the caller's transaction. */
export async function find(id: string, t?: Transaction): Promise<Enrollment> {
  const row = isUuid(id) ? await Enrollment.findByPk(id, { transaction: t }) : null;
  if (!row) throw new NotFoundError(ENROLLMENT_NOT_FOUND);
  return row;
}

export async function getEnrollment(actor: Actor | null, id: string): Promise<EnrollmentDTO> {
  requireActor(actor);
  await assertInFamily(actor, "enrollment", id, ENROLLMENT_NOT_FOUND);
  return toDTO(await find(id));
}

const ENROLLMENT_COLUMNS = `"e"."id", "e"."studentId", "e"."classId", "e"."offerId", CAST("e"."startDate" AS TEXT) AS "startDate", "e"."status",
  "e"."waitlistPosition", "e"."cancelledAt", "e"."cancelReason", "e"."trialId", "e"."promotedAt", "e"."discountPercent", "e"."createdAt", "e"."updatedAt"`;

/**
 * GET /api/enrollments: oldest first (then id), optionally one class's, one
 * student's or one status's; read in batches. A malformed id matches nothing;
 * an unknown status is a 400.
 */
export function enrollmentList(
  actor: Actor | null,
  filter: { classId?: string | null; studentId?: string | null; status?: string | null } = {},
): ListSource<EnrollmentDTO> {
  requireActor(actor);
  const where: string[] = [];
  const params: Record<string, string> = {};
  const family = actorFamilyCondition(actor, "enrollment", `"e"."id"`);
  if (family) {
    where.push(family.sql);
    Object.assign(params, family.params);
  }
  for (const field of ["classId", "studentId"] as const) {
    const value = filter[field];
    if (!value) continue;
    if (!isUuid(value)) where.push("1 = 0");
    else {
      where.push(`"e"."${field}" = :${field}`);
      params[field] = value;
    }
  }
  if (filter.status) {
    if (!(ENROLLMENT_STATUSES as readonly string[]).includes(filter.status)) throw new ValidationError({ status: [STATUS_INVALID] });
    where.push(`"e"."status" = :status`);
    params.status = filter.status;
  }
  return sqlList<EnrollmentFields & Record<string, unknown>, EnrollmentDTO>(
    "enrollments",
    {
      columns: ENROLLMENT_COLUMNS,
      from: `FROM "enrollments" AS "e"`,
      where: where.length ? where.join(" AND ") : undefined,
      params,
      key: [
        { expr: `"e"."createdAt"`, type: "instant" },
        { expr: `"e"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toDTO),
  );
}

/** A class's seats (404 'Turma não encontrada'). */
async function seatsOrNotFound(classId: string): Promise<ClassSeats> {
  const seats = (await classSeats([classId])).get(classId);
  if (!seats) throw new NotFoundError(CLASS_NOT_FOUND);
  return seats;
}

/**
 * GET /api/classes/{id}/enrollments and the roster screen: the capacity, the
 * active enrolments by student name and the waiting list in order (the
 * students' names joined from their table, app/domain/students).
 */
export async function getClassEnrollments(actor: Actor | null, classId: string): Promise<ClassEnrollmentsDTO> {
  // A roster is the whole class's people: not a family's.
  assertSeesClassRosters(actor, CLASS_NOT_FOUND);
  const seats = await seatsOrNotFound(classId);
  const rows = await selectRows<EnrollmentFields & { studentName: string }>(
    `SELECT ${ENROLLMENT_COLUMNS}, "s"."fullName" AS "studentName"
     FROM "enrollments" AS "e" JOIN "students" AS "s" ON "s"."id" = "e"."studentId"
     WHERE "e"."classId" = :classId AND "e"."status" <> :cancelled`,
    { classId: seats.id, cancelled: CANCELLED },
  );
  const entries: RosterEntryDTO[] = rows.map((r) => ({ ...toDTO(r), studentName: r.studentName }));
  const enrollments = entries
    .filter((e) => e.status === ACTIVE)
    .sort((a, b) => a.studentName.localeCompare(b.studentName, "pt-BR") || (a.id < b.id ? -1 : 1));
  const waitlist = entries.filter((e) => e.status === WAITLISTED).sort((a, b) => (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0));
  return { capacity: seats.capacity, active: enrollments.length, waitlist, enrollments };
}

export interface Occupancy {
  active: number;
  capacity: number;
  waiting: number;
}

/** For longer lists of classes, every class is read (one grouped scan of the index) rather than a long list of ids. */
const MANY_CLASSES = 64;

/** Each class's active enrolments, capacity and waiting list's length (the classes list's 'N/M'). */
export async function classOccupancy(classIds: string[]): Promise<Map<string, Occupancy>> {
  const ids = [...new Set(classIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const all = ids.length > MANY_CLASSES;
  const params: Record<string, string> = { cancelled: CANCELLED };
  const inList = all ? "" : `AND "e"."classId" IN (${paddedInList("c", ids, params)})`;
  const [seats, counts] = await Promise.all([
    classSeats(all ? null : ids),
    selectRows<{ classId: string; status: string; n: number | string }>(
      `SELECT "e"."classId", "e"."status", COUNT(*) AS "n" FROM "enrollments" AS "e"
       WHERE "e"."status" <> :cancelled ${inList} GROUP BY "e"."classId", "e"."status"`,
      params,
    ),
  ]);
  const occupancy = new Map<string, Occupancy>();
  for (const id of ids) {
    const s = seats.get(id);
    if (s) occupancy.set(id, { active: 0, capacity: s.capacity, waiting: 0 });
  }
  for (const c of counts) {
    const o = occupancy.get(c.classId);
    if (!o) continue;
    if (c.status === ACTIVE) o.active = Number(c.n);
    else if (c.status === WAITLISTED) o.waiting = Number(c.n);
  }
  return occupancy;
}

/** The class's next session from a date: one helper for every session rule (app/domain/calendar/sessions.ts). */
export { nextSessionOn };

/** Another class of the same course with free places, for a pupil whose class is full. */
export interface AlternativeClass {
  id: string;
  label: string;
  branchName: string;
  sameBranch: boolean;
  free: number;
}

export interface EnrollOptions {
  offers: Array<{ id: string; label: string }>;
  nextSessionDate: string;
  full: boolean;
  capacity: number;
  active: number;
  /** When full: the course's other active classes with free places (and no waiting list), same branch first. */
  alternatives: AlternativeClass[];
}

/**
 * What a new enrolment in the class may choose: the active offers of the
 * class's branch ('Nome - R$ 150,00'), the default start date (the class's next
 * session from today, in America/Sao_Paulo), whether the class is full (every
 * seat taken, or a waiting list: the waiting list is then the only way in) and,
 * when it is, the other classes of its course with free places. 404 'Turma não encontrada'.
 */
export async function enrollOptions(actor: Actor | null, classId: string): Promise<EnrollOptions> {
  requireActor(actor);
  const summary = await classSummary(classId);
  if (!summary) throw new NotFoundError(CLASS_NOT_FOUND);
  const [offers, occupancy] = await Promise.all([activeOffersOfBranch(summary.branchId), classOccupancy([summary.id])]);
  const active = occupancy.get(summary.id)?.active ?? 0;
  const full = active >= summary.capacity || (occupancy.get(summary.id)?.waiting ?? 0) > 0;
  return {
    offers: offers.map((o) => ({ id: o.id, label: `${o.name} - ${formatBRL(o.monthlyValue)}` })),
    nextSessionDate: nextSessionOn(today(), summary.weekdays),
    full,
    capacity: summary.capacity,
    active,
    alternatives: full ? await alternativeClasses(summary.id, summary.branchId) : [],
  };
}

/**
 * The other active classes of a class's course with a free seat and nobody
 * waiting (classes, courses and branches read through their module), the
 * class's own branch first, then by branch name and class number.
 */
async function alternativeClasses(classId: string, branchId: string): Promise<AlternativeClass[]> {
  const source = await classSessionSource(classId);
  if (!source) return [];
  const classes = (await classSessionSources({ courseId: source.courseId, activeOnly: true })).filter((c) => c.id !== classId);
  const occupancy = await classOccupancy(classes.map((c) => c.id));
  return classes
    .map((c) => {
      const o = occupancy.get(c.id);
      const free = o && o.waiting === 0 ? o.capacity - o.active : 0;
      return { id: c.id, label: c.label, branchName: c.branchName, sameBranch: c.branchId === branchId, free, classNumber: c.classNumber };
    })
    .filter((c) => c.free > 0)
    .sort(
      (a, b) =>
        Number(b.sameBranch) - Number(a.sameBranch) || a.branchName.localeCompare(b.branchName, "pt-BR") || a.classNumber - b.classNumber,
    )
    .map(({ classNumber: _, ...c }) => c);
}

/** An enrolment with what the student's page shows of its class and offer. */
export type EnrollmentDetail = EnrollmentDTO & { classLabel: string; offerName: string; offerValue: string; branchName: string };

/**
 * A student's enrolments with their class's label, offer and branch (classes,
 * courses, offers and branches belong to their modules; joined here for this
 * read model): not cancelled first, then the newest start first.
 */
export async function studentEnrollmentDetails(studentId: string): Promise<EnrollmentDetail[]> {
  if (!isUuid(studentId)) return [];
  const rows = await selectRows<
    EnrollmentFields & {
      classNumber: number | string;
      courseName: string | null;
      offerName: string | null;
      monthlyValue: string | number | null;
      branchName: string | null;
    }
  >(
    `SELECT ${ENROLLMENT_COLUMNS}, "c"."classNumber", "co"."name" AS "courseName", "o"."name" AS "offerName", "o"."monthlyValue",
       "b"."name" AS "branchName"
     FROM "enrollments" AS "e"
     JOIN "classes" AS "c" ON "c"."id" = "e"."classId"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     LEFT JOIN "offers" AS "o" ON "o"."id" = "e"."offerId"
     LEFT JOIN "branches" AS "b" ON "b"."id" = "c"."branchId"
     WHERE "e"."studentId" = :studentId`,
    { studentId },
  );
  const rank = (status: string) => (status === ACTIVE ? 0 : status === WAITLISTED ? 1 : 2);
  return rows
    .map((r) => ({
      ...toDTO(r),
      classLabel: classLabel(r.courseName, r.classNumber),
      offerName: r.offerName ?? "",
      offerValue: Number(r.monthlyValue ?? 0).toFixed(2),
      branchName: r.branchName ?? "",
    }))
    .sort((a, b) => rank(a.status) - rank(b.status) || b.startDate.localeCompare(a.startDate) || b.createdAt.localeCompare(a.createdAt));
}

/** A class of a student as the students list shows it: its label and the enrolment's state ('Ativa', 'Em espera' 2º). */
export interface StudentClassEntry {
  label: string;
  status: string;
  waitlistPosition: number | null;
}

/**
 * Each student's classes (its enrolments that are not cancelled), by class
 * number, with each enrolment's state: the students list's column (classes
 * and courses joined for this read model).
 */
export async function classEntriesOfStudents(studentIds: string[]): Promise<Map<string, StudentClassEntry[]>> {
  const ids = [...new Set(studentIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const params: Record<string, string> = { cancelled: CANCELLED };
  const list = paddedInList("s", ids, params);
  const rows = await selectRows<{
    studentId: string;
    classNumber: number | string;
    courseName: string | null;
    status: string;
    waitlistPosition: number | string | null;
  }>(
    `SELECT "e"."studentId", "c"."classNumber", "co"."name" AS "courseName", "e"."status", "e"."waitlistPosition"
     FROM "enrollments" AS "e"
     JOIN "classes" AS "c" ON "c"."id" = "e"."classId"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     WHERE "e"."studentId" IN (${list}) AND "e"."status" <> :cancelled
     ORDER BY "c"."classNumber"`,
    params,
  );
  const byStudent = new Map<string, StudentClassEntry[]>();
  for (const r of rows) {
    const entries = byStudent.get(r.studentId) ?? [];
    entries.push({
      label: classLabel(r.courseName, r.classNumber),
      status: r.status,
      waitlistPosition: r.waitlistPosition === null ? null : Number(r.waitlistPosition),
    });
    byStudent.set(r.studentId, entries);
  }
  return byStudent;
}

/** The enrolments of a class in one status (for the commands' capacity and waiting-list rules), inside their transaction. */
export async function classEnrollmentsIn(classId: string, status: string, t?: Transaction): Promise<Enrollment[]> {
  return Enrollment.findAll({
    where: { classId, status },
    order: [
      ["waitlistPosition", "ASC"],
      ["createdAt", "ASC"],
      ["id", "ASC"],
    ],
    transaction: t,
  });
}

/** Whether the student has an enrolment in the class that is not cancelled (inside the caller's transaction). */
export async function hasOpenEnrollment(studentId: string, classId: string, t: Transaction): Promise<boolean> {
  return (await Enrollment.count({ where: { studentId, classId, status: { [Op.ne]: CANCELLED } }, transaction: t })) > 0;
}

/**
 * An enrolment as the attendance rules see it: who, in which class, from when,
 * and until when (`cancelledOn`: the cancellation's date in the school's time zone).
 */
export interface EnrollmentSpan {
  id: string;
  classId: string;
  studentId: string;
  studentName: string;
  guardianId: string;
  startDate: string;
  status: string;
  cancelledOn: string | null;
}

/**
 * Whether an enrolment counts on a date: started on or before it, and 'Ativa'
 * or cancelled after that date ('Em espera' never counts). The one rule for
 * roll calls, session counts and make-up capacity.
 */
export function activeOn(span: Pick<EnrollmentSpan, "startDate" | "status" | "cancelledOn">, date: string): boolean {
  if (span.startDate > date) return false;
  if (span.status === ACTIVE) return true;
  return span.status === CANCELLED && span.cancelledOn !== null && span.cancelledOn > date;
}

interface SpanRow {
  id: string;
  classId: string;
  studentId: string;
  studentName: string;
  guardianId: string;
  startDate: string | Date;
  status: string;
  cancelledAt: string | Date | null;
}

/** An enrolment with its student's name and family, for the spans below. */
const SPAN_SELECT = `SELECT "e"."id", "e"."classId", "e"."studentId", "s"."fullName" AS "studentName", "s"."guardianId",
       CAST("e"."startDate" AS TEXT) AS "startDate", "e"."status", "e"."cancelledAt"
     FROM "enrollments" AS "e" JOIN "students" AS "s" ON "s"."id" = "e"."studentId"`;

function toSpan(r: SpanRow): EnrollmentSpan {
  return {
    id: r.id,
    classId: r.classId,
    studentId: r.studentId,
    studentName: r.studentName,
    guardianId: r.guardianId,
    startDate: dateOnly(r.startDate),
    status: r.status,
    cancelledOn: r.cancelledAt ? dateInTimeZone(new Date(r.cancelledAt)) : null,
  };
}

/**
 * The enrolments of these classes that may count on some date ('Ativa' and
 * 'Cancelada'; not the waiting list), with the student's name (students
 * belong to their module; joined here for this read model). Filter with `activeOn`.
 */
export async function enrollmentSpans(classIds: readonly string[], t?: Transaction): Promise<EnrollmentSpan[]> {
  const ids = [...new Set(classIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const params: Record<string, string> = { waiting: WAITLISTED };
  const rows = await selectRowsIn<SpanRow>(
    t,
    `${SPAN_SELECT} WHERE "e"."classId" IN (${paddedInList("c", ids, params)}) AND "e"."status" <> :waiting`,
    params,
  );
  return rows.map(toSpan);
}

/** A student's enrolments that may count on some date ('Ativa' and 'Cancelada'; not the waiting list): the pupil's own timetable. */
export async function studentEnrollmentSpans(studentId: string, t?: Transaction): Promise<EnrollmentSpan[]> {
  if (!isUuid(studentId)) return [];
  const rows = await selectRowsIn<SpanRow>(t, `${SPAN_SELECT} WHERE "e"."studentId" = :studentId AND "e"."status" <> :waiting`, {
    studentId,
    waiting: WAITLISTED,
  });
  return rows.map(toSpan);
}

/** The ids of a student's enrolments (any status). */
export async function enrollmentIdsOfStudent(studentId: string): Promise<string[]> {
  if (!isUuid(studentId)) return [];
  const rows = await selectRows<{ id: string }>(`SELECT "e"."id" FROM "enrollments" AS "e" WHERE "e"."studentId" = :studentId`, {
    studentId,
  });
  return rows.map((r) => r.id);
}

/** Enrolments by id with their student (e.g. the pupil of an absence); a missing id is absent from the map. */
export async function enrollmentsById(ids: readonly string[]): Promise<Map<string, EnrollmentSpan>> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (unique.length === 0) return new Map();
  const params: Record<string, string> = {};
  const rows = await selectRows<SpanRow>(`${SPAN_SELECT} WHERE "e"."id" IN (${paddedInList("e", unique, params)})`, params);
  return new Map(rows.map((r) => [r.id, toSpan(r)]));
}

/** Whether any of these classes has a waiting list (a cheap check before locking them one by one). */
export async function hasWaitlist(classIds: string[]): Promise<boolean> {
  const ids = classIds.filter(isUuid);
  if (ids.length === 0) return false;
  return (await Enrollment.count({ where: { classId: { [Op.in]: ids }, status: WAITLISTED } })) > 0;
}

/** The instant a calendar date starts in the school's time zone (e.g. '2026-11-25' → 03:00 UTC in São Paulo). */
function dayStartInstant(date: string): Date {
  const noon = new Date(`${date}T12:00:00Z`);
  const wall = new Intl.DateTimeFormat("en-GB", {
    timeZone: schoolTimeZone(),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(noon);
  const [h, m] = wall.split(":").map(Number);
  const offsetMinutes = h * 60 + m - 12 * 60;
  return new Date(new Date(`${date}T00:00:00Z`).getTime() - offsetMinutes * 60_000);
}

/**
 * How many enrolments of each class count on a date (`activeOn`, in SQL: one
 * grouped read for many classes, e.g. the day's sessions of a branch).
 */
export async function activeEnrollmentCounts(classIds: readonly string[], date: string): Promise<Map<string, number>> {
  const ids = [...new Set(classIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const nextDay = new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  const params: Record<string, string> = { date, active: ACTIVE, cancelled: CANCELLED, until: sqlTimestamp(dayStartInstant(nextDay)) };
  const rows = await selectRows<{ classId: string; n: number | string }>(
    `SELECT "e"."classId", COUNT(*) AS "n" FROM "enrollments" AS "e"
     WHERE "e"."classId" IN (${paddedInList("c", ids, params)}) AND "e"."startDate" <= :date
       AND ("e"."status" = :active OR ("e"."status" = :cancelled AND "e"."cancelledAt" >= :until))
     GROUP BY "e"."classId"`,
    params,
  );
  return new Map(rows.map((r) => [r.classId, Number(r.n)]));
}

/** The latest enrolment made from a trial, whatever its status (the trial's dialog tells a cancelled one). */
export async function latestEnrollmentOfTrial(actor: Actor | null, trialId: string): Promise<EnrollmentDTO | null> {
  requireActor(actor);
  if (!isUuid(trialId)) return null;
  await assertInFamily(actor, "trial", trialId, ENROLLMENT_NOT_FOUND);
  const row = await Enrollment.findOne({
    where: { trialId },
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
  });
  return row ? toDTO(row) : null;
}

/** How long after a promotion the roster offers to tell the family ('Avisar no WhatsApp'). */
export const PROMOTION_NOTICE_DAYS = 7;

/** Whom to tell of a recent promotion, and what to send: the family's primary person and the offer's payment link. */
export interface PromotionNotice {
  guardianName: string;
  phone: string | null;
  checkoutLink: string;
}

/**
 * The roster's recently promoted pupils (left the waiting list in the last
 * PROMOTION_NOTICE_DAYS days, still 'Ativa'), by enrolment id, with their
 * family's contact (app/domain/guardians) and their offer's payment link
 * (app/domain/offers).
 */
export async function promotionNotices(entries: readonly EnrollmentDTO[], now = new Date()): Promise<Map<string, PromotionNotice>> {
  const since = addDays(today(now), -PROMOTION_NOTICE_DAYS);
  const recent = entries.filter((e) => e.status === ACTIVE && e.promotedAt !== null && dateInTimeZone(new Date(e.promotedAt)) >= since);
  if (recent.length === 0) return new Map();
  const spans = await enrollmentsById(recent.map((e) => e.id));
  const [contacts, offers] = await Promise.all([
    guardianContacts([...new Set([...spans.values()].map((s) => s.guardianId))]),
    Promise.all([...new Set(recent.map((e) => e.offerId))].map((id) => offerTerms(id))),
  ]);
  const links = new Map(offers.flatMap((o) => (o ? [[o.id, o.checkoutLink] as const] : [])));
  const notices = new Map<string, PromotionNotice>();
  for (const e of recent) {
    const contact = contacts.get(spans.get(e.id)?.guardianId ?? "");
    notices.set(e.id, { guardianName: contact?.name ?? "", phone: contact?.phone ?? null, checkoutLink: links.get(e.offerId) ?? "" });
  }
  return notices;
}

// ---- The student screens' reads: a student with its enrolments ----

/** A row of the students screen. */
export type StudentRow = StudentPageRow & { classes: StudentClassEntry[] };

export interface StudentPage {
  students: StudentRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/**
 * The students screen: one page by name (`studentsPage` of the students
 * module: age, family, the `status` and `branchId` filters), with each
 * student's classes (its enrolments that are not cancelled, 'Ballet - Turma
 * 3', each with its state: 'Ativa', 'Em espera (2º)').
 */
export async function listStudentsPage(actor: Actor | null, options: Parameters<typeof studentsPage>[1] = {}): Promise<StudentPage> {
  const page = await studentsPage(actor, options);
  const classes = await classEntriesOfStudents(page.students.map((s) => s.id));
  return { ...page, students: page.students.map((s) => ({ ...s, classes: classes.get(s.id) ?? [] })) };
}

export type StudentEnrollment = EnrollmentDetail;

/** The student's page: the student, the family and the enrolments (not cancelled first, newest start first). */
export async function getStudentOverview(
  actor: Actor | null,
  id: string,
): Promise<{ student: StudentDTO; guardian: GuardianDTO; enrollments: StudentEnrollment[] }> {
  const student = await getStudent(actor, id);
  const [guardian, enrollments] = await Promise.all([getGuardian(actor, student.guardianId), studentEnrollmentDetails(student.id)]);
  return { student, guardian, enrollments };
}
