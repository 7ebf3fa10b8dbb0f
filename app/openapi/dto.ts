import { z } from "zod";
import type { UserDTO } from "~/domain/users/service.server";
import type { CourseDTO } from "~/domain/courses/service.server";
import type { BranchDTO } from "~/domain/branches/service.server";
import type { OfferDTO } from "~/domain/offers/service.server";
import type { ClassroomDTO } from "~/domain/classrooms/service.server";
import type { ScheduleDTO } from "~/domain/schedules/dto";
import type { ClassDTO, ClassScheduleDTO, ClassScheduleLinkDTO } from "~/domain/classes/service.server";
import type { GuardianDTO, GuardianPersonDTO } from "~/domain/guardians/service.server";
import type { TrialDTO, TrialHistories, TrialHistoryEntryDTO } from "~/domain/trials/service.server";
import { USER_TYPES } from "~/domain/actor";
import { WEEKDAYS } from "~/domain/schedules/schema";
import { TRIAL_ORIGINS, TRIAL_STATUSES } from "~/domain/trials/schema";

/**
 * What the JSON API answers, as zod schemas, so the OpenAPI document describes
 * responses the same way it describes requests. Each one mirrors a service DTO;
 * the type checks at the bottom fail to compile when a DTO gains, loses or
 * retypes a field without this file following.
 */

// Any 8-4-4-4-12 hex id (the services accept the same; see isUuid).
const id = z.guid();
const timestamp = z.iso.datetime().describe("Data e hora ISO 8601 em UTC");
const day = z.iso.date().describe("AAAA-MM-DD");
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).describe("HH:MM (24 horas)");

export const errorDto = z
  .object({
    message: z.string().describe("A mensagem principal, em português"),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Mensagens por campo (caminhos aninhados como `persons[0].email`); `form` para erros gerais"),
  })
  .describe("Resposta de erro");

export const userDto = z.object({
  id,
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  cpf: z.string().regex(/^\d{11}$/).nullable().describe("11 dígitos, sem máscara"),
  avatarUrl: z.string().nullable().describe("Caminho da imagem neste servidor (`/uploads/{id}`)"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const courseDto = z.object({
  id,
  name: z.string(),
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const branchDto = z.object({
  id,
  name: z.string(),
  address: z.string(),
  active: z.boolean(),
  isDefault: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const offerDto = z.object({
  id,
  name: z.string(),
  monthlyValue: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .describe('DECIMAL(10,2) como texto com duas casas, por exemplo "189.90"'),
  checkoutLink: z.string(),
  branchId: id,
  branchName: z.string().nullable(),
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const classroomDto = z.object({
  id,
  branchId: id,
  name: z.string(),
  capacity: z.int().positive().describe("Vagas por hora"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const scheduleDto = z.object({
  id,
  classroomId: id,
  dayOfWeek: z.enum(WEEKDAYS),
  startTime: hhmm,
  endTime: hhmm,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const classScheduleDto = z.object({
  id,
  dayOfWeek: z.enum(WEEKDAYS),
  startTime: hhmm,
  endTime: hhmm,
  label: z.string().describe("'Segunda 08:00-09:00'"),
});

export const classDto = z.object({
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
});

export const classScheduleLinkDto = z.object({
  id,
  classId: id,
  scheduleId: id,
  createdAt: timestamp,
});

export const guardianPersonDto = z.object({
  id,
  guardianId: id,
  fullName: z.string(),
  cpf: z.string().regex(/^\d{11}$/),
  email: z.string(),
  birthDate: day.nullable(),
  phone: z.string().nullable().describe("Somente dígitos"),
  isPrimary: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const guardianDto = z.object({
  id,
  userId: id.nullable().describe("O usuário cliente criado a partir da pessoa principal"),
  address: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  persons: z.array(guardianPersonDto).describe("A principal primeiro, depois por nome"),
});

export const trialDto = z.object({
  id,
  guardianName: z.string(),
  studentName: z.string(),
  classId: id,
  whatsappNumber: z.string().describe("Somente dígitos (DDD + número)"),
  scheduledDate: day,
  scheduledTime: hhmm,
  status: z.enum(TRIAL_STATUSES),
  origin: z.enum(TRIAL_ORIGINS),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const trialHistoryEntryDto = z.object({
  id,
  status: z.enum(TRIAL_STATUSES),
  changedAt: timestamp,
});

export const trialHistoriesDto = z
  .record(z.string(), z.array(trialHistoryEntryDto))
  .describe("Id do experimental → seu histórico, do mais antigo ao mais recente");

export const uploadUrlDto = z.object({
  uploadURL: z.string().describe("Caminho assinado, de uso único, válido por 15 minutos: `/api/objects/upload/{token}`"),
});

export const uploadedObjectDto = z.object({
  objectPath: z.string().describe("Caminho do arquivo guardado (`/uploads/{id}`), para `PUT /api/users/{id}/avatar`"),
});

export const logoutDto = z.object({ ok: z.literal(true) });

/** Named response schemas: they become `components.schemas` and are referenced by name. */
export const responseSchemas = {
  Error: errorDto,
  User: userDto,
  Course: courseDto,
  Branch: branchDto,
  Offer: offerDto,
  Classroom: classroomDto,
  ClassroomSchedule: scheduleDto,
  ClassSchedule: classScheduleDto,
  Class: classDto,
  ClassScheduleLink: classScheduleLinkDto,
  GuardianPerson: guardianPersonDto,
  Guardian: guardianDto,
  Trial: trialDto,
  TrialHistoryEntry: trialHistoryEntryDto,
  TrialHistories: trialHistoriesDto,
  UploadUrl: uploadUrlDto,
  UploadedObject: uploadedObjectDto,
  LogoutResult: logoutDto,
} as const;

export type ResponseSchemaName = keyof typeof responseSchemas;

// ---- Compile-time guard against drift between these schemas and the service DTOs ----
// Same keys both ways, and every value this schema allows is a value the DTO type allows.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
type Fits<S extends z.ZodType, D> = z.output<S> extends D ? (SameKeys<z.output<S>, D> extends true ? true : false) : false;
type Assert<T extends true> = T;

export type DtoChecks = [
  Assert<Fits<typeof userDto, UserDTO>>,
  Assert<Fits<typeof courseDto, CourseDTO>>,
  Assert<Fits<typeof branchDto, BranchDTO>>,
  Assert<Fits<typeof offerDto, OfferDTO>>,
  Assert<Fits<typeof classroomDto, ClassroomDTO>>,
  Assert<Fits<typeof scheduleDto, ScheduleDTO>>,
  Assert<Fits<typeof classScheduleDto, ClassScheduleDTO>>,
  Assert<Fits<typeof classDto, ClassDTO>>,
  Assert<Fits<typeof classScheduleLinkDto, ClassScheduleLinkDTO>>,
  Assert<Fits<typeof guardianPersonDto, GuardianPersonDTO>>,
  Assert<Fits<typeof guardianDto, GuardianDTO>>,
  Assert<Fits<typeof trialDto, TrialDTO>>,
  Assert<Fits<typeof trialHistoryEntryDto, TrialHistoryEntryDTO>>,
  Assert<z.output<typeof trialHistoriesDto> extends TrialHistories ? true : false>,
];
