/**
 * An enrolment's statuses, without the schemas: the screens that only show a
 * status (the students list's badges) load these few words, not zod.
 */
export const ENROLLMENT_STATUSES = ["Ativa", "Em espera", "Cancelada"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ACTIVE = "Ativa";
export const WAITLISTED = "Em espera";
export const CANCELLED = "Cancelada";
