import { selectRows, sqlTimestamp, tableVersions } from "~/platform/db.server";
import { createKeptReads } from "~/platform/cache.server";
import { assertStaff, type Actor } from "../access/roles";
import { ValidationError } from "../errors";
import { OWNER_NOT_STAFF } from "../fields";
import { isUuid } from "../validation";
import { addDays, daysBetween, dateInTimeZone, today } from "../calendar/dates";
import { dayStart } from "../audit/queries.server";
import { classFacts, STAFF_TYPES, type ClassFacts } from "../classes/queries.server";
import { ACTIVE, WAITLISTED } from "../enrollment-status";
import { ATTENDED, LOST, LOST_REASONS, WANTS_TO_ENROLL } from "../trials/constants";
import { ENROLLED_TRIAL_PARAMS, enrolledTrialSql } from "../trials/queries.server";
import { listUserOptions } from "../users/queries.server";
import { ABSENT, EXCUSED, PRESENT } from "../attendance/schema";
import { BOOKED, DONE } from "../attendance/makeups/schema";
import { FINANCE_TABLES, financeFigures } from "../charges/queries.server";
import { AGEING_BUCKETS, PAYMENT_METHODS } from "../charges/schema";
import { centsToDecimal } from "../money";
import {
  ATTENDANCE_GROUPINGS,
  BRANCH_INVALID,
  FUNNEL_GROUPINGS,
  FUNNEL_STEPS,
  GROUPING_INVALID,
  NO_OWNER,
  median,
  monthSpan,
  occupancyBand,
  parsePeriod,
  percent,
  type AttendanceGrouping,
  type AttendanceMonthDTO,
  type AttendanceReportDTO,
  type FinanceReportDTO,
  type FunnelGroupDTO,
  type FunnelGrouping,
  type FunnelReportDTO,
  type OccupancyDTO,
  type ReportPeriod,
  type StudentsMonthDTO,
  type StudentsReportDTO,
} from "./schema";

/**
 * The network's reports: read models over trials (and their history),
 * enrolments, attendance records and make-ups, whose modules own those
 * tables (trials/, enrollments/, attendance/); the classes' names, branches,
 * courses, teachers and capacities come from classes/ (`classFacts`).
 *
 * Every number is counted in the database, per class (and per month or per
 * origin), and kept while the tables it comes from are unchanged (their
 * versions, migration 0008/0011); the branch filter and the groupings (branch,
 * course, teacher) are then sums over the classes, in memory, from the
 * classes' current facts. Definitions: issue 29, "Definitions".
 */

export interface ReportFilter {
  from?: string | null;
  to?: string | null;
  branchId?: string | null;
  ownerId?: string | null;
  by?: string | null;
}

interface Parsed {
  period: ReportPeriod;
  branchId: string | null;
}

function parseFilter(filter: ReportFilter): Parsed {
  const result = parsePeriod(filter, today());
  if ("errors" in result) throw new ValidationError(result.errors);
  const branchId = filter.branchId?.trim() || null;
  if (branchId !== null && !isUuid(branchId)) throw new ValidationError({ branchId: [BRANCH_INVALID] });
  return { period: result.period, branchId };
}

function grouping<T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  const by = value?.trim() || fallback;
  if (!(allowed as readonly string[]).includes(by)) throw new ValidationError({ by: [GROUPING_INVALID] });
  return by as T;
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);
/** The reports' reads, kept while their tables are unchanged (`createKeptReads`). */
const keptRead = createKeptReads(tableVersions, 64);

const inBranch = (facts: Map<string, ClassFacts>, branchId: string | null) => (classId: string) => {
  const f = facts.get(classId);
  return f !== undefined && (branchId === null || f.branchId === branchId);
};

// ---- Funil ----

const TRIAL_TABLES = ["trials", "trial_status_history"] as const;

interface FunnelRow {
  classId: string;
  origin: string;
  ownerId: string | null;
  /** The reason of the lost trials of this row, null for the others. */
  lostReason: string | null;
  trials: number;
  attended: number;
  wants: number;
  enrolled: number;
  lost: number;
}

