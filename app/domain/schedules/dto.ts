import type { ClassroomSchedule } from "#db/models.ts";
import { weekdayIndex } from "./schema";

import type { ScheduleDTO } from "./schema";
export type { ScheduleDTO };

export function toScheduleDTO(s: ClassroomSchedule): ScheduleDTO {
  return {
    id: s.id,
    classroomId: s.classroomId,
    dayOfWeek: s.dayOfWeek,
    startTime: s.startTime,
    endTime: s.endTime,
    createdAt: new Date(s.createdAt).toISOString(),
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}

/** Monday to Saturday, then by start time (weekday names do not sort alphabetically). */
export function sortSchedules<T extends { dayOfWeek: string; startTime: string; endTime: string }>(list: T[]): T[] {
  return [...list].sort(
    (a, b) =>
      weekdayIndex(a.dayOfWeek) - weekdayIndex(b.dayOfWeek) ||
      a.startTime.localeCompare(b.startTime) ||
      a.endTime.localeCompare(b.endTime),
  );
}
