import type { Route } from "./+types/report-students";
import { BarChart, LineChart, formatCount, formatMonth, formatRate } from "~/components/charts";
import { formatDay } from "~/domain/calendar/dates";
import { studentsReport } from "~/domain/reports/queries.server";
import { fromFirstMonthWithData, type OccupancyBand } from "~/domain/reports/groupings";
import type { StudentsReportDTO } from "~/domain/reports/schema";
import { loadReport } from "./+shared/report-screen.server";
import { reportMeta, reportScreen } from "./+shared/report-layout";
import { HeaderRow } from "~/components/ui/table";

/** /reports/students ('Alunos'): active, new and cancelled enrolments per month, churn, occupancy and waiting lists. */
export async function loader(args: Route.LoaderArgs) {
  return loadReport(args, studentsReport);
}

const BAND_CLASS: Record<OccupancyBand, string> = {
  Baixa: "bg-sky-100 text-sky-950",
  Média: "bg-emerald-100 text-emerald-950",
  Alta: "bg-amber-100 text-amber-950",
  Lotada: "bg-rose-100 text-rose-950",
};

export default reportScreen("students", StudentsBody);

/** The charts and their tables (cached as HTML on the server per report: no router links here). */
function StudentsBody({ report }: { report: StudentsReportDTO }) {
  const months = fromFirstMonthWithData(report.months, (m) => m.activeAtStart + m.active + m.new + m.cancelled > 0);
  return (
    <>
      <p className="text-sm text-slate-700">
        De {formatDay(report.from)} até {formatDay(report.to)}.
      </p>
      <LineChart
        title="Matrículas ativas no fim do mês"
        summary={months.map((m) => `${formatMonth(m.month)}: ${formatCount(m.active)}`).join("; ")}
        categories={months.map((m) => m.month)}
        series={[{ name: "Ativas", values: months.map((m) => m.active) }]}
        yLabel="Matrículas ativas"
        xLabel="Mês"
        table={{
          headers: ["Mês", "Ativas no início", "Ativas no fim", "Novas", "Canceladas", "Churn"],
          rows: months.map((m) => [
            formatMonth(m.month),
            formatCount(m.activeAtStart),
            formatCount(m.active),
            formatCount(m.new),
            formatCount(m.cancelled),
            formatRate(m.churnRate),
          ]),
        }}
      />
      <BarChart
        title="Novas e canceladas por mês"
        summary={months
          .map((m) => `${formatMonth(m.month)}: ${formatCount(m.new)} novas, ${formatCount(m.cancelled)} canceladas`)
          .join("; ")}
        categories={months.map((m) => m.month)}
        series={[
          { name: "Novas", values: months.map((m) => m.new) },
          { name: "Canceladas", values: months.map((m) => m.cancelled) },
        ]}
        yLabel="Matrículas"
        xLabel="Mês"
        table={{
          headers: ["Mês", "Novas", "Canceladas"],
          rows: months.map((m) => [formatMonth(m.month), formatCount(m.new), formatCount(m.cancelled)]),
        }}
      />
      <LineChart
        title="Churn por mês"
        summary={months.map((m) => `${formatMonth(m.month)}: ${formatRate(m.churnRate)}`).join("; ")}
        categories={months.map((m) => m.month)}
        series={[{ name: "Churn", values: months.map((m) => m.churnRate) }]}
        percent
        yLabel="Churn (%)"
        xLabel="Mês"
        table={{
          headers: ["Mês", "Canceladas", "Ativas no início", "Churn"],
          rows: months.map((m) => [formatMonth(m.month), formatCount(m.cancelled), formatCount(m.activeAtStart), formatRate(m.churnRate)]),
        }}
      />
      <GroupCharts byBranch={report.byBranch} byCourse={report.byCourse} />
      <OccupancySection occupancy={report.occupancy} />
    </>
  );
}

/** The active enrolments at the period's end by branch and by course, each with the period's new and cancelled. */
function GroupCharts({ byBranch, byCourse }: Pick<StudentsReportDTO, "byBranch" | "byCourse">) {
  return [
    { title: "Ativas no fim do período por unidade", groups: byBranch, label: "Unidade" },
    { title: "Ativas no fim do período por curso", groups: byCourse, label: "Curso" },
  ].map(({ title, groups, label }) => (
    <BarChart
      key={title}
      title={title}
      summary={
        groups.length ? groups.map((g) => `${g.label}: ${formatCount(g.months.at(-1)?.active ?? 0)}`).join("; ") : "Nenhuma matrícula"
      }
      categories={groups.map((g) => g.label)}
      series={[{ name: "Ativas", values: groups.map((g) => g.months.at(-1)?.active ?? 0) }]}
      yLabel="Matrículas ativas"
      xLabel={label}
      table={{
        headers: [label, "Ativas no fim", "Novas no período", "Canceladas no período"],
        rows: groups.map((g) => [
          g.label,
          formatCount(g.months.at(-1)?.active ?? 0),
          formatCount(g.months.reduce((s, m) => s + m.new, 0)),
          formatCount(g.months.reduce((s, m) => s + m.cancelled, 0)),
        ]),
      }}
    />
  ));
}

/** 'Ocupação das turmas (hoje)': each active class's enrolments against its room's capacity, by band, and its waiting list. */
function OccupancySection({ occupancy }: { occupancy: StudentsReportDTO["occupancy"] }) {
  return (
    <section aria-labelledby="occupancy-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="occupancy-title" className="mb-2 font-semibold">
        Ocupação das turmas (hoje)
      </h2>
      <p className="mb-2 text-sm text-slate-700">
        Faixas: Baixa (abaixo de 50%), Média (50% a 79,9%), Alta (80% a 99,9%), Lotada (100% ou mais).
      </p>
      {/* A scrolling region takes the keyboard's focus (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" role="region" aria-label="Tabela: ocupação das turmas" tabIndex={0}>
        <table className="min-w-full text-sm">
          <caption className="sr-only">Ocupação das turmas</caption>
          <thead>
            <HeaderRow
              columns={[
                ["Turma", "px-2 py-1 text-left"],
                ["Unidade", "px-2 py-1 text-left"],
                ["Ativas", "px-2 py-1 text-right"],
                ["Capacidade", "px-2 py-1 text-right"],
                ["Ocupação", "px-2 py-1 text-right"],
                ["Lista de espera", "px-2 py-1 text-right"],
              ]}
            />
          </thead>
          <tbody>
            {occupancy.map((o) => (
              <tr key={o.classId} className="border-t border-slate-200">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {o.label}
                </th>
                <td className="px-2 py-1">{o.branchName}</td>
                <td className="px-2 py-1 text-right tabular-nums">{formatCount(o.active)}</td>
                <td className="px-2 py-1 text-right tabular-nums">{formatCount(o.capacity)}</td>
                <td className={`px-2 py-1 text-right tabular-nums ${o.band ? BAND_CLASS[o.band] : ""}`}>
                  {formatRate(o.rate)} {o.band ? <span>({o.band})</span> : null}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{formatCount(o.waiting)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const meta = reportMeta("students");
