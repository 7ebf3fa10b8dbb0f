import { z } from "zod";
import { day, id, timestamp, storedEnum } from "../dto-fields";
import { calendarDate, checkbox, requiredString } from "../fields";
import { birthDateField, GUARDIAN_REQUIRED, studentDto } from "../students/schema";
import { guardianSchema } from "../guardians/schema";
import { trialDto } from "../trials/schema";
import { CLASS_REQUIRED } from "../classes/schema";
import { discountField } from "../charges/schema";

import { ACTIVE, CANCELLED, ENROLLMENT_STATUSES, WAITLISTED, type EnrollmentStatus } from "../enrollment-status";

export { ACTIVE, CANCELLED, ENROLLMENT_STATUSES, WAITLISTED, type EnrollmentStatus };

// The exact messages of the enrolment rules.
export const STUDENT_REQUIRED = "Aluno é obrigatório";
export const OFFER_REQUIRED = "Oferta é obrigatória";
export const START_DATE_INVALID = "Data de início inválida";
export const CLASS_FULL = "Turma lotada";
export const ALREADY_ENROLLED = "Aluno já matriculado nesta turma";
export const OFFER_OTHER_BRANCH = "A oferta não pertence à unidade da turma";
export const OFFER_INACTIVE = "Oferta inativa";
// Where the issue is silent.
export const STUDENT_INACTIVE = "Aluno inativo";
export const ENROLLMENT_NOT_FOUND = "Matrícula não encontrada";
export const CANCEL_REASON_REQUIRED = "Motivo do cancelamento é obrigatório";
export const ALREADY_CANCELLED = "Matrícula já cancelada";
export const STATUS_CHANGE_INVALID = "Só é possível alterar o status para Cancelada";
export const TRIAL_ALREADY_ENROLLED = "Este experimental já foi matriculado";
export const GUARDIAN_CHOICE_REQUIRED = "Escolha um responsável existente ou cadastre um novo";
export const STUDENT_OTHER_GUARDIAN = "O aluno não pertence a este responsável";
export const CLASS_OTHER_COURSE = "A turma deve ser do mesmo curso do experimental";
/** A discount is a money decision: the Administrator's, at enrolment as later (issue 39). */
export const DISCOUNT_ADMIN_ONLY = "Desconto só pelo Administrador";

const requiredId = (message: string) => z.string({ error: message }).max(100, { error: message, abort: true }).trim().min(1, message);

export const startDateField = calendarDate(START_DATE_INVALID);

/** POST /api/enrollments. `waitlist: true` asks for the waiting list when the class is full. */
export const enrollmentSchema = z.object({
  studentId: requiredId(STUDENT_REQUIRED),
  classId: requiredId(CLASS_REQUIRED),
  offerId: requiredId(OFFER_REQUIRED),
  startDate: startDateField,
  waitlist: checkbox.default(false),
  discountPercent: discountField.optional().describe("Desconto sobre o valor mensal da oferta, de 0 a 100 (padrão 0)"),
});

/** PATCH /api/enrollments/{id}: cancel (`status: "Cancelada"` with a reason), or change the offer or the start date. */
export const enrollmentUpdateSchema = z.object({
  status: z.literal(CANCELLED, { error: STATUS_CHANGE_INVALID }).optional(),
  cancelReason: requiredString(CANCEL_REASON_REQUIRED, 500).optional(),
  offerId: requiredId(OFFER_REQUIRED).optional(),
  startDate: startDateField.optional(),
  discountPercent: discountField.optional(),
});

/** The cancel dialog's form. */
export const enrollmentCancelSchema = z.object({ cancelReason: requiredString(CANCEL_REASON_REQUIRED, 500) });

/**
 * POST /api/trials/{id}/enroll: the family is an existing guardian (`guardianId`)
 * or a new one (`guardian`, the rules of POST /api/guardians); the student is a
 * new one (name defaults to the trial's student) or an existing one of that
 * guardian (`studentId`); the class is the trial's, or another class of the
 * same course (`classId`, e.g. when the trial's class is full).
 */
