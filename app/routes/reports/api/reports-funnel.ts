import type { Route } from "./+types/reports-funnel";
import { z } from "zod";
import { funnelReport } from "~/domain/reports/queries.server";
import { FUNNEL_GROUPINGS, funnelReportDto } from "~/domain/reports/schema";
import { api } from "~/server/api.server";
import { toResponse } from "~/server/answer.server";
import { operations } from "~/openapi/operation";
import { funnelCsv, reportFilter, wantsCsv } from "../+shared/report-csv.server";
import { FORMAT_PARAM, PERIOD_PARAMS } from "../+shared/report-params";

export const openapi = operations({
  GET: {
    operationId: "getFunnelReport",
    tag: "Relatórios",
    summary: "Funil dos experimentais",
    description:
      "Experimentais com data no período → Compareceu (histórico com Compareceu ou Quer Matricular, ou resultado Matriculado) → Quer Matricular (histórico com Quer Matricular, ou resultado Matriculado) → Matriculado (resultado Matriculado); cada taxa é a etapa ÷ os experimentais. Os perdidos (resultado Perdido) por motivo; o mesmo por origem, responsável, unidade ou curso; a mediana de dias da data do experimental ao resultado Matriculado (closedAt). `?format=csv` devolve o mesmo em CSV.",
    access: "staff",
    query: [
      ...PERIOD_PARAMS,
      { name: "ownerId", description: "Só os experimentais deste responsável", schema: z.guid() },
      { name: "by", description: "Agrupamento: origin (padrão), owner, branch ou course", schema: z.enum(FUNNEL_GROUPINGS) },
      FORMAT_PARAM,
    ],
    success: { status: 200, description: "O funil", schema: funnelReportDto },
    errors: { 400: "Período inválido, período de mais de 24 meses, unidade, responsável ou agrupamento inválidos" },
  },
});

/** GET /api/reports/funnel?from=&to=&branchId=&ownerId=&by=origin|owner|branch|course[&format=csv] */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, async ({ actor }) => {
    const report = await funnelReport(actor, reportFilter(search));
    return wantsCsv(search) ? toResponse(funnelCsv(report)) : report;
  });
}
