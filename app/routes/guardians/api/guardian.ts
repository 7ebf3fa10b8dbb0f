import { deleteGuardian } from "~/domain/guardians/service.server";
import { getGuardian } from "~/domain/guardians/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

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
export const loader = apiRead(({ actor, params }) => getGuardian(actor, params.id));

/** DELETE /api/guardians/{id} → 204 (its persons go with it; the client user stays). */
export const action = apiWrites({ DELETE: ({ actor, params }) => deleteGuardian(actor, params.id) });
