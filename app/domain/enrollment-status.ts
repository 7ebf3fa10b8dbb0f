/**
 * An enrolment's statuses, without the schemas: the screens that only show a
 * status (the students list's badges) load these few words, not zod. They sit
 * in the domain's shared base, as the students' filters and the reports read
 * enrolments by status without importing the enrolments module (ADR 016).
 */
export const ENROLLMENT_STATUSES = ["Ativa", "Em espera", "Cancelada"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ACTIVE = "Ativa";
export const WAITLISTED = "Em espera";
export const CANCELLED = "Cancelada";
