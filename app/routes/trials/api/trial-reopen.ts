import { reopenTrial } from "~/domain/trials/service.server";
import { apiWrites } from "~/server/api.server";

import { trialDto } from "~/domain/trials/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "reopenTrial",
    tag: "Experimentais",
    summary: "Reabre um experimental perdido",
    description: "O resultado volta a aberto (sem motivo, observação nem `closedAt`); a mudança entra no histórico como 'Reaberto'.",
    access: "staff",
    success: { status: 200, description: "O experimental reaberto", schema: trialDto },
    errors: { 409: "Só um experimental perdido pode ser reaberto" },
  },
});

/** POST /api/trials/{id}/reopen */
export const action = apiWrites({ POST: ({ actor, params }) => reopenTrial(actor, params.id) });