/**
 * The funnel's counts per class, origin, owner and lost reason. 'Matriculado'
 * is a trial that became an enrolment (`enrolledTrialSql`, the trials' own
 * rule, also their KPI '% de Matrículas'); its instant is `closedAt`, from
 * which the days to enrolment are counted.
 */
async function funnelCounts(
  period: ReportPeriod,
): Promise<{ rows: FunnelRow[]; days: { classId: string; ownerId: string | null; days: number }[] }> {
  return keptRead(`funnel\u0000${period.from}\u0000${period.to}`, TRIAL_TABLES, async () => {
    const inHistory = (statuses: string) =>
      `EXISTS (SELECT 1 FROM "trial_status_history" AS "h" WHERE "h"."trialId" = "t"."id" AND "h"."status" IN (${statuses}))`;
    const params = { from: period.from, to: period.to, attended: ATTENDED, wants: WANTS_TO_ENROLL, lost: LOST, ...ENROLLED_TRIAL_PARAMS };
    const [counts, enrolled] = await Promise.all([
      selectRows<{
        classId: string;
        origin: string;
        ownerId: string | null;
        lostReason: string | null;
        trials: number | string;
        attended: number | string;
        wants: number | string;
        enrolled: number | string;
        lost: number | string;
      }>(
        `SELECT "x"."classId", "x"."origin", "x"."ownerId", "x"."lostReason", COUNT(*) AS "trials",
                SUM(CASE WHEN "x"."attended" = 1 OR "x"."enrolled" = 1 THEN 1 ELSE 0 END) AS "attended",
                SUM(CASE WHEN "x"."wants" = 1 OR "x"."enrolled" = 1 THEN 1 ELSE 0 END) AS "wants",
                SUM("x"."enrolled") AS "enrolled",
                SUM(CASE WHEN "x"."lostReason" IS NULL THEN 0 ELSE 1 END) AS "lost"
         FROM (SELECT "t"."classId", "t"."origin", "t"."ownerId",
                      CASE WHEN "t"."outcome" = :lost THEN "t"."lostReason" END AS "lostReason",
                      CASE WHEN ${inHistory(":attended, :wants")} THEN 1 ELSE 0 END AS "attended",
                      CASE WHEN ${inHistory(":wants")} THEN 1 ELSE 0 END AS "wants",
                      CASE WHEN ${enrolledTrialSql("t")} THEN 1 ELSE 0 END AS "enrolled"
               FROM "trials" AS "t" WHERE "t"."scheduledDate" >= :from AND "t"."scheduledDate" <= :to) AS "x"
         GROUP BY "x"."classId", "x"."origin", "x"."ownerId", "x"."lostReason"`,
        params,
      ),
      selectRows<{ classId: string; ownerId: string | null; scheduledDate: string | Date; closedAt: string | Date }>(
        `SELECT "t"."classId", "t"."ownerId", CAST("t"."scheduledDate" AS TEXT) AS "scheduledDate", "t"."closedAt"
         FROM "trials" AS "t"
         WHERE "t"."scheduledDate" >= :from AND "t"."scheduledDate" <= :to AND ${enrolledTrialSql("t")} AND "t"."closedAt" IS NOT NULL`,
        params,
      ),
    ]);
    return {
      rows: counts.map((r) => ({
        classId: r.classId,
        origin: r.origin,
        ownerId: r.ownerId ?? null,
        lostReason: r.lostReason ?? null,
        trials: n(r.trials),
        attended: n(r.attended),
        wants: n(r.wants),
        enrolled: n(r.enrolled),
        lost: n(r.lost),
      })),
      // Sorted once here: the median of any branch's part is then taken from an ordered list.
      days: enrolled
        .map((r) => ({
          classId: r.classId,
          ownerId: r.ownerId ?? null,
          days: Math.max(0, daysBetween(String(r.scheduledDate).slice(0, 10), dateInTimeZone(new Date(r.closedAt)))),
        }))
        .sort((a, b) => a.days - b.days),
    };
  });
}

