import { z } from "zod";
import { day, hhmm, id, money } from "~/domain/dto-fields";
import { guardianDto } from "~/domain/guardians/schema";
import { studentDto } from "~/domain/students/schema";
import { enrollmentDto } from "~/domain/enrollments/schema";
import { studentAttendanceDto } from "~/domain/attendance/makeups/schema";
import { absenceNoticeDto } from "~/domain/attendance/notices/schema";
import { chargeDto } from "~/domain/charges/schema";

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

/** The next session of the family's children, for the summary card: whose, when and where. */
export const familyNextSessionDto = familySessionDto.extend({ studentId: id, studentName: z.string() }).meta({ id: "FamilyNextSession" });
export type FamilyNextSessionDTO = z.output<typeof familyNextSessionDto>;

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
    nextSession: familyNextSessionDto.nullable().describe("A próxima aula dos filhos (a primeira que ainda não começou), ou null"),
  })
  .meta({ id: "Family" });
export type FamilyDTO = z.output<typeof familyDto>;
export type FamilyStudentDTO = z.output<typeof familyStudentDto>;

/** How many days ahead an open charge counts as due soon on the family's summary ('A pagar'). */
export const DUE_SOON_DAYS = 7;

/** A charge as the family reads it: titled by its class when it comes from an enrolment. */
export const familyChargeDto = chargeDto
  .extend({
    title: z.string().describe("A turma da matrícula ('Ballet - Turma 1'), ou a descrição da cobrança avulsa"),
    classLabel: z.string().nullable().describe("A turma da matrícula que gerou a cobrança, ou null"),
  })
  .meta({ id: "FamilyCharge" });
export type FamilyChargeDTO = z.output<typeof familyChargeDto>;

/** GET /api/family/finance: the family's 'Financeiro'. */
export const familyFinanceDto = z
  .object({
    date: day.describe("O dia do cálculo (hoje, no calendário da escola)"),
    overdue: z.array(familyChargeDto).describe("'Vencido': abertas com vencimento antes de hoje, a mais antiga primeiro"),
    upcoming: z.array(familyChargeDto).describe("'A vencer': abertas com vencimento hoje ou depois, a mais próxima primeiro"),
    history: z.array(familyChargeDto).describe("'Histórico': pagas e canceladas, a mais recente primeiro"),
    dueToday: money.describe("Total devido hoje: as vencidas e as que vencem hoje, com multa e juros (não as futuras)"),
    toPay: z
      .object({
        charges: z.array(familyChargeDto).describe(`Vencidas e a vencer nos próximos ${DUE_SOON_DAYS} dias, a mais urgente primeiro`),
        total: money,
      })
      .describe("'A pagar' do resumo"),
  })
  .meta({ id: "FamilyFinance" });
export type FamilyFinanceDTO = z.output<typeof familyFinanceDto>;
