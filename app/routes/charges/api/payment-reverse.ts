import { reversePayment } from "~/domain/charges/service.server";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";
import { chargeCorrection } from "../+shared/charge-operations";

export const openapi = operations({
  POST: chargeCorrection("reversePayment", "Estorna um pagamento", "A cobrança do pagamento", {
    description:
      "Pagamentos nunca são excluídos: o estorno, com o motivo, faz o pagamento deixar de contar, e a cobrança paga volta a 'Aberta'.",
    conflict: "Pagamento já estornado",
  }),
});

/** POST /api/payments/{id}/reverse { reason } */
export const action = apiWrites({ POST: ({ actor, params, body }) => reversePayment(actor, params.id, body) });
