import { recordPayment } from "~/domain/charges/service.server";
import { chargeDetailDto, paymentSchema } from "~/domain/charges/schema";
import { apiWrites, created } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "recordPayment",
    tag: "Financeiro",
    summary: "Registra um pagamento",
    description:
      "Parcial ou total, com data de hoje ou antes (fuso da escola), de no máximo o devido na data ('Valor maior que o devido'). Quando os " +
      "pagamentos alcançam o devido na data do último, a cobrança fica 'Paga'. Uma data passada dispensa a multa e os juros dos dias entre: " +
      "a Equipe data até 7 dias atrás; o Administrador, até 60 dias antes da criação da cobrança (nunca antes de 2000-01-01).",
    access: "staff",
    body: paymentSchema,
    success: { status: 201, description: "A cobrança, com o pagamento", schema: chargeDetailDto },
    errors: { 409: "Cobrança já paga; Cobrança cancelada" },
  },
});

/** POST /api/charges/{id}/payments { amount, paidOn, method, note? } → 201 */
export const action = apiWrites({ POST: created(({ actor, params, body }) => recordPayment(actor, params.id, body)) });
