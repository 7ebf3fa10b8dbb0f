import { dateAndTimeIn, schoolTimeZone } from "../calendar/dates";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time as the history dialog shows it (§2, §9): days+hours ('2d 3h'),
 * hours+minutes ('5h 10min') or minutes ('45min'). Partial units are dropped.
 */
export function formatDuration(ms: number): string {
  const span = Math.max(0, ms);
  const days = Math.floor(span / DAY);
  const hours = Math.floor((span % DAY) / HOUR);
  const minutes = Math.floor((span % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}min`;
  return `${minutes}min`;
}

const time = (value: string | Date) => (value instanceof Date ? value : new Date(value)).getTime();

/** 'Duração Total do Ciclo': first to last entry, or '-' with fewer than 2 entries. */
export function totalCycle(entries: ReadonlyArray<{ changedAt: string | Date }>): string {
  if (entries.length < 2) return "-";
  return formatDuration(time(entries[entries.length - 1].changedAt) - time(entries[0].changedAt));
}

/** The time each entry lasted: until the next entry; null for the last (current) one. */
export function entryDurations(entries: ReadonlyArray<{ changedAt: string | Date }>): Array<string | null> {
  return entries.map((entry, i) =>
    i + 1 < entries.length ? formatDuration(time(entries[i + 1].changedAt) - time(entry.changedAt)) : null,
  );
}

/** 'dd/MM/yyyy às HH:mm' in the school's time zone, the same on the server and in any browser. */
export function formatDateTime(value: string | Date, timeZone = schoolTimeZone()): string {
  const { date, time } = dateAndTimeIn(value, timeZone);
  return `${date} às ${time}`;
}
