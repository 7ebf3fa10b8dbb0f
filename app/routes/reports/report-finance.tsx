import type { Route } from "./+types/report-finance";
import { BarChart, formatCount, formatMonth } from "~/components/charts";
import { formatDay } from "~/domain/calendar/dates";
import { financeReport } from "~/domain/reports/queries.server";
import { fromFirstMonthWithData } from "~/domain/reports/groupings";
import type { FinanceReportDTO } from "~/domain/reports/schema";
import { formatBRL } from "~/lib/format";
import { loadReport } from "./+shared/report-screen.server";
import { reportMeta, reportScreen } from "./+shared/report-layout";

/** /reports/finance ('Financeiro'): expected vs received per month, overdue by ageing bucket, received by method. */
export async function loader(args: Route.LoaderArgs) {
  return loadReport(args, financeReport);
}

export default reportScreen("finance", FinanceBody);

const reais = (amount: string) => Number(amount);

/** The charts and their tables (cached as HTML on the server per report: no router links here). */
function FinanceBody({ report }: { report: FinanceReportDTO }) {
  const { overdue } = report;
  const months = fromFirstMonthWithData(report.months, (m) => m.charges + m.payments > 0);
  const asOf = formatDay(overdue.asOf);
  return (
    <>
      <p className="text-sm text-slate-700">
        De {formatDay(report.from)} até {formatDay(report.to)}. Esperado: <strong>{formatBRL(report.expected)}</strong>; recebido:{" "}
        <strong>{formatBRL(report.received)}</strong>; em atraso em {asOf}: <strong>{formatBRL(overdue.amount)}</strong>.
      </p>
      <BarChart
        title="Esperado e recebido por mês"
        summary={months
          .map((m) => `${formatMonth(m.month)}: esperado ${formatBRL(m.expected)}, recebido ${formatBRL(m.received)}`)
          .join("; ")}
        categories={months.map((m) => m.month)}
        series={[
          { name: "Esperado", values: months.map((m) => reais(m.expected)) },
          { name: "Recebido", values: months.map((m) => reais(m.received)) },
        ]}
        money
        yLabel="Valor (R$)"
        xLabel="Mês"
        table={{
          headers: ["Mês", "Esperado", "Cobranças", "Recebido", "Pagamentos"],
          rows: [
            ...months.map((m) => [
              formatMonth(m.month),
              formatBRL(m.expected),
              formatCount(m.charges),
              formatBRL(m.received),
              formatCount(m.payments),
            ]),
            [
              "Total",
              formatBRL(report.expected),
              formatCount(months.reduce((s, m) => s + m.charges, 0)),
              formatBRL(report.received),
              formatCount(months.reduce((s, m) => s + m.payments, 0)),
            ],
          ],
        }}
      />
      <BarChart
        title={`Em atraso em ${asOf} por faixa de atraso`}
        summary={
          overdue.charges
            ? overdue.buckets.map((b) => `${b.bucket} dias: ${formatBRL(b.amount)} (${formatCount(b.charges)} cobranças)`).join("; ")
            : `Nenhuma cobrança em atraso em ${asOf}`
        }
        categories={overdue.buckets.map((b) => `${b.bucket} dias`)}
        series={[{ name: "Em atraso", values: overdue.buckets.map((b) => reais(b.amount)) }]}
        money
        yLabel="Devido (R$)"
        xLabel="Dias de atraso"
        table={{
          headers: ["Faixa de atraso", "Cobranças", "Devido"],
          rows: [
            ...overdue.buckets.map((b) => [`${b.bucket} dias`, formatCount(b.charges), formatBRL(b.amount)]),
            ["Total", formatCount(overdue.charges), formatBRL(overdue.amount)],
          ],
        }}
      />
      <BarChart
        title="Recebido por forma de pagamento"
        summary={
          report.byMethod.some((m) => m.payments)
            ? report.byMethod.map((m) => `${m.method}: ${formatBRL(m.amount)}`).join("; ")
            : "Nenhum pagamento no período"
        }
        categories={report.byMethod.map((m) => m.method)}
        series={[{ name: "Recebido", values: report.byMethod.map((m) => reais(m.amount)) }]}
        money
        yLabel="Recebido (R$)"
        xLabel="Forma de pagamento"
        table={{
          headers: ["Forma de pagamento", "Pagamentos", "Recebido"],
          rows: report.byMethod.map((m) => [m.method, formatCount(m.payments), formatBRL(m.amount)]),
        }}
      />
    </>
  );
}

export const meta = reportMeta("finance");
