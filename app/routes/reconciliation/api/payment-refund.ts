import { requestRefund } from "~/domain/bank/received/service.server";
import { refundAnswerDto, refundSchema } from "~/domain/bank/received/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";
import { REFUND_ALREADY_REQUESTED } from "~/domain/charges/schema";

export const openapi = operations({
  POST: {
    operationId: "refundPayment",
    tag: "Financeiro",
    summary: "Devolver o Pix",
    description:
      "Pede ao banco a devolução do Pix de um pagamento recebido pelo banco (PUT /pix/{e2eid}/devolucao/{id}) e acompanha até a resposta final: " +
      "DEVOLVIDO estorna o pagamento com o motivo; NAO_REALIZADO o mantém ('Devolução não realizada').",
    access: "admin",
    body: refundSchema,
    success: { status: 202, description: "Devolução solicitada", schema: refundAnswerDto },
    errors: { 409: REFUND_ALREADY_REQUESTED },
  },
});

/** POST /api/payments/{id}/refund { reason } → 202 */
export const action = apiWrites({ POST: { handler: ({ actor, params, body }) => requestRefund(actor, params.id, body), status: 202 } });
