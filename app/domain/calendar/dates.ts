import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone } from "~/lib/time-zone";
import { normalizeMonth } from "../patterns";

/**
 * The school's calendar dates. A date (a trial's, a session's, an enrolment's)
 * is a calendar date ('YYYY-MM-DD'), never an instant: everything here works
 * on the strings and on UTC arithmetic, so no server or browser time zone can
 * shift a day. "Today" is the school's day, in the school's time zone (the
 * SCHOOL_TIME_ZONE setting, America/Sao_Paulo unless set; the server's own TZ
 * plays no part). Pure: used by the domain, the screens, the seed and the tests
 * alike. A class's sessions are derived in ./sessions.ts.
 */
let schoolZone = DEFAULT_SCHOOL_TIME_ZONE;

/** The school's time zone (an IANA name): every "today" and every instant shown as a date or a time. */
export function schoolTimeZone(): string {
  return schoolZone;
}

/**
 * Sets the school's time zone, once at start: the server (from SCHOOL_TIME_ZONE) and
 * the scripts do it before any date is taken. Throws on an unknown name.
 */
export function setSchoolTimeZone(name: string): void {
  if (!isTimeZone(name)) throw new Error(`fuso horário desconhecido: ${name}`);
  schoolZone = name;
}

export const WEEKDAY_HEADERS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date of an instant in a time zone, as 'YYYY-MM-DD'. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateInTimeZone(instant: Date, timeZone = schoolTimeZone()): string {
  // Building a formatter costs far more than using one: one per time zone.
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's date ('dd/MM/yyyy') and time ('HH:mm') in a time zone, the same on the server and in any browser. */
export function dateAndTimeIn(value: string | Date, timeZone = schoolTimeZone()): { date: string; time: string } {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(value instanceof Date ? value : new Date(value));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${get("day")}/${get("month")}/${get("year")}`, time: `${get("hour")}:${get("minute")}` };
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The date `days` days away ('2026-11-30', +1 → '2026-12-01'). */
export function addDays(date: string, days: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether a 'YYYY-MM-DD' day is a Sunday (the schools are closed). */
export function isSunday(date: string): boolean {
  return utc(date).getUTCDay() === 0;
}

/** The day itself, or for a Sunday the day after (`step` 1) or before (`step` -1). */
export function notSunday(date: string, step: 1 | -1 = 1): string {
  return isSunday(date) ? addDays(date, step) : date;
}

/** The first working day (Monday to Friday) after `date` ('2026-11-27', a Friday → '2026-11-30'). */
export function nextWorkingDay(date: string): string {
  let next = addDays(date, 1);
  while (utc(next).getUTCDay() === 0 || utc(next).getUTCDay() === 6) next = addDays(next, 1);
  return next;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

/** Today in the school's time zone. */
export function today(now = new Date(), timeZone = schoolTimeZone()): string {
  return dateInTimeZone(now, timeZone);
}

/** The `?month=` parameter ('YYYY-MM', or 'MM/YYYY' typed where there is no month picker), or the current month when absent or malformed. */
export function monthOrCurrent(value: string | null | undefined, now = new Date()): string {
  return normalizeMonth(value) ?? today(now).slice(0, 7);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** First and last day of a month, for `scheduledDate BETWEEN first AND last`. */
export function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split("-").map(Number);
  return { first: `${month}-01`, last: `${month}-${pad(daysInMonth(y, m))}` };
}

/** Every date of a month: ['2026-11-01', …, '2026-11-30']. */
export function monthDates(month: string): string[] {
  const [y, m] = month.split("-").map(Number);
  return Array.from({ length: daysInMonth(y, m) }, (_, i) => `${month}-${pad(i + 1)}`);
}

/** The month `delta` months away ('2026-12', +1 → '2027-01'). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}`;
}

/**
 * Month and day names come from the platform's Intl (pt-BR), in UTC on a
 * calendar date's noon, so no time zone can shift the day and no date library
 * weighs on the calendar's bundle.
 */
const monthYearFormat = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" });
const weekdayDayMonthFormat = new Intl.DateTimeFormat("pt-BR", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Novembro de 2026' (first letter capitalised). */
export function monthTitle(month: string): string {
  return capitalised(monthYearFormat.format(new Date(`${month}-01T12:00:00Z`)));
}

export interface CalendarDay {
  date: string;
  day: number;
  inMonth: boolean;
}

/** The month as weeks of 7 days, Sunday first, padded with the neighbouring months' days. */
export function calendarWeeks(month: string): CalendarDay[][] {
  const [y, m] = month.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const start = new Date(first);
  start.setUTCDate(1 - first.getUTCDay());
  const total = daysInMonth(y, m);
  const cells = Math.ceil((first.getUTCDay() + total) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < cells; i++) {
    const d = new Date(start);
    d.setUTCDate(start.getUTCDate() + i);
    const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push({ date, day: d.getUTCDate(), inMonth: date.startsWith(month) });
  }
  return weeks;
}

/** '2026-11-21' → '21/11/2026' without going through a Date (an ISO instant's date part too); empty → '-'. */
export function formatDay(date: string | null | undefined): string {
  if (!date) return "-";
  const [y, m, d] = date.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** 'Sábado, 21 de novembro' for the day-by-day list on phones. */
export function dayHeading(date: string): string {
  return capitalised(weekdayDayMonthFormat.format(new Date(`${date}T12:00:00Z`)));
}
