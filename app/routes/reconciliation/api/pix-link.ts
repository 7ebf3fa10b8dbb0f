import { linkPix } from "~/domain/bank/received/service.server";
import { linkSchema, PIX_ALREADY_LINKED, PIX_NOT_FOUND } from "~/domain/bank/received/schema";
import { chargeDto } from "~/domain/charges/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "linkPix",
    tag: "Financeiro",
    summary: "Vincula um Pix sem cobrança a uma cobrança",
    description: "O Pix (valor e data como o banco os informou) vira um pagamento da cobrança, uma única vez.",
    access: "staff",
    body: linkSchema,
    success: { status: 200, description: "A cobrança", schema: chargeDto },
    errors: { 404: PIX_NOT_FOUND, 409: PIX_ALREADY_LINKED },
  },
});

/** POST /api/billing/reconciliation/pix/{e2eid}/link { chargeId } */
export const action = apiWrites({ POST: ({ actor, params, body }) => linkPix(actor, params.e2eid, body) });
