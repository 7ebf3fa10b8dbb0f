import { z } from "zod";
import { hhmm, id, storedEnum, timestamp } from "../dto-fields";
import { requiredString, TIME_RE } from "../fields";
import { CLASSROOM_REQUIRED, type ClassroomDTO } from "../classrooms/schema";

export const SCHEDULE_REQUIRED = "Horário é obrigatório";

// The weekdays live in ./weekdays.ts (no zod): a screen that lists time slots imports them
// from there and downloads no zod.
export { WEEKDAYS, DEFAULT_WEEKDAY, type Weekday } from "./weekdays";
import { DEFAULT_WEEKDAY, WEEKDAYS } from "./weekdays";

export const WEEKDAY_MESSAGE = "Por favor, selecione um dia da semana";
export const TIME_MESSAGE = "Horário deve estar no formato HH:MM";
export const END_AFTER_START = "Horário final deve ser maior que o horário inicial";

export const weekdayField = z.enum(WEEKDAYS, { error: WEEKDAY_MESSAGE });
export const timeField = z
  .string({ error: TIME_MESSAGE })
  .max(100, { error: TIME_MESSAGE, abort: true })
  .trim()
  .regex(TIME_RE, TIME_MESSAGE);

/** Sort key of a weekday (unknown values last). */
export function weekdayIndex(day: string): number {
  const i = (WEEKDAYS as readonly string[]).indexOf(day);
  return i === -1 ? WEEKDAYS.length : i;
}

export interface ScheduleTimes {
  dayOfWeek: string;
  startTime: string;
  endTime: string;
}

/** The one order of schedules everywhere: Monday to Saturday, then start and end time ("HH:MM" compares correctly as text). */
export function compareSchedules(a: ScheduleTimes, b: ScheduleTimes): number {
  return (
    weekdayIndex(a.dayOfWeek) - weekdayIndex(b.dayOfWeek) || a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime)
  );
}

/** 'Segunda 08:00-09:00' (§2). */
export function scheduleLabel(s: ScheduleTimes): string {
  return `${s.dayOfWeek} ${s.startTime}-${s.endTime}`;
}

/** "HH:MM" strings compare correctly as text. */
export function endsAfterStart(value: { startTime?: string; endTime?: string }): boolean {
  return !value.startTime || !value.endTime || value.endTime > value.startTime;
}

const times = {
  dayOfWeek: weekdayField.default(DEFAULT_WEEKDAY),
  startTime: timeField,
  endTime: timeField,
};

/** End later than start, reported on the end time (§5). */
const endAfterStart = { message: END_AFTER_START, path: ["endTime"] };

export const scheduleSchema = z
  .object({ classroomId: requiredString(CLASSROOM_REQUIRED, 36), ...times })
  .refine(endsAfterStart, endAfterStart);

/** The HTML form: the classroom comes from the URL. */
export const scheduleFormSchema = z.object(times).refine(endsAfterStart, endAfterStart);

/** The result of merging a PATCH into the stored row is checked with this. */
export const scheduleTimesSchema = z
  .object({ dayOfWeek: weekdayField, startTime: timeField, endTime: timeField })
  .refine(endsAfterStart, endAfterStart);

/** PATCH /api/classroom-schedules/{id}: each field optional; the merged result is validated again. */
export const scheduleUpdateSchema = z.object({
  dayOfWeek: weekdayField.optional(),
  startTime: timeField.optional(),
  endTime: timeField.optional(),
});

export type ScheduleInput = z.output<typeof scheduleSchema>;

// ---- Responses ----

export const scheduleDto = z
  .object({
    id,
    classroomId: id,
    dayOfWeek: storedEnum(WEEKDAYS),
    startTime: hhmm,
    endTime: hhmm,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "ClassroomSchedule" });
export type ScheduleDTO = z.output<typeof scheduleDto>;

/** A classroom with its schedules (the classrooms dialog). */
export interface ClassroomWithSchedules extends ClassroomDTO {
  schedules: ScheduleDTO[];
}
