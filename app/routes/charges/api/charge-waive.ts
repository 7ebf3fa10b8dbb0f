import { waiveFees } from "~/domain/charges/service.server";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";
import { chargeCorrection } from "../+shared/charge-operations";

export const openapi = operations({
  POST: chargeCorrection("waiveChargeFees", "Dispensa a multa e os juros de uma cobrança", "A cobrança", {
    description: "Com o motivo; a cobrança aberta passa a dever só o valor (paga já sem eles, fica 'Paga').",
    conflict: "Cobrança já paga; Cobrança cancelada",
  }),
});

/** POST /api/charges/{id}/waive { reason } */
export const action = apiWrites({ POST: ({ actor, params, body }) => waiveFees(actor, params.id, body) });
