import { getCharge } from "~/domain/charges/queries.server";
import { chargeDetailDto } from "~/domain/charges/schema";
import { apiRead } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getCharge",
    tag: "Financeiro",
    summary: "Lê uma cobrança",
    description:
      "Com o devido hoje (`amountDue`, com multa e juros), o pago, se está vencida, os pagamentos e o histórico. A multa e os juros " +
      "(`finePercent`, `monthlyInterestPercent`) são os da unidade quando a cobrança foi emitida: mudar as configurações não os altera.",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "A cobrança", schema: chargeDetailDto },
  },
});

/** GET /api/charges/{id} */
export const loader = apiRead(({ actor, params }) => getCharge(actor, params.id));
