import { z } from "zod";
import { attendanceReport } from "~/domain/reports/queries.server";
import { attendanceReportDto } from "~/domain/reports/schema";
import { operations } from "~/openapi/operation";
import { attendanceCsv } from "../+shared/report-csv.server";
import { reportLoader } from "../+shared/report-endpoint.server";
import { reportOperation } from "../+shared/report-params";

export const openapi = operations({
  GET: reportOperation({
    operationId: "getAttendanceReport",
    summary: "Frequência: taxa de presença por mês",
    description:
      "Taxa de presença = Presente ÷ todos os registros das aulas do período, por mês; por turma, professor (o responsável da turma) ou unidade; e as faltas do período com reposição realizada, agendada ou sem reposição. `?format=csv` devolve os meses em CSV.",
    filters: [
      { name: "by", description: "Agrupamento: branch (padrão), class ou teacher", schema: z.enum(["class", "teacher", "branch"]) },
    ],
    answer: "A frequência",
    dto: attendanceReportDto,
    invalid: "Período inválido, período de mais de 24 meses, unidade ou agrupamento inválidos",
  }),
});

/** GET /api/reports/attendance?from=&to=&branchId=&by=class|teacher|branch[&format=csv] */
export const loader = reportLoader(attendanceReport, attendanceCsv);
