import { withdrawAbsenceNotice } from "~/domain/attendance/notices/service.server";
import { apiWrites } from "~/server/api.server";
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
export const action = apiWrites({ DELETE: ({ actor, params }) => withdrawAbsenceNotice(actor, params.id) });
