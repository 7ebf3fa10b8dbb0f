import type { Route } from "./+types/reports-attendance";
import { z } from "zod";
import { attendanceReport } from "~/domain/reports/queries.server";
import { attendanceReportDto } from "~/domain/reports/schema";
import { api } from "~/server/api.server";
import { toResponse } from "~/server/answer.server";
import { operations } from "~/openapi/operation";
import { attendanceCsv, reportFilter, wantsCsv } from "../+shared/report-csv.server";
import { FORMAT_PARAM, PERIOD_PARAMS } from "../+shared/report-params";

export const openapi = operations({
  GET: {
    operationId: "getAttendanceReport",
    tag: "Relatórios",
    summary: "Frequência: taxa de presença por mês",
    description:
      "Taxa de presença = Presente ÷ todos os registros das aulas do período, por mês; por turma, professor (o responsável da turma) ou unidade; e as faltas do período com reposição realizada, agendada ou sem reposição. `?format=csv` devolve os meses em CSV.",
    access: "staff",
    query: [
      ...PERIOD_PARAMS,
      { name: "by", description: "Agrupamento: branch (padrão), class ou teacher", schema: z.enum(["class", "teacher", "branch"]) },
      FORMAT_PARAM,
    ],
    success: { status: 200, description: "A frequência", schema: attendanceReportDto },
    errors: { 400: "Período inválido, período de mais de 24 meses, unidade ou agrupamento inválidos" },
  },
});

/** GET /api/reports/attendance?from=&to=&branchId=&by=class|teacher|branch[&format=csv] */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, async ({ actor }) => {
    const report = await attendanceReport(actor, reportFilter(search));
    return wantsCsv(search) ? toResponse(attendanceCsv(report)) : report;
  });
}
