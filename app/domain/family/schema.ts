import { z } from "zod";
import { day, hhmm, id } from "~/domain/dto-fields";
import { guardianDto } from "~/domain/guardians/schema";
import { studentDto } from "~/domain/students/schema";
import { enrollmentDto } from "~/domain/enrollments/schema";
import { studentAttendanceDto } from "~/domain/attendance/makeups/schema";
import { absenceNoticeDto } from "~/domain/attendance/notices/schema";

/** The Client's space ('Minha família', GET /api/family): 404 'Família não encontrada' for a user without one. */
export const FAMILY_NOT_FOUND = "Família não encontrada";

/** How many sessions to come each child's page lists, and how far ahead it looks. */
export const NEXT_SESSIONS = 5;
export const NEXT_SESSIONS_DAYS = 28;

// ---- Responses ----

/** A session to come of one of the child's classes. */
export const familySessionDto = z
  .object({
    enrollmentId: id,
    classId: id,
    classLabel: z.string().describe("'Curso - Turma N'"),
    scheduleId: id,
    date: day,
    startTime: hhmm,
    endTime: hhmm,
    branchName: z.string(),
    classroomName: z.string(),
    teacherName: z.string(),
    notice: absenceNoticeDto.nullable().describe("A falta avisada pela família para esta aula ('Avisar falta'), ou null"),
  })
  .meta({ id: "FamilySession" });

/** One child: its enrolments (with the class and branch), the next sessions and its attendance. */
export const familyStudentDto = z
  .object({
    student: studentDto,
    enrollments: z.array(
      enrollmentDto.extend({
        classLabel: z.string().describe("'Curso - Turma N'"),
        branchName: z.string(),
        offerName: z.string(),
        offerValue: z.string().describe("Valor mensal da oferta, '150.00'"),
      }),
    ),
    nextSessions: z.array(familySessionDto),
    attendance: studentAttendanceDto,
  })
  .meta({ id: "FamilyStudent" });

/** GET /api/family */
export const familyDto = z
  .object({
    guardian: guardianDto,
    students: z.array(familyStudentDto),
  })
  .meta({ id: "Family" });
export type FamilyDTO = z.output<typeof familyDto>;
export type FamilyStudentDTO = z.output<typeof familyStudentDto>;
