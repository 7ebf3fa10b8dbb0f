import { getMakeup } from "~/domain/attendance/makeups/queries.server";
import { deleteMakeup, updateMakeup } from "~/domain/attendance/makeups/service.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { makeupDto, makeupUpdateSchema } from "~/domain/attendance/makeups/schema";
import { operations, readOperation } from "~/openapi/operation";

export const openapi = operations({
  GET: readOperation(
    { tag: "Reposições", name: "Makeup", noun: "uma reposição", dto: makeupDto },
    { client: "family-item", description: "A reposição" },
  ),
  PATCH: {
    operationId: "updateMakeup",
    tag: "Reposições",
    summary: "Move uma reposição ou a agenda de novo",
    description:
      "`classId`, `scheduleId` e/ou `date` movem a reposição para outra aula (as mesmas regras do agendamento; ela fica " +
      "'Agendada'). Só a chamada da aula marca uma reposição como 'Realizada' ou 'Não compareceu': `status` com esses valores " +
      "é recusado (409), salvo quando já é o status dela (nada muda). Com a chamada registrada, a reposição é histórico: " +
      "não é movida nem volta a 'Agendada' (409).",
    access: "staff",
    body: makeupUpdateSchema,
    success: { status: 200, description: "A reposição atualizada", schema: makeupDto },
    errors: { 409: "Sem vagas nesta aula; status que só a chamada define; chamada da reposição já registrada" },
  },
  DELETE: {
    operationId: "deleteMakeup",
    tag: "Reposições",
    summary: "Cancela uma reposição",
    description:
      "Exclui uma reposição ainda 'Agendada' e sem chamada registrada; a falta pode ser reposta de novo. Uma reposição " +
      "'Realizada' ou 'Não compareceu', ou com chamada registrada, é histórico: 409.",
    access: "staff",
    success: { status: 204, description: "Excluída" },
    errors: { 409: "Só é possível cancelar uma reposição agendada (e sem chamada registrada)" },
  },
});

/** GET /api/makeups/{id} */
export const loader = apiRead(({ actor, params }) => getMakeup(actor, params.id));

/** PATCH /api/makeups/{id} { classId?, scheduleId?, date?, status? }, DELETE /api/makeups/{id} → 204 */
export const action = apiRecordWrites({ update: updateMakeup, remove: deleteMakeup });
