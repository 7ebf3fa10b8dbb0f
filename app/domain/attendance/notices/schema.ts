import { z } from "zod";
import { day, id, timestamp } from "~/domain/dto-fields";
import { dateField, NOTE_TOO_LONG } from "~/domain/attendance/schema";
import { SCHEDULE_REQUIRED } from "../../schedules/schema";

// The exact message of the issue.
export const PAST_SESSION_NOTICE = "Não é possível avisar falta de aula passada";
// Where the issue is silent.
export const ENROLLMENT_REQUIRED = "Matrícula é obrigatória";
export const ENROLLMENT_NOT_ACTIVE = "A matrícula não está ativa nesta data";
export const NOTICE_NOT_FOUND = "Aviso de falta não encontrado";
export const ALREADY_NOTICED = "Falta já avisada para esta aula";
export const ROLL_CALL_ALREADY_TAKEN = "A chamada desta aula já foi registrada";
export const NOTICE_SESSION_STARTED = "Não é possível cancelar o aviso de falta de aula que já começou";

const requiredId = (message: string) => z.string({ error: message }).max(100, { error: message, abort: true }).trim().min(1, message);

/** POST /api/family/absences: an absence warned of before the session, with an optional note. */
export const absenceNoticeSchema = z.object({
  enrollmentId: requiredId(ENROLLMENT_REQUIRED),
  date: dateField,
  scheduleId: requiredId(SCHEDULE_REQUIRED),
  note: z.preprocess(
    (v) => (v === "" ? null : v),
    z.string({ error: NOTE_TOO_LONG }).max(500, { error: NOTE_TOO_LONG, abort: true }).trim().nullable().optional(),
  ),
});
export type AbsenceNoticeInput = z.output<typeof absenceNoticeSchema>;

/** The 'Avisar falta' dialog's form: the note (the session comes from its URL). */
export const absenceNoticeFormSchema = z.object({ note: absenceNoticeSchema.shape.note });

// ---- Responses ----

export const absenceNoticeDto = z
  .object({
    id,
    enrollmentId: id,
    classId: id,
    scheduleId: id,
    date: day,
    note: z.string().nullable(),
    createdById: id.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "AbsenceNotice" });
export type AbsenceNoticeDTO = z.output<typeof absenceNoticeDto>;
