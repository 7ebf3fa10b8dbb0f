import { cancelCharge } from "~/domain/charges/service.server";
import { chargeDetailDto, reasonSchema } from "~/domain/charges/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "cancelCharge",
    tag: "Financeiro",
    summary: "Cancela uma cobrança",
    description: "Só uma cobrança aberta e sem pagamentos (estorne-os antes), com o motivo.",
    access: "admin",
    body: reasonSchema,
    success: { status: 200, description: "A cobrança cancelada", schema: chargeDetailDto },
    errors: { 409: "Cobrança já paga; Cobrança cancelada; Cobrança com pagamentos: estorne-os antes" },
  },
});

/** POST /api/charges/{id}/cancel { reason } */
export const action = apiWrites({ POST: ({ actor, params, body }) => cancelCharge(actor, params.id, body) });
