import type { Route } from "./+types/family-absence";
import { withdrawAbsenceNotice } from "~/domain/attendance/notices/service.server";
import { api, byMethod } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  DELETE: {
    operationId: "withdrawAbsenceNotice",
    tag: "Família",
    summary: "Cancela um aviso de falta",
    description: "Só antes de a aula começar (409 depois). O aviso de outra família: 404.",
    access: "signed-in",
    client: "own-family",
    success: { status: 204, description: "Cancelado" },
    errors: { 404: "Família ou aviso de falta não encontrado", 409: "A aula já começou" },
  },
});

/** DELETE /api/family/absences/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    DELETE: () => api({ request, context }, ({ actor }) => withdrawAbsenceNotice(actor, params.id)),
  });
}
