import { compareSchedules, WEEKDAYS, type ScheduleTimes } from "../schedules/schema";
import { addDays, dateInTimeZone, daysBetween, schoolTimeZone } from "./dates";

/**
 * A class's sessions, derived (never stored): a session is a (date, schedule)
 * where the date's weekday is the schedule's (Segunda…Sábado; Sunday never)
 * and the date is on or after the class's first day (its creation date in the
 * school's time zone). Dates are calendar dates ('YYYY-MM-DD'), handled with
 * UTC arithmetic so no time zone can shift a day. Pure: no database.
 */

export interface SessionSchedule extends ScheduleTimes {
  id: string;
}

export interface Session {
  date: string;
  scheduleId: string;
  startTime: string;
  endTime: string;
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The weekday of a date as the schedules name it ('Segunda'…'Sábado'); null on Sundays. */
export function weekdayOf(date: string): string | null {
  const day = utc(date).getUTCDay(); // 0 = Sunday; WEEKDAYS[0] = Segunda (1)
  return day === 0 ? null : WEEKDAYS[day - 1];
}

/** The first day on or after `from` whose weekday is one of `weekdays` (Segunda…Sábado); `from` without any. */
export function nextSessionOn(from: string, weekdays: readonly string[]): string {
  const wanted = new Set(weekdays);
  for (let i = 0; i < 7; i++) {
    const date = addDays(from, i);
    const weekday = weekdayOf(date);
    if (weekday && wanted.has(weekday)) return date;
  }
  return from;
}

/** A class's first day of sessions: its creation instant's date in the school's time zone. */
export function firstSessionDate(createdAt: Date | string, timeZone = schoolTimeZone()): string {
  return dateInTimeZone(new Date(createdAt), timeZone);
}

const bySession = (a: Session & ScheduleTimes, b: Session & ScheduleTimes) =>
  a.date.localeCompare(b.date) || compareSchedules(a, b) || a.scheduleId.localeCompare(b.scheduleId);

/** The sessions of one date, by start time. */
export function sessionsOn(schedules: readonly SessionSchedule[], firstDate: string, date: string): Session[] {
  if (date < firstDate) return [];
  const weekday = weekdayOf(date);
  return schedules
    .filter((s) => s.dayOfWeek === weekday)
    .map((s) => ({ date, scheduleId: s.id, startTime: s.startTime, endTime: s.endTime, dayOfWeek: s.dayOfWeek }))
    .sort(bySession)
    .map(({ dayOfWeek: _d, ...session }) => session);
}

/**
 * The longest span, in days, any loop over days here walks. Callers keep their
 * own, smaller caps (a session query: 62 days; a make-up window: 30); this one
 * only makes sure no input, however it got here, can make a loop run on.
 */
export const MAX_LOOP_DAYS = 400;

/**
 * The sessions from `from` to `to` (both included, not before `firstDate`), by
 * date then start time. The loop runs a counted number of days (never compares
 * date texts: the day after 9999-12-31 is in year +010000, whose text sorts first);
 * a span longer than MAX_LOOP_DAYS is a caller's mistake and throws.
 */
export function sessionsBetween(schedules: readonly SessionSchedule[], firstDate: string, from: string, to: string): Session[] {
  const start = from < firstDate ? firstDate : from;
  const days = daysBetween(start, to) + 1;
  if (!Number.isFinite(days)) throw new RangeError(`Período inválido: ${from}..${to}`);
  if (days > MAX_LOOP_DAYS) throw new RangeError(`Período longo demais: ${from}..${to}`);
  const sessions: Session[] = [];
  for (let i = 0; i < days; i++) {
    sessions.push(...sessionsOn(schedules, firstDate, addDays(start, i)));
  }
  return sessions;
}

/** Whether (date, scheduleId) is a session of the class. */
export function isSession(schedules: readonly SessionSchedule[], firstDate: string, date: string, scheduleId: string): boolean {
  return sessionsOn(schedules, firstDate, date).some((s) => s.scheduleId === scheduleId);
}

/** The session just before (date, scheduleId) in the class's order; null before the first one. */
export function previousSession(
  schedules: readonly SessionSchedule[],
  firstDate: string,
  date: string,
  scheduleId: string,
): Session | null {
  const sameDay = sessionsOn(schedules, firstDate, date);
  const at = sameDay.findIndex((s) => s.scheduleId === scheduleId);
  if (at > 0) return sameDay[at - 1];
  // Any weekday comes back within 7 days.
  for (let i = 1; i <= 7; i++) {
    const day = addDays(date, -i);
    if (day < firstDate) return null;
    const sessions = sessionsOn(schedules, firstDate, day);
    if (sessions.length) return sessions[sessions.length - 1];
  }
  return null;
}

/** The session just after (date, scheduleId) in the class's order (it may be in the future); null without schedules. */
export function nextSession(schedules: readonly SessionSchedule[], firstDate: string, date: string, scheduleId: string): Session | null {
  const sameDay = sessionsOn(schedules, firstDate, date);
  const at = sameDay.findIndex((s) => s.scheduleId === scheduleId);
  if (at !== -1 && at < sameDay.length - 1) return sameDay[at + 1];
  for (let i = 1; i <= 7; i++) {
    const day = addDays(date < firstDate ? addDays(firstDate, -1) : date, i);
    const sessions = sessionsOn(schedules, firstDate, day);
    if (sessions.length) return sessions[0];
  }
  return null;
}

/** The class's latest session on or before `date` (e.g. a link to today's or the last roll call); null when none. */
export function latestSessionOnOrBefore(schedules: readonly SessionSchedule[], firstDate: string, date: string): Session | null {
  for (let i = 0; i <= 7; i++) {
    const day = addDays(date, -i);
    if (day < firstDate) return null;
    const sessions = sessionsOn(schedules, firstDate, day);
    if (sessions.length) return sessions[sessions.length - 1];
  }
  return null;
}

const wallClock = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a time zone, as 'HH:MM'. */
function timeInTimeZone(instant: Date, timeZone: string): string {
  let format = wallClock.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    wallClock.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * The first day a pupil who joins at `now` may start on: the date of the
 * class's next session after that instant, skipping today when any of today's
 * sessions has already begun (an enrolment counts from a date on, in all of
 * that date's sessions, so starting today would put the pupil into a roll call
 * already under way). Null when the class has no schedules.
 */
export function firstSessionDateAfter(
  schedules: readonly SessionSchedule[],
  firstDate: string,
  now: Date,
  timeZone = schoolTimeZone(),
): string | null {
  const today = dateInTimeZone(now, timeZone);
  const time = timeInTimeZone(now, timeZone);
  const from = today < firstDate ? firstDate : today;
  // Any weekday comes back within 7 days.
  for (let i = 0; i <= 7; i++) {
    const sessions = sessionsOn(schedules, firstDate, addDays(from, i));
    if (sessions.length === 0) continue;
    if (sessions[0].date === today && sessions[0].startTime <= time) continue;
    return sessions[0].date;
  }
  return null;
}

/**
 * Whether a session has begun at `now` (or is over): an earlier day, or today
 * at or after its start time, in the school's time zone. A family warns of an
 * absence only before the session begins.
 */
export function sessionStarted(session: { date: string; startTime: string }, now = new Date(), timeZone = schoolTimeZone()): boolean {
  const today = dateInTimeZone(now, timeZone);
  if (session.date !== today) return session.date < today;
  return session.startTime <= timeInTimeZone(now, timeZone);
}
