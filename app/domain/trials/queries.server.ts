import { Op, type Transaction } from "sequelize";
import { Trial, TrialStatusHistory } from "#db/models.ts";
import type { KeyPart } from "#db/keyset.ts";
import { idsOfBatch } from "#db/in-list.ts";
import { selectRows, tableVersions } from "~/platform/db.server";
import { createLru } from "~/platform/cache.server";
import { readAll, sqlList, type ListSource } from "../list.server";
import { requireActor, type Actor } from "../access/roles";
import { NotFoundError, ValidationError } from "../errors";
import { isUuid } from "../validation";
import { DATE_INVALID, MONTH_INVALID } from "../fields";
import { isCalendarDate, isMonth } from "../patterns";
import { addDays, daysBetween, monthBounds, monthDates } from "../calendar/dates";
import { classLabels } from "../classes/queries.server";
import type { CalendarDayTrials, CalendarTrial } from "./calendar";
import { averageSalesCycleDays, isEnrolledTrial, kpisFromCounts, type SalesCycle, type TrialKpis } from "./kpis";
import { ATTENDED, ENROLLED, LOST, NO_SHOW, OUTCOME_FILTERS } from "./constants";
import { OUTCOME_INVALID, OWNER_NOT_STAFF, WANTS_TO_ENROLL } from "./schema";
import type { TrialDTO, TrialHistories, TrialHistoryEntryDTO } from "./schema";
import { classLabel } from "../classes/queries.server";
import { actorFamilyCondition, assertInFamily, type FamilyCondition } from "../access/queries.server";

/**
 * The reads of trials and their status history (lists, the calendar and its
 * KPIs): the trials' tables are read here only; other modules call these.
 */

const iso = (value: Date | string) => new Date(value).toISOString();

