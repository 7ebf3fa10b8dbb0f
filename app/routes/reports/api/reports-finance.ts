import { financeReport } from "~/domain/reports/queries.server";
import { financeReportDto } from "~/domain/reports/schema";
import { operations } from "~/openapi/operation";
import { financeCsv } from "../+shared/report-csv.server";
import { reportLoader } from "../+shared/report-endpoint.server";
import { PERIOD_PARAMS, reportOperation } from "../+shared/report-params";

export const openapi = operations({
  GET: reportOperation({
    operationId: "getFinanceReport",
    summary: "Financeiro: esperado e recebido por mês, inadimplência por faixa de atraso, recebido por forma",
    description:
      "Por mês do período: esperado = soma das cobranças com vencimento no mês que não estão Canceladas; recebido = soma dos pagamentos não estornados com data de pagamento no mês (o primeiro e o último mês contam só os dias do período). Inadimplência na data de referência (o fim do período, ou hoje se o fim for depois): cada cobrança não cancelada vencida antes dessa data com algo devido nela (valor + multa + juros − pagamentos até a data), na faixa dos seus dias de atraso (1–30, 31–60, 61–90, 90+). O recebido do período por forma de pagamento. A unidade é a da cobrança. `?format=csv` devolve o mesmo em CSV.",
    period: PERIOD_PARAMS.map((p) => (p.name === "branchId" ? { ...p, description: "Só as cobranças desta unidade" } : p)),
    answer: "Os números do financeiro",
    dto: financeReportDto,
    invalid: "Período inválido, período de mais de 24 meses ou unidade inválida",
  }),
});

/** GET /api/reports/finance?from=&to=&branchId=[&format=csv] */
export const loader = reportLoader(financeReport, financeCsv);
