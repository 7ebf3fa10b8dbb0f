import type { AttendanceReportDTO, FinanceReportDTO, FunnelReportDTO, StudentsReportDTO } from "~/domain/reports/schema";
import { FUNNEL_GROUPING_LABELS, ATTENDANCE_GROUPING_LABELS, percent } from "~/domain/reports/schema";
import type { ReportFilter } from "~/domain/reports/queries.server";
import { csvAnswer, csvDay, csvDecimal, type CsvColumn } from "~/server/csv.server";
import type { Answer } from "~/server/answer.server";

/** The filters of a report as its query string gives them (the screens and the JSON API alike). */
export function reportFilter(search: URLSearchParams): ReportFilter {
  return {
    from: search.get("from"),
    to: search.get("to"),
    branchId: search.get("branchId"),
    ownerId: search.get("ownerId"),
    by: search.get("by"),
  };
}

export const wantsCsv = (search: URLSearchParams) => search.get("format") === "csv";

const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** '33,3' (a percentage with one decimal), blank for none. */
export const csvPercent = (rate: number | null) => (rate === null ? "" : oneDecimal.format(rate));
/** '11/2026' from '2026-11'. */
export const csvMonth = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const periodName = (r: { from: string; to: string }) => `${r.from}_${r.to}`;

/**
 * The funnel as CSV: the total and each group with their steps and lost
 * trials, then one row per lost reason ('Motivo da perda': only its count in
 * 'Perdido' and its share of the lost in 'Perdido (%)').
 */
export function funnelCsv(report: FunnelReportDTO): Answer {
  type Row = {
    grouping: string;
    label: string;
    group?: Omit<FunnelReportDTO["groups"][number], "key" | "label">;
    lost: number;
    lostRate: number | null;
  };
  const step = (pick: (g: NonNullable<Row["group"]>) => number) => (r: Row) => (r.group ? pick(r.group) : "");
  const share = (pick: (g: NonNullable<Row["group"]>) => number | null) => (r: Row) => (r.group ? csvPercent(pick(r.group)) : "");
  const columns: CsvColumn<Row>[] = [
    { header: "Agrupamento", value: (r) => r.grouping },
    { header: "Grupo", value: (r) => r.label },
    { header: "Experimentais", value: step((g) => g.trials) },
    { header: "Compareceu", value: step((g) => g.attended) },
    { header: "Compareceu (%)", value: share((g) => g.attendedRate) },
    { header: "Quer Matricular", value: step((g) => g.wantsToEnroll) },
    { header: "Quer Matricular (%)", value: share((g) => g.wantsToEnrollRate) },
    { header: "Matriculado", value: step((g) => g.enrolled) },
    { header: "Matriculado (%)", value: share((g) => g.enrolledRate) },
    { header: "Perdido", value: (r) => r.lost },
    { header: "Perdido (%)", value: (r) => csvPercent(r.lostRate) },
    { header: "De", value: () => csvDay(report.from) },
    { header: "Até", value: () => csvDay(report.to) },
  ];
  const [trials, attended, wants, enrolled] = report.steps;
  const total: Row = {
    grouping: "Total",
    label: "Total",
    lost: report.lost,
    lostRate: percent(report.lost, trials.count),
    group: {
      trials: trials.count,
      attended: attended.count,
      wantsToEnroll: wants.count,
      enrolled: enrolled.count,
      lost: report.lost,
      attendedRate: attended.rate,
      wantsToEnrollRate: wants.rate,
      enrolledRate: enrolled.rate,
      lostRate: percent(report.lost, trials.count),
    },
  };
  const grouping = FUNNEL_GROUPING_LABELS[report.by];
  return csvAnswer(`funil_${periodName(report)}.csv`, columns, [
    total,
    ...report.groups.map(({ key: _key, label, ...group }) => ({ grouping, label, group, lost: group.lost, lostRate: group.lostRate })),
    ...report.lostByReason.map((r) => ({ grouping: "Motivo da perda", label: r.reason, lost: r.count, lostRate: r.rate })),
  ]);
}

export function studentsCsv(report: StudentsReportDTO): Answer {
  return monthsCsv(
    `alunos_${periodName(report)}.csv`,
    [
      { header: "Ativas no início", value: (m) => m.activeAtStart },
      { header: "Ativas no fim", value: (m) => m.active },
      { header: "Novas", value: (m) => m.new },
      { header: "Canceladas", value: (m) => m.cancelled },
      { header: "Churn (%)", value: (m) => csvPercent(m.churnRate) },
    ],
    report.months,
    [
      { grouping: "Unidade", groups: report.byBranch },
      { grouping: "Curso", groups: report.byCourse },
    ],
  );
}

