import { calendarDate } from "~/domain/fields";
import { classSessions } from "~/domain/attendance/queries.server";
import { arrayList } from "~/domain/list.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { classSessionDto, type ClassSessionDTO } from "~/domain/attendance/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listClassSessions",
    tag: "Chamadas",
    summary: "Aulas de uma turma num período",
    description:
      "As aulas não são guardadas: uma turma tem aula em cada data cujo dia da semana é o de um dos seus horários, " +
      "desde a sua criação (no fuso de São Paulo). Por data e horário, com as matrículas ativas na data, as reposições " +
      "agendadas na aula e se a chamada já foi feita. `from` e `to` obrigatórios (AAAA-MM-DD), no máximo 62 dias.",
    access: "signed-in",
    client: "class-people",
    query: [
      { name: "from", description: "Primeira data (AAAA-MM-DD)", schema: calendarDate() },
      { name: "to", description: "Última data (AAAA-MM-DD), no máximo 62 dias depois de `from`", schema: calendarDate() },
    ],
    success: { status: 200, description: "As aulas do período", schema: z.array(classSessionDto) },
    errors: { 400: "Período inválido (use from e to em AAAA-MM-DD, no máximo 62 dias)" },
  },
});

const key = (s: ClassSessionDTO) => [s.date, s.startTime, s.scheduleId];
const compare = (a: Array<string | number | boolean>, b: Array<string | number | boolean>) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return String(a[i]) < String(b[i]) ? -1 : 1;
  return 0;
};

/** GET /api/classes/{id}/sessions?from=&to= */
export const loader = apiList(async ({ actor, params, search }) => {
  const sessions = await classSessions(actor, params.id ?? "", {
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  });
  return arrayList("classSessions", ["date", "text", "uuid"], async () => sessions, key, compare);
});
