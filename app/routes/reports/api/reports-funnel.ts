import type { Route } from "./+types/reports-funnel";
import { z } from "zod";
import { funnelReport } from "~/domain/reports/queries.server";
import { funnelReportDto } from "~/domain/reports/schema";
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
      "Experimentais com data no período → Compareceu (histórico com Compareceu ou Quer Matricular, ou matriculado) → Quer Matricular (histórico com Quer Matricular, ou matriculado) → Matriculado (matrícula feita a partir do experimental e não cancelada antes do início); cada taxa é a etapa ÷ os experimentais. Também por origem, unidade ou curso, e a mediana de dias do experimental à matrícula. `?format=csv` devolve o mesmo em CSV.",
    access: "trials",
    query: [
      ...PERIOD_PARAMS,
      { name: "by", description: "Agrupamento: origin (padrão), branch ou course", schema: z.enum(["origin", "branch", "course"]) },
      FORMAT_PARAM,
    ],
    success: { status: 200, description: "O funil", schema: funnelReportDto },
    errors: { 400: "Período inválido, período de mais de 24 meses, unidade ou agrupamento inválidos" },
  },
});

/** GET /api/reports/funnel?from=&to=&branchId=&by=origin|branch|course[&format=csv] */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, async ({ actor }) => {
    const report = await funnelReport(actor, reportFilter(search));
    return wantsCsv(search) ? toResponse(funnelCsv(report)) : report;
  });
}