export function attendanceCsv(report: AttendanceReportDTO): Answer {
  return monthsCsv(
    `frequencia_${periodName(report)}.csv`,
    [
      { header: "Registros", value: (m) => m.records },
      { header: "Presentes", value: (m) => m.present },
      { header: "Presença (%)", value: (m) => csvPercent(m.rate) },
    ],
    report.months,
    [{ grouping: ATTENDANCE_GROUPING_LABELS[report.by], groups: report.groups }],
  );
}

/**
 * A report's months as CSV, a row per month: the total's ('Total', 'Total')
 * first, then each group's under its grouping ('Unidade', 'Curso', …); the
 * columns 'Agrupamento', 'Grupo', 'Mês', then the month's own (`columns`).
 */
function monthsCsv<Month extends { month: string }>(
  filename: string,
  columns: CsvColumn<Month>[],
  total: readonly Month[],
  groupings: { grouping: string; groups: readonly { label: string; months: readonly Month[] }[] }[],
): Answer {
  type Row = { grouping: string; label: string; month: Month };
  function* rows(): Generator<Row> {
    for (const month of total) yield { grouping: "Total", label: "Total", month };
    for (const { grouping, groups } of groupings)
      for (const g of groups) for (const month of g.months) yield { grouping, label: g.label, month };
  }
  return csvAnswer<Row>(
    filename,
    [
      { header: "Agrupamento", value: (r) => r.grouping },
      { header: "Grupo", value: (r) => r.label },
      { header: "Mês", value: (r) => csvMonth(r.month.month) },
      ...columns.map(({ header, value }) => ({ header, value: (r: Row) => value(r.month) })),
    ],
    rows(),
  );
}

/**
 * The finance report as CSV: one row per month (expected and received), the
 * period's total (with what was overdue on the reference date), one row per
 * payment method (received) and one per ageing bucket (overdue on that date).
 */
export function financeCsv(report: FinanceReportDTO): Answer {
  type Row = {
    grouping: string;
    label: string;
    expected?: string;
    charges?: number;
    received?: string;
    payments?: number;
    overdue?: string;
    overdueCharges?: number;
  };
  const columns: CsvColumn<Row>[] = [
    { header: "Agrupamento", value: (r) => r.grouping },
    { header: "Grupo", value: (r) => r.label },
    { header: "Esperado", value: (r) => csvDecimal(r.expected) },
    { header: "Cobranças", value: (r) => r.charges },
    { header: "Recebido", value: (r) => csvDecimal(r.received) },
    { header: "Pagamentos", value: (r) => r.payments },
    { header: "Em atraso", value: (r) => csvDecimal(r.overdue) },
    { header: "Cobranças em atraso", value: (r) => r.overdueCharges },
    { header: "Atraso em", value: (r) => (r.overdue === undefined ? "" : csvDay(report.overdue.asOf)) },
    { header: "De", value: () => csvDay(report.from) },
    { header: "Até", value: () => csvDay(report.to) },
  ];
  const sum = (pick: (m: FinanceReportDTO["months"][number]) => number) => report.months.reduce((s, m) => s + pick(m), 0);
  const rows: Row[] = [
    ...report.months.map((m) => ({
      grouping: "Mês",
      label: csvMonth(m.month),
      expected: m.expected,
      charges: m.charges,
      received: m.received,
      payments: m.payments,
    })),
    {
      grouping: "Total",
      label: "Total",
      expected: report.expected,
      charges: sum((m) => m.charges),
      received: report.received,
      payments: sum((m) => m.payments),
      overdue: report.overdue.amount,
      overdueCharges: report.overdue.charges,
    },
    ...report.byMethod.map((m) => ({ grouping: "Forma de pagamento", label: m.method, received: m.amount, payments: m.payments })),
    ...report.overdue.buckets.map((b) => ({
      grouping: "Faixa de atraso",
      label: `${b.bucket} dias`,
      overdue: b.amount,
      overdueCharges: b.charges,
    })),
  ];
  return csvAnswer(`financeiro_${periodName(report)}.csv`, columns, rows);
}
