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
