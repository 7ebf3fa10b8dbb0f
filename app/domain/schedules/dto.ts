import type { ScheduleDTO } from "./schema";
export type { ScheduleDTO };
