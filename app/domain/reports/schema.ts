import { z } from "zod";
import { day, id, money } from "~/domain/dto-fields";
import { isCalendarDate, isMonth } from "~/domain/patterns";
import { LOST_REASONS } from "~/domain/trials/constants";
import { AGEING_BUCKETS, PAYMENT_METHODS } from "~/domain/charges/schema";
import { percentOf } from "~/domain/money";

/**
 * The network's reports (Funil, Alunos, Frequência, Financeiro): their filters, their
 * messages and the numbers each chart draws. Shared with the screens.
 */

// The exact messages of the issue.
export const PERIOD_INVALID = "Período inválido";
export const PERIOD_TOO_LONG = "Período de no máximo 24 meses";
// Where the issue is silent.
export const GROUPING_INVALID = "Agrupamento inválido";
export const BRANCH_INVALID = "Unidade inválida";
/** The group of the trials whose owner is gone (`ownerId` null), grouped by owner. */
export const NO_OWNER = "Sem responsável";

export const MAX_PERIOD_MONTHS = 24;
/** The period a report shows when none is given: the last 12 months, this one included. */
export const DEFAULT_PERIOD_MONTHS = 12;

// The groupings, their labels and the occupancy bands live in ./groupings.ts (no zod): the
// report screens import them from there and download no zod.
export {
  FUNNEL_STEPS,
  FUNNEL_GROUPINGS,
  FUNNEL_GROUPING_LABELS,
  ATTENDANCE_GROUPINGS,
  ATTENDANCE_GROUPING_LABELS,
  OCCUPANCY_BANDS,
  occupancyBand,
  fromFirstMonthWithData,
  type FunnelGrouping,
  type AttendanceGrouping,
  type OccupancyBand,
} from "./groupings";
import { ATTENDANCE_GROUPINGS, FUNNEL_GROUPINGS, FUNNEL_STEPS, OCCUPANCY_BANDS, type OccupancyBand } from "./groupings";

