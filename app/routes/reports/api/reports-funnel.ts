import { z } from "zod";
import { funnelReport } from "~/domain/reports/queries.server";
import { FUNNEL_GROUPINGS, funnelReportDto } from "~/domain/reports/schema";
import { operations } from "~/openapi/operation";
import { funnelCsv } from "../+shared/report-csv.server";
import { reportLoader } from "../+shared/report-endpoint.server";
import { reportOperation } from "../+shared/report-params";

export const openapi = operations({
  GET: reportOperation({
    operationId: "getFunnelReport",
    summary: "Funil dos experimentais",
    description:
      "Experimentais com data no período → Compareceu (histórico com Compareceu ou Quer Matricular, ou resultado Matriculado) → Quer Matricular (histórico com Quer Matricular, ou resultado Matriculado) → Matriculado (resultado Matriculado); cada taxa é a etapa ÷ os experimentais. Os perdidos (resultado Perdido) por motivo; o mesmo por origem, responsável, unidade ou curso; a mediana de dias da data do experimental ao resultado Matriculado (closedAt). `?format=csv` devolve o mesmo em CSV.",
    filters: [
      { name: "ownerId", description: "Só os experimentais deste responsável", schema: z.guid() },
      { name: "by", description: "Agrupamento: origin (padrão), owner, branch ou course", schema: z.enum(FUNNEL_GROUPINGS) },
    ],
    answer: "O funil",
    dto: funnelReportDto,
    invalid: "Período inválido, período de mais de 24 meses, unidade, responsável ou agrupamento inválidos",
  }),
});

/** GET /api/reports/funnel?from=&to=&branchId=&ownerId=&by=origin|owner|branch|course[&format=csv] */
export const loader = reportLoader(funnelReport, funnelCsv);
