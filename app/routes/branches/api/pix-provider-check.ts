import { checkPixProvider } from "~/domain/bank/service.server";
import { pixProviderCheckDto } from "~/domain/bank/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "checkPixProvider",
    tag: "Financeiro",
    summary: "Verifica a conexão de uma unidade com o banco",
    description:
      "Pede um token ao banco e registra o nosso webhook na chave Pix (`PUT {baseUrl}/webhook/{chave}`). `ok` false traz o que falhou " +
      "('Banco recusou as credenciais', 'Certificado recusado pelo banco', 'Banco não respondeu em 10 s'…); o resultado fica na conexão.",
    access: "admin",
    success: { status: 200, description: "O resultado", schema: pixProviderCheckDto },
    errors: { 404: "Unidade não encontrada, ou sem conexão com o banco" },
  },
});

/** POST /api/branches/{id}/pix-provider/check */
export const action = apiWrites({ POST: ({ actor, params }) => checkPixProvider(actor, params.id) });
