import type { Route } from "./+types/guardian";
import { deleteGuardian } from "~/domain/guardians/service.server";
import { getGuardian } from "~/domain/guardians/queries.server";
import { api, byMethod } from "~/server/api.server";

import { guardianDto } from "~/domain/guardians/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getGuardian",
    tag: "Responsáveis",
    summary: "Lê um responsável com suas pessoas",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "O responsável", schema: guardianDto },
  },
  DELETE: {
    operationId: "deleteGuardian",
    tag: "Responsáveis",
    summary: "Remove um responsável",
    description: "As pessoas vão junto; o usuário cliente fica.",
    access: "admin",
    success: { status: 204, description: "Removido" },
    errors: { 409: "O responsável possui alunos" },
  },
});

/** GET /api/guardians/{id}: the guardian with its persons. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getGuardian(actor, params.id));
}

/** DELETE /api/guardians/{id} → 204 (its persons go with it; the client user stays). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    DELETE: () => api({ request, context }, ({ actor }) => deleteGuardian(actor, params.id)),
  });
}
