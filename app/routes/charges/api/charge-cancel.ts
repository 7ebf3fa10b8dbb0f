import { cancelCharge } from "~/domain/charges/service.server";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";
import { chargeCorrection } from "../+shared/charge-operations";

export const openapi = operations({
  POST: chargeCorrection("cancelCharge", "Cancela uma cobrança", "A cobrança cancelada", {
    description: "Só uma cobrança aberta e sem pagamentos (estorne-os antes), com o motivo.",
    conflict: "Cobrança já paga; Cobrança cancelada; Cobrança com pagamentos: estorne-os antes",
  }),
});

/** POST /api/charges/{id}/cancel { reason } */
export const action = apiWrites({ POST: ({ actor, params, body }) => cancelCharge(actor, params.id, body) });
