import type { Route } from "./+types/guardian-person";
import { deleteGuardianPerson, updateGuardianPerson } from "~/domain/guardians/service.server";
import { getGuardianPerson } from "~/domain/guardians/queries.server";
import { api, byMethod } from "~/server/api.server";

import { guardianPersonDto, guardianPersonUpdateSchema } from "~/domain/guardians/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getGuardianPerson",
    tag: "Responsáveis",
    summary: "Lê uma pessoa",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "A pessoa", schema: guardianPersonDto },
  },
  PATCH: {
    operationId: "updateGuardianPerson",
    tag: "Responsáveis",
    summary: "Atualiza uma pessoa",
    description: "Campos opcionais. `isPrimary: true` desmarca as outras pessoas do responsável.",
    access: "admin",
    body: guardianPersonUpdateSchema,
    success: { status: 200, description: "A pessoa atualizada", schema: guardianPersonDto },
    errors: { 409: "Desmarcar a principal sem marcar outra" },
  },
  DELETE: {
    operationId: "deleteGuardianPerson",
    tag: "Responsáveis",
    summary: "Remove uma pessoa",
    access: "admin",
    success: { status: 204, description: "Removida" },
    errors: { 409: "A pessoa principal, ou a última pessoa do responsável" },
  },
});

/** GET /api/guardian-persons/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getGuardianPerson(actor, params.id));
}

/**
 * PATCH /api/guardian-persons/{id} (person fields, all optional; isPrimary: true
 * unmarks the others), DELETE /api/guardian-persons/{id} → 204 (not the primary,
 * not the last person).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateGuardianPerson(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteGuardianPerson(actor, params.id)),
  });
}
