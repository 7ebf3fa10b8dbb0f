import { calendarDate, calendarMonth } from "~/domain/fields";
import type { Route } from "./+types/class-attendance";
import { classMonthRecords, getRollCall } from "~/domain/attendance/queries.server";
import { toResponse } from "~/server/answer.server";
import { csvAnswer, csvDay } from "~/server/csv.server";
import { saveRollCall } from "~/domain/attendance/service.server";
import { api, apiWrites } from "~/server/api.server";
import { fromReplica } from "~/server/reader.server";

import { z } from "zod";
import { rollCallDto, rollCallSchema } from "~/domain/attendance/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getRollCall",
    tag: "Chamadas",
    summary: "A chamada de uma aula",
    description:
      "Os alunos da aula: as matrículas ativas na data (início até a data, não canceladas antes dela; nunca 'Em espera'), " +
      "por nome, e depois as reposições agendadas nela (com `makeupId`). `status: null` enquanto não registrada; " +
      "uma aula futura responde a lista, toda com `status: null`.",
    access: "signed-in",
    client: "class-people",
    query: [
      { name: "date", description: "A data da aula (AAAA-MM-DD)", schema: calendarDate() },
      { name: "scheduleId", description: "O horário da turma", schema: z.string() },
      {
        name: "format",
        description: "`csv` (com `month`, sem `date` e `scheduleId`): todos os registros de chamada da turma no mês, em CSV",
        schema: z.enum(["csv"]),
      },
      { name: "month", description: "Com `format=csv`: o mês (AAAA-MM)", schema: calendarMonth() },
    ],
    success: { status: 200, description: "A chamada", schema: rollCallDto },
    errors: { 400: "Data sem aula desta turma, ou data inválida" },
  },
  PUT: {
    operationId: "saveRollCall",
    tag: "Chamadas",
    summary: "Registra a chamada de uma aula",
    description:
      "Idempotente: registra ou atualiza o status (e a observação) de cada aluno enviado, um registro por matrícula " +
      "(ou reposição) por aula; enviar a mesma chamada duas vezes atualiza, nunca duplica. Alunos não enviados ficam como estão. " +
      "A presença de uma reposição muda o seu status (só a chamada o faz): Presente → 'Realizada'; falta → 'Não compareceu'. " +
      "Uma falta alterada para Presente cancela a sua reposição agendada; se a chamada da reposição já foi registrada, a chamada é recusada.",
    access: "staff",
    body: rollCallSchema,
    success: { status: 200, description: "A chamada registrada", schema: rollCallDto },
    errors: {
      400: "Data sem aula desta turma, data futura, aluno que não pertence a esta aula, ou falta já reposta alterada para Presente",
      409: "Sem vagas nesta aula (reposição 'Não compareceu' marcada presente de novo)",
    },
  },
});

/** GET /api/classes/{id}/attendance?date=&scheduleId= → { date, scheduleId, taken, records } */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, async ({ actor }) => {
    if (search.get("format") === "csv") {
      // 'Exportar CSV' of the roll call screen: the class's records of a month.
      // Read from the read replica when there is one, as every CSV export (ADR 019).
      const { classLabel, month, records } = await fromReplica(context, () =>
        classMonthRecords(actor, params.id, search.get("month") ?? undefined),
      );
      return toResponse(
        csvAnswer(
          `chamadas_${classLabel}_${month}.csv`,
          [
            { header: "Data", value: (r) => csvDay(r.date) },
            { header: "Horário", value: (r) => r.startTime },
            { header: "Aluno", value: (r) => r.studentName },
            { header: "Reposição", value: (r) => (r.makeup ? "Sim" : "Não") },
            { header: "Status", value: (r) => r.status },
            { header: "Observação", value: (r) => r.note },
          ],
          records,
        ),
      );
    }
    const view = await getRollCall(actor, params.id, {
      date: search.get("date") ?? undefined,
      scheduleId: search.get("scheduleId") ?? undefined,
    });
    return { date: view.date, scheduleId: view.scheduleId, taken: view.taken, records: view.records };
  });
}

/** PUT /api/classes/{id}/attendance { date, scheduleId, records: [{ enrollmentId | makeupId, status, note? }] } */
export const action = apiWrites({ PUT: ({ actor, params, body }) => saveRollCall(actor, params.id, body) });
