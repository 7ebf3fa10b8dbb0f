import { z } from "zod";
import { day, hhmm, id, storedEnum, timestamp } from "../dto-fields";
import { calendarDate, DATE_INVALID } from "../fields";
import { SCHEDULE_REQUIRED } from "../schedules/schema";

// The statuses and the roll call's limits and messages live in ./words.ts (no zod): the roll
// call screen imports them from there and downloads no zod.
export {
  ATTENDANCE_STATUSES,
  PRESENT,
  ABSENT,
  EXCUSED,
  ABSENCE_STATUSES,
  MAX_SESSION_RANGE_DAYS,
  AT_RISK_ABSENCES,
  AT_RISK_WINDOW_DAYS,
  NO_SESSION_ON_DATE,
  FUTURE_DATE,
  type AttendanceStatus,
} from "./words";
import { ATTENDANCE_STATUSES } from "./words";

// Where the issue is silent.
export { DATE_INVALID };
export const STATUS_INVALID = "Status de presença inválido";
export const RANGE_INVALID = "Período inválido (use from e to em AAAA-MM-DD, no máximo 62 dias)";
export const RECORD_TARGET_REQUIRED = "Informe a matrícula ou a reposição";
export const RECORD_NOT_IN_SESSION = "Aluno não pertence a esta aula";
export const NOTE_TOO_LONG = "Máximo de 500 caracteres";

export const dateField = calendarDate(DATE_INVALID);

const requiredId = (message: string) => z.string({ error: message }).max(100, { error: message, abort: true }).trim().min(1, message);

/** GET /api/classes/{id}/sessions?from=&to= */
export const sessionRangeSchema = z.object({ from: dateField, to: dateField });

/** GET /api/classes/{id}/attendance?date=&scheduleId= */
export const sessionKeySchema = z.object({ date: dateField, scheduleId: requiredId(SCHEDULE_REQUIRED) });

export const attendanceRecordInput = z
  .object({
    enrollmentId: requiredId(RECORD_TARGET_REQUIRED).optional(),
    makeupId: requiredId(RECORD_TARGET_REQUIRED).optional(),
    status: z.enum(ATTENDANCE_STATUSES, { error: STATUS_INVALID }),
    note: z.preprocess(
      (v) => (v === "" ? null : v),
      z.string({ error: NOTE_TOO_LONG }).max(500, { error: NOTE_TOO_LONG, abort: true }).trim().nullable().optional(),
    ),
  })
  .refine((r) => Boolean(r.enrollmentId) !== Boolean(r.makeupId), { message: RECORD_TARGET_REQUIRED, path: ["enrollmentId"] });

/** PUT /api/classes/{id}/attendance: the whole roll call of one session (idempotent). */
export const rollCallSchema = z.object({
  date: dateField,
  scheduleId: requiredId(SCHEDULE_REQUIRED),
  records: z.array(attendanceRecordInput, { error: "Lista de presenças inválida" }).max(500, "Lista de presenças inválida"),
});

export type RollCallInput = z.output<typeof rollCallSchema>;

// ---- Responses ----

export const classSessionDto = z
  .object({
    date: day,
    scheduleId: id,
    startTime: hhmm,
    endTime: hhmm,
    enrolled: z.number().int().describe("Matrículas ativas nesta data"),
    makeups: z.number().int().describe("Reposições agendadas nesta aula"),
    attendanceTaken: z.boolean(),
  })
  .meta({ id: "ClassSession" });
export type ClassSessionDTO = z.output<typeof classSessionDto>;

export const rollCallEntryDto = z
  .object({
    enrollmentId: id.optional(),
    makeupId: id.optional(),
    studentId: id,
    studentName: z.string(),
    status: storedEnum(ATTENDANCE_STATUSES).nullable().describe("null: ainda não registrada"),
    note: z.string().nullable(),
    notice: z.boolean().describe("A família avisou a falta antes da aula (sem registro salvo: aparece como 'Falta justificada')"),
  })
  .meta({ id: "RollCallEntry" });
export type RollCallEntryDTO = z.output<typeof rollCallEntryDto>;

export const rollCallDto = z
  .object({ date: day, scheduleId: id, taken: z.boolean(), records: z.array(rollCallEntryDto) })
  .meta({ id: "RollCall" });
export type RollCallDTO = z.output<typeof rollCallDto>;

export const attendanceRecordDto = z
  .object({
    id,
    enrollmentId: id.nullable(),
    makeupId: id.nullable(),
    classId: id,
    scheduleId: id,
    date: day,
    status: storedEnum(ATTENDANCE_STATUSES),
    note: z.string().nullable(),
    takenById: id.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "AttendanceRecord" });
export type AttendanceRecordDTO = z.output<typeof attendanceRecordDto>;
