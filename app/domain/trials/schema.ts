import { z } from "zod";
import { day, hhmm, id, storedEnum, timestamp } from "../dto-fields";
import { calendarDate, DATE_INVALID, OWNER_NOT_STAFF, requiredString, STATUS_INVALID, TIME_RE } from "../fields";
import { onlyDigits } from "~/lib/format";

import { DEFAULT_ORIGIN, HISTORY_OUTCOMES, LOST_REASONS, TRIAL_ORIGINS, TRIAL_OUTCOMES, TRIAL_STATUSES } from "./constants";
import { CLASS_REQUIRED } from "../classes/schema";

export * from "./constants";

export const GUARDIAN_REQUIRED = "Nome do responsável é obrigatório";
export const STUDENT_REQUIRED = "Nome da aluna é obrigatório";
export const WHATSAPP_REQUIRED = "Número do WhatsApp é obrigatório";
export const WHATSAPP_TOO_LONG = "Número do WhatsApp inválido";
export { DATE_INVALID, OWNER_NOT_STAFF };
export const TIME_INVALID = "Horário inválido";
export const ORIGIN_INVALID = "Origem inválida";
export const LOST_REASON_REQUIRED = "Motivo da perda é obrigatório";
export const LOST_REASON_INVALID = "Motivo inválido";
export const LOST_NOTE_TOO_LONG = "Observação deve ter no máximo 500 caracteres";
export const LOST_NOTE_INVALID = "Observação inválida";
export const OUTCOME_INVALID = "Resultado inválido";
export const ALREADY_CLOSED = "O experimental já está encerrado; reabra-o antes";
export const NOT_LOST = "Só um experimental perdido pode ser reaberto";

const guardianName = requiredString(GUARDIAN_REQUIRED);
const studentName = requiredString(STUDENT_REQUIRED);
const classId = z.string({ error: CLASS_REQUIRED }).max(100, { error: CLASS_REQUIRED, abort: true }).trim().min(1, CLASS_REQUIRED);
/** Typed with or without the mask; stored as digits (DDD + number: 10 or 11 digits). */
const whatsappNumber = z
  .string({ error: WHATSAPP_REQUIRED })
  .max(100, { error: WHATSAPP_TOO_LONG, abort: true })
  .transform(onlyDigits)
  .refine((d) => d.length >= 10, WHATSAPP_REQUIRED)
  .refine((d) => d.length <= 11, WHATSAPP_TOO_LONG)
  .meta({ pattern: "^\\D*(?:\\d\\D*){10,11}$", description: "10 ou 11 dígitos (DDD + número), com ou sem máscara" });
const scheduledDate = calendarDate(DATE_INVALID);
const scheduledTime = z.string({ error: TIME_INVALID }).max(100, { error: TIME_INVALID, abort: true }).regex(TIME_RE, TIME_INVALID);
/** 'HH:mm', or blank: the service then takes the class's first start time (§2). */
const scheduledTimeOrBlank = z
  .string({ error: TIME_INVALID })
  .max(100, { error: TIME_INVALID, abort: true })
  .refine((value) => value === "" || TIME_RE.test(value), TIME_INVALID)
  .meta({
    pattern: `^(?:${TIME_RE.source.slice(1, -1)})?$`,
    description: "HH:MM (24 horas); vazio: o primeiro horário de início da turma",
  });
const status = z.enum(TRIAL_STATUSES, { error: STATUS_INVALID });
const origin = z.enum(TRIAL_ORIGINS, { error: ORIGIN_INVALID });
/** A Team or Administrator user (the service checks the type); blank or absent: who creates the trial. */
const ownerId = z
  .string({ error: OWNER_NOT_STAFF })
  .max(100, { error: OWNER_NOT_STAFF, abort: true })
  .trim()
  .meta({ description: "Id de um usuário da Equipe ou Administrador; vazio: quem cria" });