/** A share as the reports give it: percent with one decimal, half up (33.3), null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  if (!whole) return null;
  return percentOf(part, whole, 1);
}

/** The median of whole numbers (the mean of the two middle ones for an even count), null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---- Filters ----

export interface ReportPeriod {
  from: string;
  to: string;
  /** Each month of the period, 'YYYY-MM', in order (1..24). */
  months: string[];
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOfIndex = (i: number) => `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;

function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
}

/**
 * The period of a report from `from` and `to` ('AAAA-MM-DD', or 'AAAA-MM' for
 * a whole month): both absent means the last 12 months up to `today`; either
 * malformed, or `from` after `to`, is 'Período inválido'; more than 24 months is
 * 'Período de no máximo 24 meses'. Returns the field errors instead of throwing
 * (the service throws them, the screens show them).
 */
export function parsePeriod(
  raw: { from?: string | null; to?: string | null },
  today: string,
): { period: ReportPeriod } | { errors: Record<string, string[]> } {
  const clean = (v: string | null | undefined) => (typeof v === "string" ? v.trim() : "");
  let from = clean(raw.from);
  let to = clean(raw.to);
  if (!to) to = from && from > today ? from : today;
  if (!from) from = `${monthOfIndex(monthIndex(to.slice(0, 7)) - (DEFAULT_PERIOD_MONTHS - 1))}-01`;
  if (from.length > 10 || to.length > 10) return { errors: { from: [PERIOD_INVALID] } };
  if (isMonth(from)) from = `${from}-01`;
  if (isMonth(to)) to = lastDayOf(to);
  if (!isCalendarDate(from)) return { errors: { from: [PERIOD_INVALID] } };
  if (!isCalendarDate(to) || from > to) return { errors: { to: [PERIOD_INVALID] } };
  const first = monthIndex(from.slice(0, 7));
  const count = monthIndex(to.slice(0, 7)) - first + 1;
  if (count > MAX_PERIOD_MONTHS) return { errors: { to: [PERIOD_TOO_LONG] } };
  return { period: { from, to, months: Array.from({ length: count }, (_, i) => monthOfIndex(first + i)) } };
}

/** The first and last day of a month inside the period (the period's own ends for its first and last months). */
export function monthSpan(period: ReportPeriod, month: string): { first: string; last: string } {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  return { first: first < period.from ? period.from : first, last: last > period.to ? period.to : last };
}

export { lastDayOf };

// ---- Responses ----

const rate = z.number().nullable().describe("Percentual com uma casa decimal (33.3); null quando não há base");
const period = { from: day, to: day, branchId: id.nullable() };

export const funnelStepDto = z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int(), rate });
export const funnelGroupDto = z.object({
  key: z.string().describe("A origem, ou o id do responsável (vazio: sem responsável), da unidade ou do curso"),
  label: z.string(),
  trials: z.number().int(),
  attended: z.number().int().describe("Histórico com Compareceu ou Quer Matricular, ou resultado Matriculado"),
  wantsToEnroll: z.number().int().describe("Histórico com Quer Matricular, ou resultado Matriculado"),
  enrolled: z.number().int().describe("Resultado Matriculado"),
  lost: z.number().int().describe("Resultado Perdido"),
  attendedRate: rate,
  wantsToEnrollRate: rate,
  enrolledRate: rate,
  lostRate: rate,
});
export const funnelLostReasonDto = z.object({
  reason: z.enum(LOST_REASONS),
  count: z.number().int().describe("Experimentais do período com resultado Perdido por este motivo"),
  rate: rate.describe("Parte dos perdidos do período (percentual com uma casa decimal); null quando não há perdidos"),
});
export const funnelReportDto = z
  .object({
    ...period,
    ownerId: id.nullable().describe("Só os experimentais deste responsável"),
    by: z.enum(FUNNEL_GROUPINGS),
    steps: z
      .array(funnelStepDto)
      .describe(
        "Experimentais (data no período) → Compareceu (histórico com Compareceu ou Quer Matricular, ou resultado Matriculado) → Quer Matricular (histórico com Quer Matricular, ou resultado Matriculado) → Matriculado (resultado Matriculado); cada taxa é a etapa ÷ os experimentais",
      ),
    lost: z.number().int().describe("Experimentais do período com resultado Perdido"),
    lostByReason: z.array(funnelLostReasonDto).describe("Os perdidos por motivo, todos os motivos na ordem da lista"),
    medianDaysToEnrollment: z
      .number()
      .nullable()
      .describe("Mediana de dias entre a data do experimental e o resultado Matriculado (closedAt, no fuso da escola)"),
    groups: z.array(funnelGroupDto),
  })
  .meta({ id: "FunnelReport" });
export type FunnelReportDTO = z.output<typeof funnelReportDto>;
export type FunnelGroupDTO = z.output<typeof funnelGroupDto>;
export type FunnelLostReasonDTO = z.output<typeof funnelLostReasonDto>;

export const studentsMonthDto = z.object({
  month: z.string().describe("AAAA-MM"),
  activeAtStart: z.number().int().describe("Matrículas ativas no último dia do mês anterior"),
  active: z.number().int().describe("Matrículas ativas no último dia do mês"),
  new: z.number().int().describe("Matrículas com início no mês (fora da lista de espera)"),
  cancelled: z.number().int().describe("Matrículas canceladas no mês"),
  churnRate: rate,
});
export const studentsGroupDto = z.object({ key: id, label: z.string(), months: z.array(studentsMonthDto) });
export const occupancyDto = z.object({
  classId: id,
  label: z.string(),
  branchName: z.string(),
  active: z.number().int(),
  capacity: z.number().int(),
  rate,
  band: z.enum(OCCUPANCY_BANDS.map((b) => b.band) as [OccupancyBand, ...OccupancyBand[]]).nullable(),
  waiting: z.number().int(),
});
export const studentsReportDto = z
  .object({
    ...period,
    months: z.array(studentsMonthDto),
    byBranch: z.array(studentsGroupDto),
    byCourse: z.array(studentsGroupDto),
    occupancy: z.array(occupancyDto).describe("Turmas ativas hoje: matrículas ativas ÷ capacidade da sala, e a lista de espera"),
  })
  .meta({ id: "StudentsReport" });
export type StudentsReportDTO = z.output<typeof studentsReportDto>;
export type StudentsMonthDTO = z.output<typeof studentsMonthDto>;
export type OccupancyDTO = z.output<typeof occupancyDto>;

export const attendanceMonthDto = z.object({
  month: z.string().describe("AAAA-MM"),
  records: z.number().int(),
  present: z.number().int(),
  rate,
});
export const attendanceGroupDto = z.object({
  key: id,
  label: z.string(),
  records: z.number().int(),
  present: z.number().int(),
  rate,
  months: z.array(attendanceMonthDto),
});
export const attendanceReportDto = z
  .object({
    ...period,
    by: z.enum(ATTENDANCE_GROUPINGS),
    months: z.array(attendanceMonthDto),
    groups: z.array(attendanceGroupDto),
    absences: z.object({
      total: z.number().int().describe("Faltas e faltas justificadas de matrículas no período"),
      madeUp: z.number().int().describe("Com reposição Realizada"),
      booked: z.number().int().describe("Com reposição Agendada"),
      notMadeUp: z.number().int().describe("Sem reposição, ou reposição Não compareceu"),
    }),
  })
  .meta({ id: "AttendanceReport" });
export type AttendanceReportDTO = z.output<typeof attendanceReportDto>;
export type AttendanceMonthDTO = z.output<typeof attendanceMonthDto>;

export const financeMonthDto = z.object({
  month: z.string().describe("AAAA-MM"),
  expected: money.describe("Soma das cobranças não canceladas com vencimento no mês (dentro do período)"),
  charges: z.number().int().describe("Quantas são essas cobranças"),
  received: money.describe("Soma dos pagamentos não estornados com data no mês (dentro do período)"),
  payments: z.number().int().describe("Quantos são esses pagamentos"),
});
export const financeBucketDto = z.object({
  bucket: z.enum(AGEING_BUCKETS).describe("Dias de atraso na data de referência"),
  amount: money.describe("O devido na data de referência (valor + multa + juros − pagamentos até essa data)"),
  charges: z.number().int(),
});
export const financeMethodDto = z.object({
  method: z.enum(PAYMENT_METHODS),
  amount: money.describe("Pagamentos não estornados do período por esta forma"),
  payments: z.number().int(),
});
export const financeReportDto = z
  .object({
    ...period,
    months: z.array(financeMonthDto).describe("Cada mês do período: esperado (por vencimento) e recebido (por data do pagamento)"),
    expected: money.describe("O esperado do período"),
    received: money.describe("O recebido do período"),
    overdue: z.object({
      asOf: day.describe("A data de referência: o fim do período ou hoje, o que vier antes"),
      amount: money.describe("O devido nessa data das cobranças vencidas, de qualquer vencimento anterior a ela"),
      charges: z.number().int(),
      buckets: z.array(financeBucketDto).describe("As quatro faixas, na ordem: 1–30, 31–60, 61–90, 90+ dias"),
    }),
    byMethod: z.array(financeMethodDto).describe("O recebido do período por forma de pagamento, todas as formas na ordem da lista"),
  })
  .meta({ id: "FinanceReport" });
export type FinanceReportDTO = z.output<typeof financeReportDto>;
