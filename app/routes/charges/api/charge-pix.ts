import { chargePix } from "~/domain/charges/pix.server";
import { pixDto } from "~/domain/charges/schema";
import { apiRead } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getChargePix",
    tag: "Financeiro",
    summary: "O Pix 'copia e cola' de uma cobrança",
    description:
      "BR Code estático com a chave Pix da unidade, o valor devido hoje, o recebedor (sem acentos, até 25 caracteres), a cidade (até 15) " +
      "e o txid = código da cobrança; o QR Code em SVG. 409 quando nada é devido (paga, cancelada, saldo zero), a unidade não tem chave Pix " +
      "ou o recebedor não forma um código válido.",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "O código e o QR", schema: pixDto },
    errors: { 409: "Nada a pagar; Configure a chave Pix da unidade; Pix indisponível para esta cobrança" },
  },
});

/** GET /api/charges/{id}/pix */
export const loader = apiRead(({ actor, params }) => chargePix(actor, params.id));
