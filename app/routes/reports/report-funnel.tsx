import type { Route } from "./+types/report-funnel";
import { BarChart, FunnelChart, formatCount, formatRate } from "~/components/charts";
import { formatDay } from "~/domain/calendar/dates";
import { funnelReport } from "~/domain/reports/queries.server";
import { FUNNEL_GROUPING_LABELS, FUNNEL_GROUPINGS, type FunnelGrouping } from "~/domain/reports/groupings";
import type { FunnelReportDTO } from "~/domain/reports/schema";
import { STAFF_TYPES } from "~/domain/classes/queries.server";
import { listUserOptions } from "~/domain/users/queries.server";
import { loadReport } from "./+shared/report-screen.server";
import { groupingsOf, ReportLayout } from "./+shared/report-layout";

/** /reports/funnel ('Funil'): the trials' funnel of the period, lost by reason, and by origin, owner, branch or course. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const loaded = await loadReport(request, context, funnelReport);
  return { ...loaded, owners: await listUserOptions(STAFF_TYPES) };
}

export default function FunnelReport({ loaderData }: Route.ComponentProps) {
  const by = (loaderData.shown?.by ?? "origin") as FunnelGrouping;
  return (
    <ReportLayout<FunnelReportDTO>
      id="funnel"
      title="Funil"
      description="Experimentais com data no período e até onde chegaram."
      loaded={loaderData}
      owners={loaderData.owners}
      groupings={groupingsOf(by, FUNNEL_GROUPINGS, FUNNEL_GROUPING_LABELS)}
    >
      {(report) => <FunnelBody report={report} />}
    </ReportLayout>
  );
}

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

export function meta(): Route.MetaDescriptors {
  return [{ title: "Funil" }];
}
