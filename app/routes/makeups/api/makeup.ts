import type { Route } from "./+types/makeup";
import { getMakeup } from "~/domain/makeups/queries.server";
import { deleteMakeup, updateMakeup } from "~/domain/makeups/service.server";
import { api, byMethod } from "~/lib/api.server";

import { makeupDto, makeupUpdateSchema } from "~/domain/makeups/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getMakeup",
    tag: "Reposições",
    summary: "Lê uma reposição",
    access: "signed-in",
    success: { status: 200, description: "A reposição", schema: makeupDto },
  },
  PATCH: {
    operationId: "updateMakeup",
    tag: "Reposições",
    summary: "Move uma reposição ou muda o seu status",
    description:
      "`classId`, `scheduleId` e/ou `date` movem a reposição para outra aula (as mesmas regras do agendamento; ela volta a " +
      "'Agendada' e o registro da aula anterior é apagado); `status` muda o status.",
    access: "trials",
    body: makeupUpdateSchema,
    success: { status: 200, description: "A reposição atualizada", schema: makeupDto },
    errors: { 409: "Sem vagas nesta aula" },
  },
  DELETE: {
    operationId: "deleteMakeup",
    tag: "Reposições",
    summary: "Cancela uma reposição",
    description: "Exclui a reposição (e o seu registro de presença, se houver); a falta pode ser reposta de novo.",
    access: "trials",
    success: { status: 204, description: "Excluída" },
  },
});

/** GET /api/makeups/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getMakeup(actor, params.id));
}

/** PATCH /api/makeups/{id} { classId?, scheduleId?, date?, status? }, DELETE /api/makeups/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateMakeup(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteMakeup(actor, params.id)),
  });
}
