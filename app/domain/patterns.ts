/**
 * Input patterns shared by the schemas and by screens (kept free of zod so list screens stay light).
 *
 * Every pattern here must run in linear time on any input: no two adjacent
 * quantified parts may match the same character. The schemas also check the
 * length first (`.max(n, { abort: true })`), so a pattern never sees a huge string.
 */

/**
 * Something@domain with a dot inside the domain (not its first or last
 * character) and no spaces or second "@". The domain is read as: its first
 * character, a run without dots, the first dot, the rest; each part can only
 * match one way, so a long run of dots cannot make it backtrack.
 */
export const EMAIL_RE = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The dates the school works with: every date the app accepts (a field, a
 * query parameter, a path segment) is a real calendar day in this range, so a
 * day loop or a month grid always works on a bounded, well-formed span.
 */
export const MIN_DATE = "1900-01-01";
export const MAX_DATE = "2100-12-31";
export const MIN_MONTH = MIN_DATE.slice(0, 7);
export const MAX_MONTH = MAX_DATE.slice(0, 7);

/**
 * True for a 'YYYY-MM-DD' string naming a real day (no 31 April, 29 February
 * only in leap years) from MIN_DATE to MAX_DATE. The one date check of the app.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== "string" || !DATE_RE.test(value) || value < MIN_DATE || value > MAX_DATE) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The `pattern` of a month input, for browsers that show it as text: what `normalizeMonth` reads. */
export const MONTH_INPUT_PATTERN = String.raw`\d{4}-\d{2}|\d{1,2}/\d{4}`;

/**
 * A month as typed where the browser has no month picker (the input falls back
 * to text): 'YYYY-MM' or 'MM/YYYY' ('M/YYYY' too), spaces around ignored.
 * Answers 'YYYY-MM' when it is a month `isMonth` accepts, null otherwise.
 */
export function normalizeMonth(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 20) return null;
  const text = value.trim();
  const typed = /^(\d{1,2})\/(\d{4})$/.exec(text);
  const month = typed ? `${typed[2]}-${typed[1].padStart(2, "0")}` : text;
  return isMonth(month) ? month : null;
}

/** True for a 'YYYY-MM' month from MIN_MONTH to MAX_MONTH. */
export function isMonth(value: unknown): value is string {
  return typeof value === "string" && MONTH_RE.test(value) && value >= MIN_MONTH && value <= MAX_MONTH;
}
