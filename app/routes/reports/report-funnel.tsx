import type { Route } from "./+types/report-funnel";
import { BarChart, FunnelChart, formatCount, formatRate } from "~/components/charts";
import { formatDay } from "~/domain/calendar/dates";
import { funnelReport } from "~/domain/reports/queries.server";
import { FUNNEL_GROUPING_LABELS, FUNNEL_GROUPINGS } from "~/domain/reports/groupings";
import type { FunnelReportDTO } from "~/domain/reports/schema";
import { STAFF_TYPES } from "~/domain/classes/queries.server";
import { listUserOptions } from "~/domain/users/queries.server";
import { loadReport } from "./+shared/report-screen.server";
import { reportMeta, reportScreen } from "./+shared/report-layout";

/** /reports/funnel ('Funil'): the trials' funnel of the period, lost by reason, and by origin, owner, branch or course. */
export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadReport(args, funnelReport);
  return { ...loaded, owners: await listUserOptions(STAFF_TYPES) };
}

export default reportScreen("funnel", FunnelBody, { groupings: FUNNEL_GROUPINGS, labels: FUNNEL_GROUPING_LABELS, fallback: "origin" });

/** The charts and their tables (cached as HTML on the server per report: no router links here). */
function FunnelBody({ report }: { report: FunnelReportDTO }) {
  const by = report.by;
  return (
    <>
      <p className="text-sm text-slate-700">
        De {formatDay(report.from)} até {formatDay(report.to)}. Mediana do experimental à matrícula:{" "}
        <strong>{report.medianDaysToEnrollment === null ? "—" : `${formatCount(report.medianDaysToEnrollment)} dias`}</strong>
      </p>
      <FunnelChart
        title="Funil dos experimentais"
        summary={report.steps
          .map((s) => `${s.step}: ${formatCount(s.count)}${s.step === "Experimentais" ? "" : ` (${formatRate(s.rate)})`}`)
          .join("; ")}
        steps={report.steps.map((s) => ({ label: s.step, count: s.count, rate: s.rate }))}
        table={{
          headers: ["Etapa", "Quantidade", "Taxa"],
          rows: report.steps.map((s) => [s.step, formatCount(s.count), formatRate(s.rate)]),
        }}
      />
      <BarChart
        title={`Taxas por ${FUNNEL_GROUPING_LABELS[by].toLowerCase()}`}
        summary={
          report.groups.length
            ? report.groups.map((g) => `${g.label}: matriculado ${formatRate(g.enrolledRate)}`).join("; ")
            : "Nenhum experimental no período"
        }
        categories={report.groups.map((g) => g.label)}
        series={[
          { name: "Compareceu", values: report.groups.map((g) => g.attendedRate) },
          { name: "Quer Matricular", values: report.groups.map((g) => g.wantsToEnrollRate) },
          { name: "Matriculado", values: report.groups.map((g) => g.enrolledRate) },
        ]}
        percent
        yLabel="Taxa (% dos experimentais)"
        xLabel={FUNNEL_GROUPING_LABELS[by]}
        table={{
          headers: [FUNNEL_GROUPING_LABELS[by], "Experimentais", "Compareceu", "Quer Matricular", "Matriculado"],
          rows: report.groups.map((g) => [
            g.label,
            formatCount(g.trials),
            `${formatCount(g.attended)} (${formatRate(g.attendedRate)})`,
            `${formatCount(g.wantsToEnroll)} (${formatRate(g.wantsToEnrollRate)})`,
            `${formatCount(g.enrolled)} (${formatRate(g.enrolledRate)})`,
          ]),
        }}
      />
      <BarChart
        title="Perdidos por motivo"
        summary={
          report.lost
            ? report.lostByReason.map((r) => `${r.reason}: ${formatCount(r.count)}`).join("; ")
            : "Nenhum experimental perdido no período"
        }
        categories={report.lostByReason.map((r) => r.reason)}
        series={[{ name: "Perdido", values: report.lostByReason.map((r) => r.count) }]}
        yLabel="Experimentais perdidos"
        xLabel="Motivo da perda"
        table={{
          headers: ["Motivo da perda", "Perdido", "Parte dos perdidos"],
          rows: report.lostByReason.map((r) => [r.reason, formatCount(r.count), formatRate(r.rate)]),
        }}
      />
    </>
  );
}

export const meta = reportMeta("funnel");
