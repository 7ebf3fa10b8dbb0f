import { isCalendarDate, isMonth } from "~/domain/patterns";
import type { CalendarDayTrials } from "~/domain/trials/calendar";

/**
 * The trials screen's links and loader data: where its dialogs go back to, and
 * the calendar's days packed for the page (the date math is in
 * ~/domain/trials/calendar).
 */

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
  enrolled: 0 | 1,
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
      day.trials.map((t) => [t.id, t.guardianName, t.studentName, t.whatsappNumber, t.scheduledTime, t.status, t.enrolled ? 1 : 0]),
    ];
  }
  return JSON.stringify(packed);
}

export function unpackDays(json: string): Record<string, CalendarDayTrials> {
  const days: Record<string, CalendarDayTrials> = {};
  for (const [date, [total, trials]] of Object.entries(JSON.parse(json) as Record<string, [number, PackedTrial[]]>)) {
    days[date] = {
      total,
      trials: trials.map(([id, guardianName, studentName, whatsappNumber, scheduledTime, status, enrolled]) => ({
        id,
        guardianName,
        studentName,
        whatsappNumber,
        scheduledDate: date,
        scheduledTime,
        status,
        enrolled: enrolled === 1,
      })),
    };
  }
  return days;
}
