import type { Route } from "./+types/reports-students";
import { studentsReport } from "~/domain/reports/queries.server";
import { studentsReportDto } from "~/domain/reports/schema";
import { api } from "~/server/api.server";
import { toResponse } from "~/server/answer.server";
import { operations } from "~/openapi/operation";
import { reportFilter, studentsCsv, wantsCsv } from "../+shared/report-csv.server";
import { FORMAT_PARAM, PERIOD_PARAMS } from "../+shared/report-params";

export const openapi = operations({
  GET: {
    operationId: "getStudentsReport",
    tag: "Relatórios",
    summary: "Alunos: matrículas ativas, novas, canceladas e churn por mês",
    description:
      "Uma matrícula está ativa numa data quando não está Em espera, começa nessa data ou antes e não foi cancelada até essa data. Por mês: ativas no fim do mês, novas (início no mês), canceladas no mês e churn (canceladas ÷ ativas no último dia do mês anterior); por unidade e por curso; a ocupação de cada turma ativa hoje (ativas ÷ capacidade da sala) e a lista de espera. `?format=csv` devolve os meses em CSV.",
    access: "staff",
    query: [...PERIOD_PARAMS, FORMAT_PARAM],
    success: { status: 200, description: "Os números dos alunos", schema: studentsReportDto },
    errors: { 400: "Período inválido, período de mais de 24 meses ou unidade inválida" },
  },
});

/** GET /api/reports/students?from=&to=&branchId=[&format=csv] */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, async ({ actor }) => {
    const report = await studentsReport(actor, reportFilter(search));
    return wantsCsv(search) ? toResponse(studentsCsv(report)) : report;
  });
}
