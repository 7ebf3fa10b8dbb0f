import { z } from "zod";
import { day, id, timestamp } from "../dto-fields";
import { calendarDate, checkbox, formCheckbox, requiredString, BIRTH_DATE_INVALID } from "../fields";

export const STUDENT_NAME_REQUIRED = "Nome do aluno é obrigatório";
export const GUARDIAN_REQUIRED = "Responsável é obrigatório";
export const STUDENT_NOT_FOUND = "Aluno não encontrado";
export const STUDENT_IN_USE = "Não é possível excluir este aluno: ele possui matrículas";
export const MAX_NOTES = 2000;

/** 'YYYY-MM-DD' naming a real day (not after today is checked by the service); null means none. */
export const birthDateField = calendarDate(BIRTH_DATE_INVALID).nullable().optional();

/** The forms' birth date: a blank input means none. */
export const birthDateFormField = z.preprocess((v) => (v === "" ? null : v), birthDateField);

const guardianId = z
  .string({ error: GUARDIAN_REQUIRED })
  .max(100, { error: GUARDIAN_REQUIRED, abort: true })
  .trim()
  .min(1, GUARDIAN_REQUIRED);
const notes = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string({ error: "Observações inválidas" })
    .max(MAX_NOTES, { error: `Máximo de ${MAX_NOTES} caracteres`, abort: true })
    .trim()
    .nullable()
    .optional(),
);

/** POST /api/students */
export const studentSchema = z.object({
  guardianId,
  fullName: requiredString(STUDENT_NAME_REQUIRED),
  birthDate: birthDateField,
  notes,
  active: checkbox.default(true),
});

/** The HTML form: an unchecked "Ativo" box is absent, meaning false. */
export const studentFormSchema = studentSchema.extend({ birthDate: birthDateFormField, active: formCheckbox });

/** PATCH /api/students/{id}: the same rules, every field optional. */
export const studentUpdateSchema = z.object({
  guardianId: guardianId.optional(),
  fullName: requiredString(STUDENT_NAME_REQUIRED).optional(),
  birthDate: birthDateField,
  notes,
  active: checkbox.optional(),
});

export type StudentInput = z.output<typeof studentSchema>;
export type StudentUpdateInput = z.output<typeof studentUpdateSchema>;

// ---- Responses ----

export const studentDto = z
  .object({
    id,
    guardianId: id,
    fullName: z.string(),
    birthDate: day.nullable(),
    notes: z.string().nullable(),
    active: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Student" });
export type StudentDTO = z.output<typeof studentDto>;
