import { getBillingSettings } from "~/domain/charges/queries.server";
import { updateBillingSettings } from "~/domain/charges/service.server";
import { billingSettingsDto, billingSettingsSchema } from "~/domain/charges/schema";
import { apiRead, apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getBillingSettings",
    tag: "Financeiro",
    summary: "Configurações financeiras de uma unidade",
    description: "Chave Pix, recebedor, dia de vencimento (padrão 10), multa (padrão 2%) e juros ao mês (padrão 1%).",
    access: "staff",
    success: { status: 200, description: "As configurações", schema: billingSettingsDto },
  },
  PUT: {
    operationId: "updateBillingSettings",
    tag: "Financeiro",
    summary: "Altera as configurações financeiras de uma unidade",
    description:
      "Campos ausentes mantêm o valor. A chave Pix é validada pelo tipo (CPF, CNPJ, e-mail, telefone '+55…', aleatória) e pede o nome " +
      "e a cidade do recebedor. Sem chave, a unidade cobra do mesmo jeito, só sem o Pix. A multa e os juros valem para as cobranças " +
      "emitidas depois: cada cobrança guarda os termos em vigor quando foi emitida (`finePercent`, `monthlyInterestPercent`).",
    access: "admin",
    body: billingSettingsSchema,
    success: { status: 200, description: "As configurações", schema: billingSettingsDto },
  },
});

/** GET /api/branches/{id}/billing-settings */
export const loader = apiRead(({ actor, params }) => getBillingSettings(actor, params.id));

/** PUT /api/branches/{id}/billing-settings */
export const action = apiWrites({ PUT: ({ actor, params, body }) => updateBillingSettings(actor, params.id, body) });
