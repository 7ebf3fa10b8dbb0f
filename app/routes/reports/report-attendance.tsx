import type { Route } from "./+types/report-attendance";
import { BarChart, LineChart, formatCount, formatMonth, formatRate } from "~/components/charts";
import { formatDay } from "~/domain/calendar/dates";
import { attendanceReport } from "~/domain/reports/queries.server";
import { ATTENDANCE_GROUPING_LABELS, fromFirstMonthWithData, ATTENDANCE_GROUPINGS } from "~/domain/reports/groupings";
import type { AttendanceReportDTO } from "~/domain/reports/schema";
import { loadReport } from "./+shared/report-screen.server";
import { reportMeta, reportScreen } from "./+shared/report-layout";

/** /reports/attendance ('Frequência'): presence rate per month, by class, teacher or branch; absences made up or not. */
export async function loader(args: Route.LoaderArgs) {
  return loadReport(args, attendanceReport);
}

export default reportScreen("attendance", AttendanceBody, {
  groupings: ATTENDANCE_GROUPINGS,
  labels: ATTENDANCE_GROUPING_LABELS,
  fallback: "branch",
});

/** The charts and their tables (cached as HTML on the server per report: no router links here). */
function AttendanceBody({ report }: { report: AttendanceReportDTO }) {
  const label = ATTENDANCE_GROUPING_LABELS[report.by];
  const months = fromFirstMonthWithData(report.months, (m) => m.records > 0);
  return (
    <>
      <p className="text-sm text-slate-700">
        De {formatDay(report.from)} até {formatDay(report.to)}.
      </p>
      <LineChart
        title="Taxa de presença por mês"
        summary={months.map((m) => `${formatMonth(m.month)}: ${formatRate(m.rate)}`).join("; ")}
        categories={months.map((m) => m.month)}
        series={[{ name: "Presença", values: months.map((m) => m.rate) }]}
        percent
        yLabel="Presença (%)"
        xLabel="Mês"
        table={{
          headers: ["Mês", "Registros", "Presentes", "Presença"],
          rows: months.map((m) => [formatMonth(m.month), formatCount(m.records), formatCount(m.present), formatRate(m.rate)]),
        }}
      />
      <BarChart
        title={`Presença por ${label.toLowerCase()}`}
        summary={
          report.groups.length ? report.groups.map((g) => `${g.label}: ${formatRate(g.rate)}`).join("; ") : "Nenhum registro no período"
        }
        categories={report.groups.map((g) => g.label)}
        series={[{ name: "Presença", values: report.groups.map((g) => g.rate) }]}
        percent
        yLabel="Presença (%)"
        xLabel={label}
        table={{
          headers: [label, "Registros", "Presentes", "Presença", ...months.map((m) => formatMonth(m.month))],
          rows: report.groups.map((g) => [
            g.label,
            formatCount(g.records),
            formatCount(g.present),
            formatRate(g.rate),
            ...g.months.map((m) => formatRate(m.rate)),
          ]),
        }}
      />
      <BarChart
        title="Faltas e reposições"
        summary={`${formatCount(report.absences.total)} faltas: ${formatCount(report.absences.madeUp)} repostas, ${formatCount(report.absences.booked)} com reposição agendada, ${formatCount(report.absences.notMadeUp)} não repostas`}
        categories={["Repostas", "Agendadas", "Não repostas"]}
        series={[{ name: "Faltas", values: [report.absences.madeUp, report.absences.booked, report.absences.notMadeUp] }]}
        yLabel="Faltas"
        xLabel="Reposição"
        table={{
          headers: ["Faltas", "Quantidade"],
          rows: [
            ["Repostas (reposição realizada)", formatCount(report.absences.madeUp)],
            ["Com reposição agendada", formatCount(report.absences.booked)],
            ["Não repostas", formatCount(report.absences.notMadeUp)],
            ["Total", formatCount(report.absences.total)],
          ],
        }}
      />
    </>
  );
}

export const meta = reportMeta("attendance");
