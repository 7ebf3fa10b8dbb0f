import { addDays, shiftMonth } from "~/domain/calendar/dates";
import { isCalendarDate, isMonth } from "~/domain/patterns";
import { trialAnchor, type CalendarDayTrials } from "~/domain/trials/calendar";

/**
 * The trials screen's links and loader data: which view of the calendar a URL
 * asks for, where its dialogs go back to, and the calendar's days packed for
 * the page (the date math is in ~/domain/calendar/dates).
 */

/** The calendar's views: the month grid, a week (Sunday first) and a day's agenda. */
export type CalendarView = "month" | "week" | "day";

/**
 * Where the calendar is: its view and its day. For the month view `date` is
 * the day the phone's agenda shows (the month grid is for 768 px and wider);
 * for the week view, any day of the week.
 */
export interface CalendarPlace {
  view: CalendarView;
  date: string;
  /** 'Só abertos' (`open=1`): only the trials without an outcome. */
  open?: boolean;
}

/** `open=1` in a query string keeps 'Só abertos'. */
const withOpen = (place: CalendarPlace, search: URLSearchParams): CalendarPlace =>
  search.get("open") === "1" ? { ...place, open: true } : place;

/**
 * The place a URL asks for: `?view=day|week&date=YYYY-MM-DD` (today when the
 * date is absent or malformed), else the month view of `?month=YYYY-MM` (the
 * calendar's first URL), of the date's month, or of today. The month view's
 * agenda day is the URL's date in that month, else today in it, else its first day.
 */
export function calendarPlace(search: URLSearchParams, today: string): CalendarPlace {
  return withOpen(placeOf(search, today), search);
}

function placeOf(search: URLSearchParams, today: string): CalendarPlace {
  const view = search.get("view");
  const rawDate = search.get("date");
  const date = isCalendarDate(rawDate) ? rawDate : null;
  if (view === "day" || view === "week") return { view, date: date ?? today };
  const rawMonth = search.get("month");
  const month = isMonth(rawMonth) ? rawMonth : (date ?? today).slice(0, 7);
  if (date?.startsWith(month)) return { view: "month", date };
  return { view: "month", date: today.startsWith(month) ? today : `${month}-01` };
}

/** The month a place shows (its KPIs' month). */
export const placeMonth = (place: CalendarPlace) => place.date.slice(0, 7);

/** A place as a query string, without '?': `month=…` for the month view (its first URL), else `view=…&date=…`. */
export function placeQuery(place: CalendarPlace): string {
  const query = place.view === "month" ? `month=${placeMonth(place)}` : `view=${place.view}&date=${place.date}`;
  return place.open ? `${query}&open=1` : query;
}

/** The calendar at a place. */
export function placeUrl(place: CalendarPlace): string {
  return `/trials?${placeQuery(place)}`;
}

/** A trial's block at a place: the calendar scrolled to it (`#tb-<id>`, see TrialBlock). */
export function trialAnchorUrl(place: CalendarPlace, trialId: string): string {
  return `${placeUrl(place)}#${trialAnchor(trialId)}`;
}

/** The same view moved to another day: a day for the day view, the week around it, its month. */
export function placeOn(place: CalendarPlace, date: string): CalendarPlace {
  return place.open ? { view: place.view, date, open: true } : { view: place.view, date };
}

/** The Sunday that starts the week of a date. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -weekday);
}

/** The seven days of the week of a date, Sunday first. */
export function weekDates(date: string): string[] {
  const first = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** The previous and next places of a view: a day, a week or a month away. */
export function neighbours(place: CalendarPlace): { previous: CalendarPlace; next: CalendarPlace } {
  if (place.view === "day") return { previous: placeOn(place, addDays(place.date, -1)), next: placeOn(place, addDays(place.date, 1)) };
  if (place.view === "week") return { previous: placeOn(place, addDays(place.date, -7)), next: placeOn(place, addDays(place.date, 7)) };
  const month = placeMonth(place);
  return {
    previous: placeOn(place, `${shiftMonth(month, -1)}-01`),
    next: placeOn(place, `${shiftMonth(month, 1)}-01`),
  };
}

/**
 * The place a trial dialog goes back to: the one its URL names (`?view=&date=`,
 * `?month=`), else the month of the given date (the trial's, or the day it was
 * opened from), else none (the calendar's first URL).
 */
export function returnPlace(url: URL, date?: string | null): CalendarPlace | null {
  const place = returnPlaceOf(url, date);
  return place ? withOpen(place, url.searchParams) : null;
}

function returnPlaceOf(url: URL, date?: string | null): CalendarPlace | null {
  const search = url.searchParams;
  const view = search.get("view");
  const at = search.get("date");
  if ((view === "day" || view === "week") && isCalendarDate(at)) return { view, date: at };
  const month = search.get("month");
  if (isMonth(month)) return calendarPlace(search, `${month}-01`);
  if (date && isCalendarDate(date)) return { view: "month", date };
  return null;
}

/** The place a dialog of a trial goes back to: the URL's, else the trial's month. */
export function trialReturnPlace(url: URL, trialDate: string): CalendarPlace {
  return returnPlace(url, trialDate) ?? { view: "month", date: trialDate };
}

/** Where a dialog goes back to (the calendar's first URL when no place is known). */
export function returnUrl(place: CalendarPlace | null): string {
  return place ? placeUrl(place) : "/trials";
}

/** The calendar screen for a month: where dialogs go back to and actions redirect. */
export function trialsUrl(month: string | null | undefined): string {
  return isMonth(month) ? `/trials?month=${month}` : "/trials";
}

/**
 * The month a trial dialog returns to: its `?month=`, else the month of the
 * given date (the trial's, or the day it was opened from), else none.
 */
export function returnMonth(url: URL, date?: string | null): string | null {
  const month = url.searchParams.get("month");
  if (isMonth(month)) return month;
  if (date && isCalendarDate(date)) return date.slice(0, 7);
  return null;
}

type PackedTrial = [
  id: string,
  guardianName: string,
  studentName: string,
  whatsappNumber: string,
  scheduledTime: string,
  status: string,
  classLabel: string,
  enrolled: 0 | 1,
  lostReason: string | null,
];

/**
 * The calendar's days as compact JSON for the page's loader data: arrays
 * instead of objects (no key repeated per trial), the date only once, as the
 * day's key. `unpackDays` gives the same days back.
 */
export function packDays(days: Record<string, CalendarDayTrials>): string {
  const packed: Record<string, [number, PackedTrial[]]> = {};
  for (const [date, day] of Object.entries(days)) {
    packed[date] = [
      day.total,
      day.trials.map((t) => [
        t.id,
        t.guardianName,
        t.studentName,
        t.whatsappNumber,
        t.scheduledTime,
        t.status,
        t.classLabel,
        t.enrolled ? 1 : 0,
        t.lostReason,
      ]),
    ];
  }
  return JSON.stringify(packed);
}

export function unpackDays(json: string): Record<string, CalendarDayTrials> {
  const days: Record<string, CalendarDayTrials> = {};
  for (const [date, [total, trials]] of Object.entries(JSON.parse(json) as Record<string, [number, PackedTrial[]]>)) {
    days[date] = {
      total,
      trials: trials.map(([id, guardianName, studentName, whatsappNumber, scheduledTime, status, classLabel, enrolled, lostReason]) => ({
        id,
        guardianName,
        studentName,
        whatsappNumber,
        scheduledDate: date,
        scheduledTime,
        status,
        classLabel,
        enrolled: enrolled === 1,
        lostReason: lostReason ?? null,
      })),
    };
  }
  return days;
}
