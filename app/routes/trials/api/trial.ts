import { deleteTrial, updateTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { trialDto, trialUpdateSchema } from "~/domain/trials/schema";
import { operations, readOperation } from "~/openapi/operation";

export const openapi = operations({
  GET: readOperation(
    { tag: "Experimentais", name: "Trial", noun: "um experimental", dto: trialDto },
    { client: "family-item", description: "O experimental" },
  ),
  PATCH: {
    operationId: "updateTrial",
    tag: "Experimentais",
    summary: "Atualiza um experimental (edição completa ou só o status)",
    description: "Uma mudança de `status` acrescenta uma entrada ao histórico.",
    access: "staff",
    body: trialUpdateSchema,
    success: { status: 200, description: "O experimental atualizado", schema: trialDto },
  },
  DELETE: {
    operationId: "deleteTrial",
    tag: "Experimentais",
    summary: "Remove um experimental",
    description: "O histórico vai junto.",
    access: "staff",
    success: { status: 204, description: "Removido" },
  },
});

/** GET /api/trials/{id} */
export const loader = apiRead(({ actor, params }) => getTrial(actor, params.id));

/** PATCH /api/trials/{id} (a full edit, or only { status }), DELETE /api/trials/{id} → 204 */
export const action = apiRecordWrites({ update: updateTrial, remove: deleteTrial });