/** POST /api/trials: a new trial always starts as 'Agendado'. */
export const trialSchema = z.object({
  guardianName,
  studentName,
  classId,
  whatsappNumber,
  scheduledDate,
  // Absent is blank: the class's first start time.
  scheduledTime: scheduledTimeOrBlank.default(""),
  origin: origin.default(DEFAULT_ORIGIN),
  ownerId: ownerId.optional(),
});

/** PATCH: the same rules, every field optional (a full edit, or only `{ status }`). */
export const trialUpdateSchema = z.object({
  guardianName: guardianName.optional(),
  studentName: studentName.optional(),
  classId: classId.optional(),
  whatsappNumber: whatsappNumber.optional(),
  scheduledDate: scheduledDate.optional(),
  scheduledTime: scheduledTimeOrBlank.optional(),
  origin: origin.optional(),
  status: status.optional(),
  ownerId: ownerId.optional(),
});

/**
 * The create/edit dialog. The time may be left empty: the service then takes
 * the class's first start time (what the browser does on class change with JS).
 * Status only exists in the edit form.
 */
export const trialFormSchema = trialSchema.extend({
  scheduledTime: scheduledTime.optional(),
  origin: origin.default(DEFAULT_ORIGIN),
  status: status.optional(),
});

export const trialStatusSchema = z.object({ status });

/** POST /api/trials/{id}/lose: one of the seven reasons and an optional note. */
export const trialLoseSchema = z.object({
  lostReason: z
    .string({ error: LOST_REASON_REQUIRED })
    .max(100, { error: LOST_REASON_INVALID, abort: true })
    .trim()
    .min(1, { error: LOST_REASON_REQUIRED, abort: true })
    .pipe(z.enum(LOST_REASONS, { error: LOST_REASON_INVALID })),
  // Empty, absent or null (the form's parsed value, which the service parses again) is no note.
  note: z
    .string({ error: LOST_NOTE_INVALID })
    .max(500, LOST_NOTE_TOO_LONG)
    .trim()
    .nullish()
    .transform((v) => v || null),
});
export type TrialLoseInput = z.output<typeof trialLoseSchema>;

export type TrialInput = z.output<typeof trialSchema>;
export type TrialUpdateInput = z.output<typeof trialUpdateSchema>;

// ---- Responses ----

export const trialDto = z
  .object({
    id,
    guardianName: z.string(),
    studentName: z.string(),
    classId: id,
    whatsappNumber: z.string().describe("Somente dígitos (DDD + número)"),
    scheduledDate: day,
    scheduledTime: hhmm,
    status: storedEnum(TRIAL_STATUSES),
    origin: storedEnum(TRIAL_ORIGINS),
    enrollmentId: id.nullable().describe("A matrícula feita a partir deste experimental"),
    ownerId: id.nullable().describe("Responsável pelo lead (Equipe ou Administrador)"),
    outcome: storedEnum(TRIAL_OUTCOMES).nullable().describe("Resultado: nulo enquanto aberto"),
    lostReason: storedEnum(LOST_REASONS).nullable().describe("Motivo da perda (resultado 'Perdido')"),
    lostNote: z.string().nullable(),
    closedAt: timestamp.nullable().describe("Quando o resultado foi definido"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Trial" });
export type TrialDTO = z.output<typeof trialDto>;

export const trialHistoryEntryDto = z
  .object({
    id,
    status: storedEnum(TRIAL_STATUSES),
    outcome: storedEnum(HISTORY_OUTCOMES)
      .nullable()
      .describe("Uma mudança de resultado ('Matriculado', 'Perdido', 'Reaberto'); nulo numa mudança de status"),
    lostReason: storedEnum(LOST_REASONS).nullable(),
    changedAt: timestamp,
  })
  .meta({ id: "TrialHistoryEntry" });
export type TrialHistoryEntryDTO = z.output<typeof trialHistoryEntryDto>;

export const trialHistoriesDto = z
  .record(z.string(), z.array(trialHistoryEntryDto))
  .meta({ id: "TrialHistories", description: "Id do experimental → seu histórico, do mais antigo ao mais recente" });
export type TrialHistories = z.output<typeof trialHistoriesDto>;
