import { studentsReport } from "~/domain/reports/queries.server";
import { studentsReportDto } from "~/domain/reports/schema";
import { operations } from "~/openapi/operation";
import { studentsCsv } from "../+shared/report-csv.server";
import { reportLoader } from "../+shared/report-endpoint.server";
import { reportOperation } from "../+shared/report-params";

export const openapi = operations({
  GET: reportOperation({
    operationId: "getStudentsReport",
    summary: "Alunos: matrículas ativas, novas, canceladas e churn por mês",
    description:
      "Uma matrícula está ativa numa data quando não está Em espera, começa nessa data ou antes e não foi cancelada até essa data. Por mês: ativas no fim do mês, novas (início no mês), canceladas no mês e churn (canceladas ÷ ativas no último dia do mês anterior); por unidade e por curso; a ocupação de cada turma ativa hoje (ativas ÷ capacidade da sala) e a lista de espera. `?format=csv` devolve os meses em CSV.",
    answer: "Os números dos alunos",
    dto: studentsReportDto,
    invalid: "Período inválido, período de mais de 24 meses ou unidade inválida",
  }),
});

/** GET /api/reports/students?from=&to=&branchId=[&format=csv] */
export const loader = reportLoader(studentsReport, studentsCsv);
