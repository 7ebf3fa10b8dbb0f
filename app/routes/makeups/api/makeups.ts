import { calendarDate } from "~/domain/fields";
import { makeupList } from "~/domain/attendance/makeups/queries.server";
import { bookMakeup } from "~/domain/attendance/makeups/service.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { z } from "zod";
import { makeupDto, makeupSchema } from "~/domain/attendance/makeups/schema";
import { listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Reposições", name: "Makeups", plural: "reposições", dto: makeupDto },
    {
      description: "Por data da aula. Um id malformado não encontra nada.",
      client: "family-list",
      query: [
        { name: "studentId", description: "Só as deste aluno", schema: z.string() },
        { name: "classId", description: "Só as agendadas nesta turma", schema: z.string() },
        { name: "date", description: "Só as desta data (AAAA-MM-DD)", schema: calendarDate() },
      ],
      answer: "As reposições",
      invalid: "Data inválida",
    },
  ),
  POST: {
    operationId: "bookMakeup",
    tag: "Reposições",
    summary: "Agenda a reposição de uma falta",
    description:
      "A falta ('Falta' ou 'Falta justificada' de uma matrícula) é reposta numa aula de uma turma ativa do mesmo curso " +
      "(qualquer unidade), depois da falta (no mesmo dia, uma aula que começa mais tarde) e até 30 dias depois dela, não passada, com vaga: capacidade da sala − matrículas " +
      "ativas na data − reposições 'Agendada' ou 'Realizada' na aula. Uma reposição por falta. Reservas simultâneas nunca " +
      "passam da capacidade. Uma turma em que o aluno está matriculado na data é recusada (400).",
    access: "staff",
    body: makeupSchema,
    success: { status: 201, description: "A reposição ('Agendada')", schema: makeupDto },
    errors: { 409: "Sem vagas nesta aula, ou esta falta já tem reposição" },
  },
});

/** GET /api/makeups (?studentId=&classId=&date=; ?limit= and ?cursor= for one page) */
export const loader = apiList(({ actor, search }) =>
  makeupList(actor, { studentId: search.get("studentId"), classId: search.get("classId"), date: search.get("date") }),
);

/** POST /api/makeups { absenceId, classId, scheduleId, date } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => bookMakeup(actor, body)) });