function funnelGroup(key: string, label: string, rows: readonly FunnelRow[]): FunnelGroupDTO {
  const sum = (pick: (r: FunnelRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const trials = sum((r) => r.trials);
  const attended = sum((r) => r.attended);
  const wantsToEnroll = sum((r) => r.wants);
  const enrolled = sum((r) => r.enrolled);
  const lost = sum((r) => r.lost);
  return {
    key,
    label,
    trials,
    attended,
    wantsToEnroll,
    enrolled,
    lost,
    attendedRate: percent(attended, trials),
    wantsToEnrollRate: percent(wantsToEnroll, trials),
    enrolledRate: percent(enrolled, trials),
    lostRate: percent(lost, trials),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, "pt-BR");

/** GET /api/reports/funnel: trials → Compareceu → Quer Matricular → Matriculado, lost by reason, and the same per group. */
export async function funnelReport(actor: Actor | null, filter: ReportFilter): Promise<FunnelReportDTO> {
  assertStaff(actor);
  const { period, branchId } = parseFilter(filter);
  const ownerId = filter.ownerId?.trim() || null;
  if (ownerId !== null && !isUuid(ownerId)) throw new ValidationError({ ownerId: [OWNER_NOT_STAFF] });
  const by: FunnelGrouping = grouping(filter.by, FUNNEL_GROUPINGS, "origin");
  const [counts, facts, owners] = await Promise.all([
    funnelCounts(period),
    classFacts(),
    by === "owner" ? listUserOptions(STAFF_TYPES) : Promise.resolve([]),
  ]);
  const inClasses = inBranch(facts, branchId);
  const wanted = (r: { classId: string; ownerId: string | null }) => inClasses(r.classId) && (ownerId === null || r.ownerId === ownerId);
  const rows = counts.rows.filter(wanted);
  const total = funnelGroup("", "Total", rows);
  const ownerNames = new Map(owners.map((o) => [o.id, o.label]));
  const keyOf = (r: FunnelRow) =>
    by === "origin"
      ? r.origin
      : by === "owner"
        ? (r.ownerId ?? "")
        : by === "branch"
          ? facts.get(r.classId)!.branchId
          : facts.get(r.classId)!.courseId;
  const labelOf = (r: FunnelRow) =>
    by === "origin"
      ? r.origin
      : by === "owner"
        ? r.ownerId === null
          ? NO_OWNER
          : (ownerNames.get(r.ownerId) ?? NO_OWNER)
        : by === "branch"
          ? facts.get(r.classId)!.branchName
          : facts.get(r.classId)!.courseName;
  const groups = [...groupBy(rows, keyOf)].map(([key, list]) => funnelGroup(key, labelOf(list[0]), list)).sort(byLabel);
  const counted = [total.trials, total.attended, total.wantsToEnroll, total.enrolled];
  return {
    from: period.from,
    to: period.to,
    branchId,
    ownerId,
    by,
    steps: FUNNEL_STEPS.map((step, i) => ({ step, count: counted[i], rate: percent(counted[i], total.trials) })),
    lost: total.lost,
    lostByReason: LOST_REASONS.map((reason) => {
      const count = rows.filter((r) => r.lostReason === reason).reduce((s, r) => s + r.lost, 0);
      return { reason, count, rate: percent(count, total.lost) };
    }),
    medianDaysToEnrollment: median(counts.days.filter(wanted).map((d) => d.days)),
    groups,
  };
}

// ---- Alunos ----

interface StudentsRow {
  classId: string;
  /** Active at the end of the day before each month's first day, then at each month's last day. */
  active: number[];
  started: number[];
  cancelled: number[];
}

interface StudentCounts {
  rows: StudentsRow[];
  /** Each class's enrolments 'Ativa' and 'Em espera' now (the occupancy table). */
  now: Map<string, { active: number; waiting: number }>;
}

async function studentCounts(period: ReportPeriod): Promise<StudentCounts> {
  return keptRead(`students\u0000${period.from}\u0000${period.to}`, ["enrollments"], async () => {
    const params: Record<string, string> = { waitlisted: WAITLISTED, to: period.to };
    const columns: string[] = [];
    const spans = period.months.map((month) => monthSpan(period, month));
    const activeDays = [addDays(spans[0].first, -1), ...spans.map((s) => s.last)];
    activeDays.forEach((day, i) => {
      params[`ad${i}`] = day;
      params[`au${i}`] = sqlTimestamp(dayStart(addDays(day, 1)));
      columns.push(
        `SUM(CASE WHEN "e"."startDate" <= :ad${i} AND ("e"."cancelledAt" IS NULL OR "e"."cancelledAt" >= :au${i}) THEN 1 ELSE 0 END) AS "a${i}"`,
      );
    });
    spans.forEach((span, i) => {
      params[`sf${i}`] = span.first;
      params[`sl${i}`] = span.last;
      params[`cf${i}`] = sqlTimestamp(dayStart(span.first));
      params[`cu${i}`] = sqlTimestamp(dayStart(addDays(span.last, 1)));
      columns.push(`SUM(CASE WHEN "e"."startDate" >= :sf${i} AND "e"."startDate" <= :sl${i} THEN 1 ELSE 0 END) AS "s${i}"`);
      columns.push(`SUM(CASE WHEN "e"."cancelledAt" >= :cf${i} AND "e"."cancelledAt" < :cu${i} THEN 1 ELSE 0 END) AS "c${i}"`);
    });
    const [rows, now] = await Promise.all([
      selectRows<Record<string, string | number>>(
        `SELECT "e"."classId", ${columns.join(", ")} FROM "enrollments" AS "e"
         WHERE "e"."status" <> :waitlisted AND "e"."startDate" <= :to GROUP BY "e"."classId"`,
        params,
      ),
      selectRows<{ classId: string; status: string; n: number | string }>(
        `SELECT "e"."classId", "e"."status", COUNT(*) AS "n" FROM "enrollments" AS "e"
         WHERE "e"."status" IN (:active, :waitlisted) GROUP BY "e"."classId", "e"."status"`,
        { active: ACTIVE, waitlisted: WAITLISTED },
      ),
    ]);
    const current = new Map<string, { active: number; waiting: number }>();
    for (const r of now) {
      const entry = current.get(r.classId) ?? { active: 0, waiting: 0 };
      if (r.status === ACTIVE) entry.active = n(r.n);
      else entry.waiting = n(r.n);
      current.set(r.classId, entry);
    }
    return {
      rows: rows.map((r) => ({
        classId: String(r.classId),
        active: activeDays.map((_, i) => n(r[`a${i}`])),
        started: spans.map((_, i) => n(r[`s${i}`])),
        cancelled: spans.map((_, i) => n(r[`c${i}`])),
      })),
      now: current,
    };
  });
}

function studentMonths(period: ReportPeriod, rows: readonly StudentsRow[]): StudentsMonthDTO[] {
  return period.months.map((month, i) => {
    const sum = (pick: (r: StudentsRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
    const activeAtStart = sum((r) => r.active[i]);
    const cancelled = sum((r) => r.cancelled[i]);
    return {
      month,
      activeAtStart,
      active: sum((r) => r.active[i + 1]),
      new: sum((r) => r.started[i]),
      cancelled,
      churnRate: percent(cancelled, activeAtStart),
    };
  });
}

/** GET /api/reports/students: active enrolments per month, new, cancelled, churn; by branch and course; occupancy and waiting lists. */
export async function studentsReport(actor: Actor | null, filter: ReportFilter): Promise<StudentsReportDTO> {
  assertStaff(actor);
  const { period, branchId } = parseFilter(filter);
  const [counts, facts] = await Promise.all([studentCounts(period), classFacts()]);
  const wanted = inBranch(facts, branchId);
  const rows = counts.rows.filter((r) => wanted(r.classId));
  const grouped = (key: (f: ClassFacts) => string, label: (f: ClassFacts) => string) =>
    [...groupBy(rows, (r) => key(facts.get(r.classId)!))]
      .map(([k, list]) => ({ key: k, label: label(facts.get(list[0].classId)!), months: studentMonths(period, list) }))
      .sort(byLabel);
  const classes = [...facts.values()].filter((f) => f.active && wanted(f.id));
  const occupancy: OccupancyDTO[] = classes
    .map((c) => {
      const o = counts.now.get(c.id) ?? { active: 0, waiting: 0 };
      const rate = percent(o.active, c.capacity);
      return {
        classId: c.id,
        label: c.label,
        branchName: c.branchName,
        active: o.active,
        capacity: c.capacity,
        rate,
        band: occupancyBand(rate),
        waiting: o.waiting,
      };
    })
    .sort((a, b) => a.branchName.localeCompare(b.branchName, "pt-BR") || byLabel(a, b));
  return {
    from: period.from,
    to: period.to,
    branchId,
    months: studentMonths(period, rows),
    byBranch: grouped(
      (f) => f.branchId,
      (f) => f.branchName,
    ),
    byCourse: grouped(
      (f) => f.courseId,
      (f) => f.courseName,
    ),
    occupancy,
  };
}

// ---- Frequência ----

interface AttendanceCounts {
  rows: { classId: string; month: string; records: number; present: number }[];
  absences: { classId: string; total: number; madeUp: number; booked: number }[];
}

async function attendanceCounts(period: ReportPeriod): Promise<AttendanceCounts> {
  // Make-ups carry no table version: their count and latest change tell a change.
  const [makeups] = await selectRows<{ n: number | string; latest: string | Date | null }>(
    `SELECT COUNT(*) AS "n", MAX("m"."updatedAt") AS "latest" FROM "makeups" AS "m"`,
  );
  const fingerprint = `${n(makeups?.n)}\u0000${makeups?.latest ? new Date(makeups.latest).toISOString() : ""}`;
  return keptRead(
    `attendance\u0000${period.from}\u0000${period.to}`,
    ["attendance_records"],
    async () => {
      const params = { from: period.from, to: period.to, present: PRESENT, absent: ABSENT, excused: EXCUSED, done: DONE, booked: BOOKED };
      const [records, absences] = await Promise.all([
        selectRows<{ classId: string; month: string; records: number | string; present: number | string }>(
          `SELECT "r"."classId", SUBSTR(CAST("r"."date" AS TEXT), 1, 7) AS "month", COUNT(*) AS "records",
                  SUM(CASE WHEN "r"."status" = :present THEN 1 ELSE 0 END) AS "present"
           FROM "attendance_records" AS "r" WHERE "r"."date" >= :from AND "r"."date" <= :to
           GROUP BY 1, 2`,
          params,
        ),
        selectRows<{ classId: string; total: number | string; madeUp: number | string; booked: number | string }>(
          `SELECT "r"."classId", COUNT(*) AS "total",
                  SUM(CASE WHEN "m"."status" = :done THEN 1 ELSE 0 END) AS "madeUp",
                  SUM(CASE WHEN "m"."status" = :booked THEN 1 ELSE 0 END) AS "booked"
           FROM "attendance_records" AS "r" LEFT JOIN "makeups" AS "m" ON "m"."absenceId" = "r"."id"
           WHERE "r"."date" >= :from AND "r"."date" <= :to AND "r"."status" IN (:absent, :excused) AND "r"."enrollmentId" IS NOT NULL
           GROUP BY "r"."classId"`,
          params,
        ),
      ]);
      return {
        rows: records.map((r) => ({ classId: r.classId, month: r.month, records: n(r.records), present: n(r.present) })),
        absences: absences.map((r) => ({ classId: r.classId, total: n(r.total), madeUp: n(r.madeUp), booked: n(r.booked) })),
      };
    },
    fingerprint,
  );
}

function attendanceMonths(period: ReportPeriod, rows: AttendanceCounts["rows"]): AttendanceMonthDTO[] {
  return period.months.map((month) => {
    const inMonth = rows.filter((r) => r.month === month);
    const records = inMonth.reduce((s, r) => s + r.records, 0);
    const present = inMonth.reduce((s, r) => s + r.present, 0);
    return { month, records, present, rate: percent(present, records) };
  });
}

/** GET /api/reports/attendance: presence rate per month, by class, teacher or branch; absences made up or not. */
export async function attendanceReport(actor: Actor | null, filter: ReportFilter): Promise<AttendanceReportDTO> {
  assertStaff(actor);
  const { period, branchId } = parseFilter(filter);
  const by: AttendanceGrouping = grouping(filter.by, ATTENDANCE_GROUPINGS, "branch");
  const [counts, facts] = await Promise.all([attendanceCounts(period), classFacts()]);
  const wanted = inBranch(facts, branchId);
  const rows = counts.rows.filter((r) => wanted(r.classId));
  const keyOf = (f: ClassFacts) => (by === "class" ? f.id : by === "teacher" ? f.responsibleId : f.branchId);
  const labelOf = (f: ClassFacts) =>
    by === "class" ? `${f.label} (${f.branchName})` : by === "teacher" ? f.responsibleName : f.branchName;
  const groups = [...groupBy(rows, (r) => keyOf(facts.get(r.classId)!))]
    .map(([key, list]) => {
      const records = list.reduce((s, r) => s + r.records, 0);
      const present = list.reduce((s, r) => s + r.present, 0);
      return {
        key,
        label: labelOf(facts.get(list[0].classId)!),
        records,
        present,
        rate: percent(present, records),
        months: attendanceMonths(period, list),
      };
    })
    .sort(byLabel);
  const absences = counts.absences.filter((a) => wanted(a.classId));
  const total = absences.reduce((s, a) => s + a.total, 0);
  const madeUp = absences.reduce((s, a) => s + a.madeUp, 0);
  const booked = absences.reduce((s, a) => s + a.booked, 0);
  return {
    from: period.from,
    to: period.to,
    branchId,
    by,
    months: attendanceMonths(period, rows),
    groups,
    absences: { total, madeUp, booked, notMadeUp: total - madeUp - booked },
  };
}

// ---- Financeiro ----

/**
 * GET /api/reports/finance: per month of the period, what was expected (the
 * charges not 'Cancelada' due in it) and received (the payments not reversed
 * dated in it); the period's received by method; and what was overdue on the
 * period's last day, or today when that is earlier, by ageing bucket. The
 * figures are read by the charges module (charges/, `financeFigures`), whose
 * tables they are, per branch (the charge's), and kept while those tables are
 * unchanged; the branch filter picks from them.
 */
export async function financeReport(actor: Actor | null, filter: ReportFilter): Promise<FinanceReportDTO> {
  assertStaff(actor);
  const { period, branchId } = parseFilter(filter);
  const now = today();
  const asOf = period.to < now ? period.to : now;
  const all = await keptRead(`finance\u0000${period.from}\u0000${period.to}\u0000${asOf}`, FINANCE_TABLES, () =>
    financeFigures({ from: period.from, to: period.to, asOf }),
  );
  const wanted = (r: { branchId: string }) => branchId === null || r.branchId === branchId;
  const figures = { expected: all.expected.filter(wanted), received: all.received.filter(wanted), overdue: all.overdue.filter(wanted) };
  const months = period.months.map((month) => {
    const expected = figures.expected.filter((e) => e.month === month);
    const received = figures.received.filter((r) => r.month === month);
    return {
      month,
      expectedCents: expected.reduce((s, e) => s + e.cents, 0),
      charges: expected.reduce((s, e) => s + e.charges, 0),
      receivedCents: received.reduce((s, r) => s + r.cents, 0),
      payments: received.reduce((s, r) => s + r.payments, 0),
    };
  });
  const buckets = AGEING_BUCKETS.map((bucket) => {
    const late = figures.overdue.filter((o) => o.bucket === bucket);
    return { bucket, cents: late.reduce((s, o) => s + o.cents, 0), charges: late.reduce((s, o) => s + o.charges, 0) };
  });
  return {
    from: period.from,
    to: period.to,
    branchId,
    months: months.map((m) => ({
      month: m.month,
      expected: centsToDecimal(m.expectedCents),
      charges: m.charges,
      received: centsToDecimal(m.receivedCents),
      payments: m.payments,
    })),
    expected: centsToDecimal(months.reduce((s, m) => s + m.expectedCents, 0)),
    received: centsToDecimal(months.reduce((s, m) => s + m.receivedCents, 0)),
    overdue: {
      asOf,
      amount: centsToDecimal(buckets.reduce((s, b) => s + b.cents, 0)),
      charges: buckets.reduce((s, b) => s + b.charges, 0),
      buckets: buckets.map((b) => ({ bucket: b.bucket, amount: centsToDecimal(b.cents), charges: b.charges })),
    },
    byMethod: PAYMENT_METHODS.map((method) => {
      const paid = figures.received.filter((r) => r.method === method);
      return { method, amount: centsToDecimal(paid.reduce((s, r) => s + r.cents, 0)), payments: paid.reduce((s, r) => s + r.payments, 0) };
    }),
  };
}
