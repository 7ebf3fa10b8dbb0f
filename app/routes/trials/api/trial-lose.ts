import { loseTrial } from "~/domain/trials/service.server";
import { apiWrites } from "~/server/api.server";

import { trialDto, trialLoseSchema } from "~/domain/trials/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "loseTrial",
    tag: "Experimentais",
    summary: "Marca um experimental como perdido",
    description:
      "Resultado 'Perdido' com o motivo (`lostReason`: 'Preço', 'Horário', 'Distância', 'Não gostou da aula', 'Sem resposta', " +
      "'Escolheu outra escola' ou 'Outro') e uma observação opcional; `closedAt` é agora. A mudança entra no histórico.",
    access: "staff",
    body: trialLoseSchema,
    success: { status: 200, description: "O experimental perdido", schema: trialDto },
    errors: { 409: "O experimental já está encerrado (matriculado ou perdido)" },
  },
});

/** POST /api/trials/{id}/lose { lostReason, note? } */
export const action = apiWrites({ POST: ({ actor, params, body }) => loseTrial(actor, params.id, body) });
