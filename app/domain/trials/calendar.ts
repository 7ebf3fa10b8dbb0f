import { isCalendarDate, isMonth, MONTH_RE } from "../patterns";

export { isCalendarDate, isMonth, MONTH_RE };

/**
 * Calendar dates of the trials screen. A trial's date is a calendar date
 * ('YYYY-MM-DD'), never an instant: everything here works on the strings and
 * on UTC arithmetic, so no server or browser time zone can shift a day.
 * "Today" is the school's day, in America/Sao_Paulo.
 */
export const SCHOOL_TIME_ZONE = "America/Sao_Paulo";

export const WEEKDAY_HEADERS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date of an instant in a time zone, as 'YYYY-MM-DD'. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateInTimeZone(instant: Date, timeZone = SCHOOL_TIME_ZONE): string {
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

/** Today in the school's time zone. */
export function today(now = new Date(), timeZone = SCHOOL_TIME_ZONE): string {
  return dateInTimeZone(now, timeZone);
}

/** The `?month=` parameter, or the current month when absent or malformed. */
export function monthOrCurrent(value: string | null | undefined, now = new Date()): string {
  return isMonth(value) ? value : today(now).slice(0, 7);
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

/** What a calendar block shows of a trial. */
export interface CalendarTrial {
  id: string;
  guardianName: string;
  studentName: string;
  whatsappNumber: string;
  scheduledDate: string;
  scheduledTime: string;
  status: string;
  /** The trial has led to an enrolment (the block reads 'Matriculado'). */
  enrolled: boolean;
}

/** A day of the calendar: its first trials (calendar order) and how many it has. */
export interface CalendarDayTrials {
  trials: CalendarTrial[];
  total: number;
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

/** '2026-11-21' → '21/11/2026' without going through a Date. */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}

/** 'Sábado, 21 de novembro' for the day-by-day list on phones. */
export function dayHeading(date: string): string {
  return capitalised(weekdayDayMonthFormat.format(new Date(`${date}T12:00:00Z`)));
}
