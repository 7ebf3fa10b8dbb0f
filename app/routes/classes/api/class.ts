import type { Route } from "./+types/class";
import { deleteClass, updateClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { api, byMethod } from "~/server/api.server";

import { classDto, classUpdateSchema } from "~/domain/classes/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getClass",
    tag: "Turmas",
    summary: "Lê uma turma",
    access: "signed-in",
    success: { status: 200, description: "O registro", schema: classDto },
  },
  PATCH: {
    operationId: "updateClass",
    tag: "Turmas",
    summary: "Atualiza uma turma",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: classUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: classDto },
    errors: { 409: "Capacidade menor que o número de alunos ativos (outra sala)" },
  },
  DELETE: {
    operationId: "deleteClass",
    tag: "Turmas",
    summary: "Exclui uma turma",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "A turma possui matrículas ou experimentais vinculados" },
  },
});

/** GET /api/classes/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getClass(actor, params.id));
}

/** PATCH /api/classes/{id} (fields optional, merged then validated), DELETE /api/classes/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateClass(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteClass(actor, params.id)),
  });
}
