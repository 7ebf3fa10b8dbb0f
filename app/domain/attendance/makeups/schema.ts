import { z } from "zod";
import { day, hhmm, id, storedEnum, timestamp } from "~/domain/dto-fields";
import { attendanceRecordDto, dateField } from "~/domain/attendance/schema";
import { CLASS_REQUIRED } from "../../classes/schema";
import { SCHEDULE_REQUIRED } from "../../schedules/schema";

export const MAKEUP_STATUSES = ["Agendada", "Realizada", "Não compareceu"] as const;
export type MakeupStatus = (typeof MAKEUP_STATUSES)[number];
export const BOOKED = "Agendada";
export const DONE = "Realizada";
export const MISSED = "Não compareceu";

/** A make-up goes into a session at most this many days after the absence. */
export const MAKEUP_WINDOW_DAYS = 30;

// The exact messages of the issue.
export const OUT_OF_WINDOW = "Reposição fora do prazo de 30 dias";
export const NO_ROOM = "Sem vagas nesta aula";
export const ALREADY_HAS_MAKEUP = "Esta falta já tem reposição";
// Where the issue is silent.
export const ABSENCE_REQUIRED = "Falta é obrigatória";
export const ABSENCE_NOT_FOUND = "Falta não encontrada";
export const NOT_AN_ABSENCE = "Só é possível repor uma falta";
export const OTHER_COURSE = "A reposição deve ser em uma turma do mesmo curso";
export const ALREADY_IN_CLASS = "O aluno já está matriculado nesta turma";
export const PAST_SESSION = "Não é possível agendar reposição em aula que já passou";
export const MAKEUP_NOT_FOUND = "Reposição não encontrada";
export const STATUS_INVALID = "Status da reposição inválido";
export const CANCEL_ONLY_BOOKED = "Só é possível cancelar uma reposição agendada";
export const STATUS_FROM_ROLL_CALL = "Só a chamada da aula marca uma reposição como Realizada ou Não compareceu";
export const ROLL_CALL_TAKEN = "A chamada desta reposição já foi registrada: ela não pode ser cancelada, movida nem voltar a Agendada";
export const ABSENCE_MADE_UP = "A reposição desta falta já tem chamada registrada: a falta não pode ser alterada para Presente";

const requiredId = (message: string) => z.string({ error: message }).max(100, { error: message, abort: true }).trim().min(1, message);

/** POST /api/makeups */
export const makeupSchema = z.object({
  absenceId: requiredId(ABSENCE_REQUIRED),
  classId: requiredId(CLASS_REQUIRED),
  scheduleId: requiredId(SCHEDULE_REQUIRED),
  date: dateField,
});

/** PATCH /api/makeups/{id}: move it (classId, scheduleId, date: the same rules) or set its status. */
export const makeupUpdateSchema = z.object({
  classId: requiredId(CLASS_REQUIRED).optional(),
  scheduleId: requiredId(SCHEDULE_REQUIRED).optional(),
  date: dateField.optional(),
  status: z.enum(MAKEUP_STATUSES, { error: STATUS_INVALID }).optional(),
});

export type MakeupInput = z.output<typeof makeupSchema>;

// ---- Responses ----

export const makeupDto = z
  .object({
    id,
    absenceId: id,
    classId: id,
    scheduleId: id,
    date: day,
    status: storedEnum(MAKEUP_STATUSES),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Makeup" });
export type MakeupDTO = z.output<typeof makeupDto>;

/** GET /api/makeups/options?absenceId= : sessions a make-up may go into. */
export const makeupOptionDto = z
  .object({
    classId: id,
    classLabel: z.string().describe("'Curso - Turma N (Unidade)'"),
    scheduleId: id,
    date: day,
    startTime: hhmm,
    endTime: hhmm,
    freePlaces: z.number().int().positive(),
    branchName: z.string(),
    ownBranch: z.boolean().describe("A unidade é uma das turmas do aluno (listadas primeiro)"),
    clash: z.boolean().describe("Coincide (mesmo dia, horário sobreposto) com uma aula de uma turma do aluno"),
  })
  .meta({ id: "MakeupOption" });
export type MakeupOptionDTO = z.output<typeof makeupOptionDto>;

/** GET /api/students/{id}/attendance */
export const studentAttendanceDto = z
  .object({
    studentId: id,
    presenceRate: z.number().nullable().describe("Presenças ÷ registros, de 0 a 1; null sem registros"),
    records: z.array(attendanceRecordDto.extend({ classLabel: z.string() })),
    absences: z.array(
      attendanceRecordDto.extend({ classLabel: z.string(), makeup: makeupDto.extend({ classLabel: z.string() }).nullable() }),
    ),
  })
  .meta({ id: "StudentAttendance" });
export type StudentAttendanceDTO = z.output<typeof studentAttendanceDto>;
