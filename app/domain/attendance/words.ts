/**
 * A roll call's words: the presence statuses, the session range and the at-risk rule's
 * numbers, and the roll call's messages. No zod here (schema.ts re-exports them), so the
 * roll call screen does not download zod.
 */

export const ATTENDANCE_STATUSES = ["Presente", "Falta", "Falta justificada"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const PRESENT = "Presente";
export const ABSENT = "Falta";
export const EXCUSED = "Falta justificada";
export const ABSENCE_STATUSES: readonly string[] = [ABSENT, EXCUSED];

/** A session query covers at most this many days. */
export const MAX_SESSION_RANGE_DAYS = 62;
/** The at-risk list: this many consecutive absences within the last AT_RISK_WINDOW_DAYS days. */
export const AT_RISK_ABSENCES = 3;
export const AT_RISK_WINDOW_DAYS = 30;

// The exact messages of the issue.
export const NO_SESSION_ON_DATE = "Data sem aula desta turma";
export const FUTURE_DATE = "Não é possível registrar presença em data futura";
