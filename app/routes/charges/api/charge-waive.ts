import { waiveFees } from "~/domain/charges/service.server";
import { chargeDetailDto, reasonSchema } from "~/domain/charges/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "waiveChargeFees",
    tag: "Financeiro",
    summary: "Dispensa a multa e os juros de uma cobrança",
    description: "Com o motivo; a cobrança aberta passa a dever só o valor (paga já sem eles, fica 'Paga').",
    access: "admin",
    body: reasonSchema,
    success: { status: 200, description: "A cobrança", schema: chargeDetailDto },
    errors: { 409: "Cobrança já paga; Cobrança cancelada" },
  },
});

/** POST /api/charges/{id}/waive { reason } */
export const action = apiWrites({ POST: ({ actor, params, body }) => waiveFees(actor, params.id, body) });
