import { recordPayment } from "~/domain/charges/service.server";
import { paymentSchema } from "~/domain/charges/schema";
import { apiWrites, created } from "~/server/api.server";
import { operations } from "~/openapi/operation";
import { chargeCommand } from "../+shared/charge-operations";

export const openapi = operations({
  POST: chargeCommand("recordPayment", "Registra um pagamento", {
    answer: "A cobrança, com o pagamento",
    description:
      "Parcial ou total, com data de hoje ou antes (fuso da escola), de no máximo o devido na data ('Valor maior que o devido'). Quando os " +
      "pagamentos alcançam o devido na data do último, a cobrança fica 'Paga'. Uma data passada dispensa a multa e os juros dos dias entre: " +
      "a Equipe data até 7 dias atrás; o Administrador, até 60 dias antes da criação da cobrança (nunca antes de 2000-01-01).",
    body: paymentSchema,
    created: true,
    conflict: "Cobrança já paga; Cobrança cancelada",
  }),
});

/** POST /api/charges/{id}/payments { amount, paidOn, method, note? } → 201 */
export const action = apiWrites({ POST: created(({ actor, params, body }) => recordPayment(actor, params.id, body)) });
