import { reversePayment } from "~/domain/charges/service.server";
import { chargeDetailDto, reasonSchema } from "~/domain/charges/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "reversePayment",
    tag: "Financeiro",
    summary: "Estorna um pagamento",
    description:
      "Pagamentos nunca são excluídos: o estorno, com o motivo, faz o pagamento deixar de contar, e a cobrança paga volta a 'Aberta'.",
    access: "admin",
    body: reasonSchema,
    success: { status: 200, description: "A cobrança do pagamento", schema: chargeDetailDto },
    errors: { 409: "Pagamento já estornado" },
  },
});

/** POST /api/payments/{id}/reverse { reason } */
export const action = apiWrites({ POST: ({ actor, params, body }) => reversePayment(actor, params.id, body) });
