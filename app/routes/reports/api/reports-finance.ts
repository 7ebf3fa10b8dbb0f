import type { Route } from "./+types/reports-finance";
import { financeReport } from "~/domain/reports/queries.server";
import { financeReportDto } from "~/domain/reports/schema";
import { api } from "~/server/api.server";
import { toResponse } from "~/server/answer.server";
import { operations } from "~/openapi/operation";
import { financeCsv, reportFilter, wantsCsv } from "../+shared/report-csv.server";
import { FORMAT_PARAM, PERIOD_PARAMS } from "../+shared/report-params";

export const openapi = operations({
  GET: {
    operationId: "getFinanceReport",
    tag: "Relatórios",
    summary: "Financeiro: esperado e recebido por mês, inadimplência por faixa de atraso, recebido por forma",
    description:
      "Por mês do período: esperado = soma das cobranças com vencimento no mês que não estão Canceladas; recebido = soma dos pagamentos não estornados com data de pagamento no mês (o primeiro e o último mês contam só os dias do período). Inadimplência na data de referência (o fim do período, ou hoje se o fim for depois): cada cobrança não cancelada vencida antes dessa data com algo devido nela (valor + multa + juros − pagamentos até a data), na faixa dos seus dias de atraso (1–30, 31–60, 61–90, 90+). O recebido do período por forma de pagamento. A unidade é a da cobrança. `?format=csv` devolve o mesmo em CSV.",
    access: "staff",
    query: [
      ...PERIOD_PARAMS.map((p) => (p.name === "branchId" ? { ...p, description: "Só as cobranças desta unidade" } : p)),
      FORMAT_PARAM,
    ],
    success: { status: 200, description: "Os números do financeiro", schema: financeReportDto },
    errors: { 400: "Período inválido, período de mais de 24 meses ou unidade inválida" },
  },
});

/** GET /api/reports/finance?from=&to=&branchId=[&format=csv] */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, async ({ actor }) => {
    const report = await financeReport(actor, reportFilter(search));
    return wantsCsv(search) ? toResponse(financeCsv(report)) : report;
  });
}
