// The weekdays of a time slot, without zod (schema.ts re-exports them).

/** §3: six weekdays, Monday to Saturday (no Sunday), in display order. */
export const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEFAULT_WEEKDAY: Weekday = "Segunda";