/** DATEONLY comes back as a string on both dialects; keep it a calendar date. */
function dateOnly(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

export function toDTO(t: Trial): TrialDTO {
  return {
    id: t.id,
    guardianName: t.guardianName,
    studentName: t.studentName,
    classId: t.classId,
    whatsappNumber: t.whatsappNumber,
    scheduledDate: dateOnly(t.scheduledDate),
    scheduledTime: t.scheduledTime,
    status: t.status,
    origin: t.origin,
    enrollmentId: t.enrollmentId ?? null,
    ownerId: t.ownerId ?? null,
    outcome: t.outcome ?? null,
    lostReason: t.lostReason ?? null,
    lostNote: t.lostNote ?? null,
    closedAt: t.closedAt ? iso(t.closedAt) : null,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

function toEntryDTO(h: {
  id: string;
  status: string;
  outcome: string | null;
  lostReason: string | null;
  changedAt: Date | string;
}): TrialHistoryEntryDTO {
  return { id: h.id, status: h.status, outcome: h.outcome ?? null, lostReason: h.lostReason ?? null, changedAt: iso(h.changedAt) };
}

const NOT_FOUND = "Experimental não encontrado";
export { MONTH_INVALID };

export async function find(id: string, t?: Transaction): Promise<Trial> {
  const trial = isUuid(id) ? await Trial.findByPk(id, { transaction: t }) : null;
  if (!trial) throw new NotFoundError(NOT_FOUND);
  return trial;
}

/** Columns of a trial as plain rows (the DTO's fields; the date as text on both databases). */
const TRIAL_COLUMNS = `"t"."id", "t"."guardianName", "t"."studentName", "t"."classId", "t"."whatsappNumber",
  CAST("t"."scheduledDate" AS TEXT) AS "scheduledDate", "t"."scheduledTime", "t"."status", "t"."origin", "t"."enrollmentId",
  "t"."ownerId", "t"."outcome", "t"."lostReason", "t"."lostNote", "t"."closedAt", "t"."createdAt", "t"."updatedAt"`;

type TrialRow = Omit<TrialDTO, "createdAt" | "updatedAt" | "closedAt"> & {
  createdAt: string | Date;
  updatedAt: string | Date;
  closedAt: string | Date | null;
};

/** A plain row of TRIAL_COLUMNS has the model's fields: the same mapping. */
const rowToDTO = (r: TrialRow): TrialDTO => toDTO(r as unknown as Trial);

/** The calendar order (date, time, student) and the id to break ties: index `trials_calendar_order`. */
const TRIAL_KEY: KeyPart[] = [
  { expr: `"t"."scheduledDate"`, type: "date" },
  { expr: `"t"."scheduledTime"`, type: "text" },
  { expr: `"t"."studentName"`, type: "text" },
  { expr: `"t"."id"`, type: "uuid" },
];

/** The month filter of the trial lists as SQL on "t" (400 for a malformed month). */
function monthCondition(month: string | null | undefined): { where?: string; params: Record<string, string> } {
  if (month === undefined || month === null || month === "") return { params: {} };
  if (!isMonth(month)) throw new ValidationError({ month: [MONTH_INVALID] });
  const { first, last } = monthBounds(month);
  return { where: `"t"."scheduledDate" BETWEEN :first AND :last`, params: { first, last } };
}

/** A condition on "t" narrowed to the actor's family (see family/scope.ts); unchanged for Administrator and Team. */
function familyOnly(
  actor: Actor | null,
  condition: { where?: string; params: Record<string, string> },
): { where?: string; params: Record<string, string>; family: FamilyCondition | null } {
  const family = actorFamilyCondition(actor, "trial", `"t"."id"`);
  if (!family) return { ...condition, family };
  return {
    where: condition.where ? `${condition.where} AND ${family.sql}` : family.sql,
    params: { ...condition.params, ...family.params },
    family,
  };
}

export interface TrialFilter {
  month?: string | null;
  /** `open`, 'Matriculado' or 'Perdido'. */
  outcome?: string | null;
  ownerId?: string | null;
}

/** The outcome and owner filters of the lists as SQL on "t" (400 for a value outside the lists). */
function outcomeOwnerCondition(filter: TrialFilter): { where: string[]; params: Record<string, string> } {
  const where: string[] = [];
  const params: Record<string, string> = {};
  if (filter.outcome) {
    if (!(OUTCOME_FILTERS as readonly string[]).includes(filter.outcome)) throw new ValidationError({ outcome: [OUTCOME_INVALID] });
    if (filter.outcome === "open") where.push(`"t"."outcome" IS NULL`);
    else {
      where.push(`"t"."outcome" = :outcome`);
      params.outcome = filter.outcome;
    }
  }
  if (filter.ownerId) {
    if (!isUuid(filter.ownerId)) throw new ValidationError({ ownerId: [OWNER_NOT_STAFF] });
    where.push(`"t"."ownerId" = :ownerId`);
    params.ownerId = filter.ownerId;
  }
  return { where, params };
}

/** A family reads its trials without the sales team's note on why the lead was lost. */
function forReader(family: FamilyCondition | null, trial: TrialDTO): TrialDTO {
  return family && trial.lostNote !== null ? { ...trial, lostNote: null } : trial;
}

/** GET /api/trials: every trial, or one month's (`YYYY-MM`), open or of one outcome, of one owner, in calendar order, read in batches. */
export function trialList(actor: Actor | null, filter: TrialFilter = {}): ListSource<TrialDTO> {
  requireActor(actor);
  const byMonth = monthCondition(filter.month);
  const extra = outcomeOwnerCondition(filter);
  const clauses = [byMonth.where, ...extra.where].filter((c): c is string => !!c);
  const month = familyOnly(actor, {
    where: clauses.length ? clauses.join(" AND ") : undefined,
    params: { ...byMonth.params, ...extra.params },
  });
  const list = sqlList<TrialRow, TrialDTO>(
    "trials",
    { columns: TRIAL_COLUMNS, from: `FROM "trials" AS "t"`, where: month.where, params: month.params, key: TRIAL_KEY },
    (rows) => rows.map((r) => forReader(month.family, rowToDTO(r))),
  );
  // A family's list depends on more tables than the trials' (and on who asks): not kept.
  if (month.family) return list;
  return {
    ...list,
    versioned: { tables: ["trials"], key: `${filter.month ?? ""}|${filter.outcome ?? ""}|${filter.ownerId ?? ""}` },
  };
}

/** Every trial, or one month's, as one array (in calendar order). */
export async function listTrials(actor: Actor | null, filter: TrialFilter = {}): Promise<TrialDTO[]> {
  return readAll(trialList(actor, filter));
}

export async function getTrial(actor: Actor | null, id: string): Promise<TrialDTO> {
  requireActor(actor);
  await assertInFamily(actor, "trial", id, NOT_FOUND);
  return forReader(actorFamilyCondition(actor, "trial", `"t"."id"`), toDTO(await find(id)));
}

async function historiesOf(trialIds: string[] | null): Promise<TrialHistories> {
  const rows = await TrialStatusHistory.findAll({
    where: trialIds ? { trialId: { [Op.in]: trialIds } } : {},
    order: [
      ["changedAt", "ASC"],
      ["id", "ASC"],
    ],
  });
  const byTrial: TrialHistories = {};
  for (const id of trialIds ?? []) byTrial[id] = [];
  for (const row of rows) (byTrial[row.trialId] ??= []).push(toEntryDTO(row));
  return byTrial;
}

type HistoryRow = {
  id: string;
  trialId: string;
  status: string;
  outcome: string | null;
  lostReason: string | null;
  changedAt: string | Date;
};

/**
 * GET /api/trials/all-histories: trial id → its entries (oldest first), for
 * every trial or one month's. Read in batches of trials (by id, the primary
 * key), each batch with its entries: members come in trial id order.
 */
export function historyList(actor: Actor | null, filter: { month?: string | null } = {}): ListSource<[string, TrialHistoryEntryDTO[]]> {
  requireActor(actor);
  const month = familyOnly(actor, monthCondition(filter.month));
  return sqlList<{ id: string }, [string, TrialHistoryEntryDTO[]]>(
    "trial-histories",
    {
      columns: `"t"."id"`,
      from: `FROM "trials" AS "t"`,
      where: month.where,
      params: month.params,
      key: [{ expr: `"t"."id"`, type: "uuid" }],
    },
    async (trials, batch) => {
      const entries = await selectRows<HistoryRow>(
        `SELECT "h"."id", "h"."trialId", "h"."status", "h"."outcome", "h"."lostReason", "h"."changedAt" FROM "trial_status_history" AS "h"
         WHERE "h"."trialId" IN (${idsOfBatch(batch)}) ORDER BY "h"."trialId", "h"."changedAt", "h"."id"`,
        batch.params,
      );
      const byTrial = new Map<string, TrialHistoryEntryDTO[]>(trials.map((t) => [t.id, []]));
      for (const e of entries) byTrial.get(e.trialId)?.push(toEntryDTO(e));
      return [...byTrial];
    },
  );
}

/** One member of the all-histories object, as JSON (`"id":[...]`). */
export function historyMember([id, entries]: [string, TrialHistoryEntryDTO[]]): string {
  return `${JSON.stringify(id)}:${JSON.stringify(entries)}`;
}

/** GET /api/trials/{id}/history: entries oldest first (404 for an unknown trial). */
export async function trialHistoryList(actor: Actor | null, id: string): Promise<ListSource<TrialHistoryEntryDTO>> {
  requireActor(actor);
  await assertInFamily(actor, "trial", id, NOT_FOUND);
  const trial = await find(id);
  return sqlList<HistoryRow, TrialHistoryEntryDTO>(
    "trial-history",
    {
      columns: `"h"."id", "h"."status", "h"."outcome", "h"."lostReason", "h"."changedAt"`,
      from: `FROM "trial_status_history" AS "h"`,
      where: `"h"."trialId" = :trialId`,
      params: { trialId: trial.id },
      key: [
        { expr: `"h"."changedAt"`, type: "instant" },
        { expr: `"h"."id"`, type: "uuid" },
      ],
    },
    (rows) => rows.map(toEntryDTO),
  );
}

/** The history screen: entries oldest first. */
export async function getTrialHistory(actor: Actor | null, id: string): Promise<TrialHistoryEntryDTO[]> {
  requireActor(actor);
  await assertInFamily(actor, "trial", id, NOT_FOUND);
  const trial = await find(id);
  return (await historiesOf([trial.id]))[trial.id] ?? [];
}

export interface TrialCalendar {
  days: Record<string, CalendarDayTrials>;
  kpis: TrialKpis;
}

const CALENDAR_COLUMNS = `"id", "guardianName", "studentName", "classId", "whatsappNumber", "scheduledDate", "scheduledTime", "status", "enrollmentId", "outcome", "lostReason"`;

/**
 * What a 'Matrícula' of a trial is, the one definition of the trials' KPI
 * '% de Matrículas' and the funnel's 'Matriculado' (reports/): an enrolment was
 * made from the trial (its outcome is 'Matriculado'; cleared again when that
 * enrolment is cancelled before its start). `alias` is the trials' table or its alias.
 */
export const enrolledTrialSql = (alias: string) => `"${alias}"."outcome" = :enrolledOutcome`;
export const ENROLLED_TRIAL_PARAMS = { enrolledOutcome: ENROLLED } as const;

/** 'Só abertos': only the trials without an outcome. */
const openOnlySql = (openOnly: boolean) => (openOnly ? ` AND "outcome" IS NULL` : "");

/** The first `:perDay` trials of each given day, each day an index seek (see migration 0003). */
function selectFirstOfDays(days: number, openOnly = false) {
  const arms = Array.from(
    { length: days },
    (_, i) =>
      `SELECT * FROM (SELECT ${CALENDAR_COLUMNS} FROM "trials" WHERE "scheduledDate" = :d${i}${openOnlySql(openOnly)} ` +
      `ORDER BY "scheduledTime", "studentName", "id" LIMIT :perDay) AS "d${i}"`,
  );
  return arms.join("\nUNION ALL\n");
}

/** Every trial of a span of days, in calendar order: one range of index `trials_calendar_order`. */
const allOfDays = (openOnly: boolean) => `
  SELECT ${CALENDAR_COLUMNS} FROM "trials" WHERE "scheduledDate" BETWEEN :first AND :last${openOnlySql(openOnly)}
  ORDER BY "scheduledDate", "scheduledTime", "studentName", "id"`;

const countDays = (openOnly: boolean) => `
  SELECT "scheduledDate", "status", COUNT(*) AS "count", SUM(CASE WHEN ${enrolledTrialSql("trials")} THEN 1 ELSE 0 END) AS "enrolled"
  FROM "trials" WHERE "scheduledDate" BETWEEN :first AND :last${openOnlySql(openOnly)}
  GROUP BY "scheduledDate", "status"`;

const countEachDay = (openOnly: boolean) => `
  SELECT "scheduledDate", COUNT(*) AS "count"
  FROM "trials" WHERE "scheduledDate" BETWEEN :first AND :last${openOnlySql(openOnly)}
  GROUP BY "scheduledDate"`;

const salesCycles = (openOnly: boolean) => `
  SELECT "t"."createdAt" AS "createdAt",
    (SELECT MAX("h"."changedAt") FROM "trial_status_history" AS "h"
     WHERE "h"."trialId" = "t"."id" AND "h"."status" = :enrolling) AS "enrolledAt"
  FROM "trials" AS "t"
  WHERE "t"."scheduledDate" BETWEEN :first AND :last AND "t"."status" = :enrolling${openOnly ? ` AND "t"."outcome" IS NULL` : ""}`;

/**
 * A read kept by the trials' table versions (migration 0008): it is made again
 * only when the trials or their history have changed since, by any process;
 * otherwise one tiny query answers. The value is a pure function of the rows.
 */
async function versioned<T extends object>(fingerprint: string, key: string, read: () => Promise<T>): Promise<T> {
  const cached = calendarCache.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached.value as T;
  const value = await read();
  calendarCache.set(key, { fingerprint, value });
  return value;
}

/**
 * A month's counts by day and status and its average sales cycle (the KPI
 * cards and the grid's totals); with 'Só abertos', of the trials without an
 * outcome only, like the grid.
 */
function monthCounts(fingerprint: string, month: string, openOnly: boolean): Promise<{ counts: CalendarCount[]; averageDays: number }> {
  const { first, last } = monthBounds(month);
  return versioned(fingerprint, `counts:${month}:${openOnly}`, async () => {
    const [counts, cycles] = await Promise.all([
      selectRows<CalendarCount>(countDays(openOnly), { first, last, ...ENROLLED_TRIAL_PARAMS }),
      selectRows<{ createdAt: string | Date; enrolledAt: string | Date | null }>(salesCycles(openOnly), {
        first,
        last,
        enrolling: WANTS_TO_ENROLL,
      }),
    ]);
    return { counts, averageDays: averageSalesCycleDays(cycles.filter((c): c is SalesCycle => c.enrolledAt !== null)) };
  });
}

function kpisOf({ counts, averageDays }: { counts: CalendarCount[]; averageDays: number }): TrialKpis {
  const byStatus: Record<string, number> = {};
  let total = 0;
  let enrolled = 0;
  for (const c of counts) {
    const n = Number(c.count);
    byStatus[c.status] = (byStatus[c.status] ?? 0) + n;
    total += n;
    enrolled += Number(c.enrolled ?? 0);
  }
  return kpisFromCounts({ total, noShow: byStatus[NO_SHOW] ?? 0, attended: byStatus[ATTENDED] ?? 0, enroll: enrolled }, averageDays);
}

/** The days' trials with their classes' labels (the classes' module names them), under each day with its total. */
async function toDays(rows: CalendarRow[], totals: Iterable<[string, number]>): Promise<Record<string, CalendarDayTrials>> {
  const labels = await classLabels(rows.map((r) => r.classId));
  const days: Record<string, CalendarDayTrials> = {};
  for (const [date, total] of totals) (days[date] ??= { trials: [], total: 0 }).total += total;
  for (const { enrollmentId, classId, outcome, lostReason, ...r } of rows) {
    const date = dateOnly(r.scheduledDate);
    (days[date] ??= { trials: [], total: 0 }).trials.push({
      ...r,
      scheduledDate: date,
      classLabel: labels.get(classId) ?? "-",
      enrolled: enrollmentId !== null,
      lostReason: outcome === LOST ? (lostReason ?? "-") : null,
    });
  }
  return days;
}

/**
 * The month view: for each day of the month its first `perDay` trials and its
 * total, and the month's KPIs. The database does the counting and picks the
 * rows (portable SQL: GROUP BY and one LIMIT per day on SQLite and PostgreSQL),
 * so the work stays the same however busy the month is.
 */
export async function getTrialCalendar(actor: Actor | null, month: string, perDay: number, openOnly = false): Promise<TrialCalendar> {
  requireActor(actor);
  if (!isMonth(month)) throw new ValidationError({ month: [MONTH_INVALID] });
  const family = actorFamilyCondition(actor, "trial", `"t"."id"`);
  if (family) {
    const { first, last } = monthBounds(month);
    const range = await familyRange(first, last, family, openOnly);
    return { days: await toDays(firstOfEachDay(range.rows, perDay), range.totals), kpis: kpisOf(range) };
  }
  const dates = monthDates(month);
  const fingerprint = await tableVersions(CALENDAR_TABLES);
  // With 'Só abertos' the month's counts are the open trials' only: the grid's totals and the KPI cards alike.
  const [counts, rows] = await Promise.all([
    monthCounts(fingerprint, month, openOnly),
    versioned(fingerprint, `rows:${month}:${perDay}:${openOnly}`, () =>
      selectRows<CalendarRow>(selectFirstOfDays(dates.length, openOnly), {
        perDay,
        ...Object.fromEntries(dates.map((d, i) => [`d${i}`, d])),
      }),
    ),
  ]);
  const totals = counts.counts.map((c): [string, number] => [dateOnly(c.scheduledDate), Number(c.count)]);
  return { days: await toDays(rows, totals), kpis: kpisOf(counts) };
}

/** The KPI cards of a month (§9), for the week and day views. */
export async function getTrialKpis(actor: Actor | null, month: string, openOnly = false): Promise<TrialKpis> {
  requireActor(actor);
  if (!isMonth(month)) throw new ValidationError({ month: [MONTH_INVALID] });
  const family = actorFamilyCondition(actor, "trial", `"t"."id"`);
  if (family) {
    const { first, last } = monthBounds(month);
    return kpisOf(await familyRange(first, last, family, openOnly));
  }
  return kpisOf(await monthCounts(await tableVersions(CALENDAR_TABLES), month, openOnly));
}

/** The longest span the week and day views read at once. */
export const MAX_SPAN_DAYS = 7;

/**
 * The week and day views: the trials of the days from `first` to `last` only
 * (at most a week), each day's first `perDay` (every one when null) and its
 * total. 404 for a malformed date or a span the views never ask for.
 */
export async function getTrialDays(
  actor: Actor | null,
  first: string,
  last: string,
  perDay: number | null,
  openOnly = false,
): Promise<Record<string, CalendarDayTrials>> {
  requireActor(actor);
  if (!isCalendarDate(first) || !isCalendarDate(last)) throw new NotFoundError(DATE_INVALID);
  const span = daysBetween(first, last) + 1;
  if (span < 1 || span > MAX_SPAN_DAYS) throw new NotFoundError(DATE_INVALID);
  const family = actorFamilyCondition(actor, "trial", `"t"."id"`);
  if (family) {
    const range = await familyRange(first, last, family, openOnly);
    return toDays(perDay === null ? range.rows : firstOfEachDay(range.rows, perDay), range.totals);
  }
  const fingerprint = await tableVersions(CALENDAR_TABLES);
  const { rows, totals } = await versioned(fingerprint, `days:${first}:${last}:${perDay ?? "all"}:${openOnly}`, async () => {
    if (perDay === null) {
      const rows = await selectRows<CalendarRow>(allOfDays(openOnly), { first, last });
      const totals = new Map<string, number>();
      for (const r of rows) totals.set(dateOnly(r.scheduledDate), (totals.get(dateOnly(r.scheduledDate)) ?? 0) + 1);
      return { rows, totals: [...totals] };
    }
    const dates = Array.from({ length: span }, (_, i) => addDays(first, i));
    const [rows, counts] = await Promise.all([
      selectRows<CalendarRow>(selectFirstOfDays(span, openOnly), { perDay, ...Object.fromEntries(dates.map((d, i) => [`d${i}`, d])) }),
      selectRows<{ scheduledDate: string | Date; count: number | string }>(countEachDay(openOnly), { first, last }),
    ]);
    return { rows, totals: counts.map((c): [string, number] => [dateOnly(c.scheduledDate), Number(c.count)]) };
  });
  return toDays(rows, totals);
}

/** Every trial of one day, in calendar order (the day's dialog). 404 for a malformed date. */
export async function getTrialDay(actor: Actor | null, date: string): Promise<CalendarTrial[]> {
  return (await getTrialDays(actor, date, date, null))[date]?.trials ?? [];
}

/**
 * A family's trials from `first` to `last` as the calendar reads them (see family/scope.ts):
 * a handful, read each time and counted here, never kept in the network's cache.
 */
async function familyRange(
  first: string,
  last: string,
  family: FamilyCondition,
  openOnly: boolean,
): Promise<{ rows: CalendarRow[]; totals: Array<[string, number]>; counts: CalendarCount[]; averageDays: number }> {
  const [rows, cycles] = await Promise.all([
    selectRows<CalendarRow>(
      `SELECT ${CALENDAR_COLUMNS} FROM "trials" AS "t" WHERE "t"."scheduledDate" BETWEEN :first AND :last AND ${family.sql}${openOnly ? ` AND "t"."outcome" IS NULL` : ""}
       ORDER BY "t"."scheduledDate", "t"."scheduledTime", "t"."studentName", "t"."id"`,
      { first, last, ...family.params },
    ),
    selectRows<{ createdAt: string | Date; enrolledAt: string | Date | null }>(`${salesCycles(openOnly)} AND ${family.sql}`, {
      first,
      last,
      enrolling: WANTS_TO_ENROLL,
      ...family.params,
    }),
  ]);
  const counts = new Map<string, CalendarCount>();
  const totals = new Map<string, number>();
  for (const trial of rows) {
    const date = dateOnly(trial.scheduledDate);
    const key = `${date}|${trial.status}`;
    const count = counts.get(key) ?? { scheduledDate: date, status: trial.status, count: 0, enrolled: 0 };
    count.count = Number(count.count) + 1;
    if (isEnrolledTrial(trial)) count.enrolled = Number(count.enrolled) + 1;
    counts.set(key, count);
    totals.set(date, (totals.get(date) ?? 0) + 1);
  }
  return {
    rows,
    totals: [...totals],
    counts: [...counts.values()],
    averageDays: averageSalesCycleDays(cycles.filter((c): c is SalesCycle => c.enrolledAt !== null)),
  };
}

/** The first `perDay` rows of each day (rows in calendar order). */
function firstOfEachDay(rows: CalendarRow[], perDay: number): CalendarRow[] {
  const shown = new Map<string, number>();
  return rows.filter((r) => {
    const date = dateOnly(r.scheduledDate);
    const n = shown.get(date) ?? 0;
    shown.set(date, n + 1);
    return n < perDay;
  });
}

/** A day's trials of one status, and how many of them are a 'Matrícula' (`enrolledTrialSql`). */
type CalendarCount = { scheduledDate: string | Date; status: string; count: number | string; enrolled: number | string | null };
type CalendarRow = Omit<CalendarTrial, "enrolled" | "classLabel" | "lostReason"> & {
  classId: string;
  enrollmentId: string | null;
  outcome: string | null;
  lostReason: string | null;
};
const CALENDAR_TABLES = ["trials", "trial_status_history"] as const;
/** The reads last made (a month's counts, a month's or a week's first rows, a day's rows). */
const calendarCache = createLru<{ fingerprint: string; value: object }>({
  maxEntries: 96,
});

/**
 * What enrolling from a trial needs of it, its row locked until the caller's
 * transaction ends (PostgreSQL; SQLite's IMMEDIATE transactions are serialised),
 * so two enrolments from one trial queue up. 404 for an unknown trial.
 */
export async function lockTrialForEnrollment(
  id: string,
  t: Transaction,
): Promise<{ id: string; classId: string; studentName: string; enrollmentId: string | null }> {
  const trial = isUuid(id) ? await Trial.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE }) : null;
  if (!trial) throw new NotFoundError(NOT_FOUND);
  return { id: trial.id, classId: trial.classId, studentName: trial.studentName, enrollmentId: trial.enrollmentId ?? null };
}

/** One trial of the dashboard's day: who, when, in which class, its status. */
export interface DayTrial {
  id: string;
  studentName: string;
  guardianName: string;
  whatsappNumber: string;
  scheduledTime: string;
  status: string;
  classId: string;
  classLabel: string;
}

/**
 * The first `limit` trials of one day in the classes of one branch, by time,
 * and how many the day has (the dashboard's 'Experimentais de hoje'): one index
 * seek on the day (migration 0003). The classes and courses tables (classes and
 * courses modules) are joined here for the branch and the class's label.
 */
export async function dayTrials(
  actor: Actor | null,
  options: { date: string; branchId: string | null; limit: number },
): Promise<{ trials: DayTrial[]; total: number }> {
  requireActor(actor);
  if (!isCalendarDate(options.date)) throw new ValidationError({ date: [DATE_INVALID] });
  if (!options.branchId || !isUuid(options.branchId)) return { trials: [], total: 0 };
  const family = actorFamilyCondition(actor, "trial", `"t"."id"`);
  const rows = await selectRows<
    Omit<DayTrial, "classLabel"> & { classNumber: number | string; courseName: string | null; total: number | string }
  >(
    `SELECT "t"."id", "t"."studentName", "t"."guardianName", "t"."whatsappNumber", "t"."scheduledTime", "t"."status", "t"."classId",
       "c"."classNumber", "co"."name" AS "courseName", COUNT(*) OVER () AS "total"
     FROM "trials" AS "t"
     JOIN "classes" AS "c" ON "c"."id" = "t"."classId"
     LEFT JOIN "courses" AS "co" ON "co"."id" = "c"."courseId"
     WHERE "t"."scheduledDate" = :date AND "c"."branchId" = :branchId${family ? ` AND ${family.sql}` : ""}
     ORDER BY "t"."scheduledTime", "t"."studentName", "t"."id"
     LIMIT :limit`,
    { date: options.date, branchId: options.branchId, limit: options.limit, ...family?.params },
  );
  return {
    trials: rows.map(({ classNumber, courseName, total: _total, ...r }) => ({ ...r, classLabel: classLabel(courseName, classNumber) })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}
