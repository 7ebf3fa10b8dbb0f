import { z } from "zod";
import { hhmm, id, storedEnum, timestamp } from "../dto-fields";
import { WEEKDAYS } from "../schedules/schema";
import { checkbox, formCheckbox } from "../fields";
import { BRANCH_REQUIRED } from "../branches/schema";
import { CLASSROOM_REQUIRED } from "../classrooms/schema";

export const CLASS_INACTIVE = "Turma inativa";
export const CLASS_REQUIRED = "Turma é obrigatória";
export const CLASS_NOT_FOUND = "Turma não encontrada";

export const COURSE_REQUIRED = "Curso é obrigatório";
export const RESPONSIBLE_REQUIRED = "Responsável é obrigatório";
export const SCHEDULES_REQUIRED = "Selecione pelo menos um horário";

/** An id chosen in a select: missing or blank gives the field's message; existence is checked by the service. */
function idField(message: string) {
  return z.string({ error: message }).max(100, { error: message, abort: true }).trim().min(1, message);
}

const scheduleIds = z
  .array(idField(SCHEDULES_REQUIRED), { error: SCHEDULES_REQUIRED })
  .min(1, SCHEDULES_REQUIRED)
  .max(100, "Horários demais")
  .transform((ids) => [...new Set(ids)]);

/** §3/§5. `classNumber` is not part of it: the server assigns it, a supplied one is dropped. */
export const classSchema = z.object({
  courseId: idField(COURSE_REQUIRED),
  responsibleId: idField(RESPONSIBLE_REQUIRED),
  branchId: idField(BRANCH_REQUIRED),
  classroomId: idField(CLASSROOM_REQUIRED),
  scheduleIds,
  active: checkbox.default(true),
});

/** The HTML form: an unchecked "Ativo" box is absent from the form data, meaning false. */
export const classFormSchema = classSchema.extend({ active: formCheckbox });

/** PATCH payloads: the same rules, every field optional (the merged result is validated again). */
export const classUpdateSchema = z.object({
  courseId: idField(COURSE_REQUIRED).optional(),
  responsibleId: idField(RESPONSIBLE_REQUIRED).optional(),
  branchId: idField(BRANCH_REQUIRED).optional(),
  classroomId: idField(CLASSROOM_REQUIRED).optional(),
  scheduleIds: scheduleIds.optional(),
  active: checkbox.optional(),
});

export type ClassInput = z.output<typeof classSchema>;

// ---- Responses ----

export const classScheduleDto = z
  .object({
    id,
    dayOfWeek: storedEnum(WEEKDAYS),
    startTime: hhmm,
    endTime: hhmm,
    label: z.string().describe("'Segunda 08:00-09:00'"),
  })
  .meta({ id: "ClassSchedule" });
export type ClassScheduleDTO = z.output<typeof classScheduleDto>;

export const classDto = z
  .object({
    id,
    classNumber: z.int().positive().describe("Atribuído pelo servidor"),
    courseId: id,
    courseName: z.string(),
    responsibleId: id,
    responsibleName: z.string(),
    branchId: id,
    branchName: z.string(),
    classroomId: id,
    classroomName: z.string(),
    scheduleIds: z.array(id),
    schedules: z.array(classScheduleDto).describe("Em ordem de dia da semana e horário"),
    active: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Class" });
export type ClassDTO = z.output<typeof classDto>;

export const classScheduleLinkDto = z
  .object({
    id,
    classId: id,
    scheduleId: id,
    createdAt: timestamp,
  })
  .meta({ id: "ClassScheduleLink" });
export type ClassScheduleLinkDTO = z.output<typeof classScheduleLinkDto>;

/** For the trials form (§2): 'course name - Turma N (branch name)' and the time its first schedule starts. */
export interface ClassOption {
  id: string;
  label: string;
  firstStartTime: string | null;
  branchId: string;
  branchName: string;
}