export const trialEnrollSchema = z
  .object({
    guardianId: requiredId(GUARDIAN_CHOICE_REQUIRED).optional(),
    guardian: guardianSchema.optional(),
    studentId: requiredId(STUDENT_REQUIRED).optional(),
    studentName: requiredString("Nome do aluno é obrigatório").optional(),
    birthDate: birthDateField,
    classId: requiredId(CLASS_REQUIRED)
      .optional()
      .describe("Outra turma do mesmo curso (por exemplo, quando a do experimental está lotada); por padrão, a do experimental"),
    offerId: requiredId(OFFER_REQUIRED),
    startDate: startDateField,
    waitlist: checkbox.default(false),
    discountPercent: discountField.optional().describe("Desconto sobre o valor mensal da oferta, de 0 a 100 (padrão 0)"),
  })
  .superRefine((value, ctx) => {
    // Checked with the fields, so a body that names no family hears it with their messages.
    if (value.guardianId === undefined && value.guardian === undefined) {
      ctx.addIssue({ code: "custom", path: ["guardianId"], message: GUARDIAN_REQUIRED });
    }
  })
  .meta({
    description: "Exatamente um de `guardianId` (responsável existente) e `guardian` (novo); `studentId` só com `guardianId`.",
    oneOf: [{ required: ["guardianId"] }, { required: ["guardian"] }],
    not: { required: ["guardian", "studentId"] },
  });

export type EnrollmentInput = z.output<typeof enrollmentSchema>;
export type EnrollmentUpdateInput = z.output<typeof enrollmentUpdateSchema>;
export type TrialEnrollInput = z.output<typeof trialEnrollSchema>;

// ---- Responses ----

export const enrollmentDto = z
  .object({
    id,
    studentId: id,
    classId: id,
    offerId: id,
    startDate: day,
    status: storedEnum(ENROLLMENT_STATUSES),
    waitlistPosition: z.number().int().positive().nullable().describe("Posição na lista de espera (só para 'Em espera')"),
    cancelledAt: timestamp.nullable(),
    cancelReason: z.string().nullable(),
    trialId: id.nullable(),
    promotedAt: timestamp.nullable().describe("Quando saiu da lista de espera (null se nunca esperou ou ainda espera)"),
    discountPercent: z.number().min(0).max(100).describe("Desconto sobre o valor mensal da oferta, em %"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Enrollment" });
export type EnrollmentDTO = z.output<typeof enrollmentDto>;

/** A pupil who left a waiting list for a seat: from when (the class's next session after the promotion). */
export const promotionDto = z
  .object({
    enrollmentId: id,
    classId: id,
    studentId: id,
    studentName: z.string(),
    startDate: day.describe("A próxima aula da turma depois da promoção"),
  })
  .meta({ id: "Promotion" });
export type PromotionDTO = z.output<typeof promotionDto>;

/** The toast's words for who left a waiting list: 'Helena Oliveira saiu da lista de espera'; null for nobody. */
export function promotionMessage(promoted: ReadonlyArray<{ studentName: string }>): string | null {
  const names = promoted.map((p) => p.studentName);
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} saiu da lista de espera`;
  return `${names.slice(0, -1).join(", ")} e ${names[names.length - 1]} saíram da lista de espera`;
}

/** The cancel dialog's words for who would leave the waiting list: 'Ana Souza sai da lista de espera e ocupa a vaga'; null for nobody. */
export function promotionNotice(promoted: ReadonlyArray<{ studentName: string }>): string | null {
  const names = promoted.map((p) => p.studentName);
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} sai da lista de espera e ocupa a vaga`;
  return `${names.slice(0, -1).join(", ")} e ${names[names.length - 1]} saem da lista de espera e ocupam as vagas`;
}

/** PATCH /api/enrollments/{id}: the enrolment, and who left the waiting list for the seat it freed. */
export const enrollmentUpdateResultDto = enrollmentDto
  .extend({ promoted: z.array(promotionDto).describe("Quem saiu da lista de espera por esta mudança (vazio se ninguém)") })
  .meta({ id: "EnrollmentUpdate" });
export type EnrollmentUpdateResultDTO = z.output<typeof enrollmentUpdateResultDto>;

/** An enrolment in a class's roster: with the student's name. */
export const rosterEntryDto = enrollmentDto.extend({ studentName: z.string() }).meta({ id: "RosterEntry" });
export type RosterEntryDTO = z.output<typeof rosterEntryDto>;

/** GET /api/classes/{id}/enrollments */
export const classEnrollmentsDto = z
  .object({
    capacity: z.number().int().describe("A capacidade da sala da turma"),
    active: z.number().int().describe("Matrículas ativas"),
    waitlist: z.array(rosterEntryDto).describe("'Em espera', na ordem da lista"),
    enrollments: z.array(rosterEntryDto).describe("As matrículas ativas, por nome do aluno"),
  })
  .meta({ id: "ClassEnrollments" });
export type ClassEnrollmentsDTO = z.output<typeof classEnrollmentsDto>;

/** POST /api/trials/{id}/enroll → 201 */
export const trialEnrollResultDto = z
  .object({ student: studentDto, enrollment: enrollmentDto, trial: trialDto })
  .meta({ id: "TrialEnrollment" });
export type TrialEnrollResultDTO = z.output<typeof trialEnrollResultDto>;
