import { bookFamilyMakeup } from "~/domain/attendance/makeups/service.server";
import { makeupDto, makeupSchema } from "~/domain/attendance/makeups/schema";
import { apiWrites, created } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "bookFamilyMakeup",
    tag: "Família",
    summary: "Agenda a reposição de uma falta de um aluno da família",
    description:
      "As mesmas regras de `POST /api/makeups` (turma ativa do mesmo curso, até 30 dias depois da falta, aula não passada, " +
      "com vaga; uma reposição por falta), para uma falta de um aluno da própria família (404 'Falta não encontrada' para outra). " +
      "As aulas possíveis: `GET /api/makeups/options?absenceId=`.",
    access: "signed-in",
    client: "own-family",
    body: makeupSchema,
    success: { status: 201, description: "A reposição ('Agendada')", schema: makeupDto },
    errors: { 404: "Família ou falta não encontrada", 409: "Sem vagas nesta aula, ou esta falta já tem reposição" },
  },
});

/** POST /api/family/makeups { absenceId, classId, scheduleId, date } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => bookFamilyMakeup(actor, body)) });
