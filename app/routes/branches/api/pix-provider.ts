import { getPixProvider, updatePixProvider } from "~/domain/bank/service.server";
import { pixProviderDto, pixProviderSchema } from "~/domain/bank/schema";
import { apiRead, apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getPixProvider",
    tag: "Financeiro",
    summary: "A conexão de uma unidade com o banco (API Pix)",
    description:
      "O banco, o client ID, o certificado (titular e validade), o endereço do webhook e como foi a última verificação. " +
      'O client secret e a chave privada nunca são devolvidos. Sem conexão: `provider` "none" e o resto nulo.',
    access: "admin",
    success: { status: 200, description: "A conexão", schema: pixProviderDto },
  },
  PUT: {
    operationId: "updatePixProvider",
    tag: "Financeiro",
    summary: "Conecta (ou desconecta) uma unidade ao banco",
    description:
      '`provider` "api-pix": a API Pix do Banco Central no banco da unidade, por OAuth 2 (client credentials) sobre TLS mútuo com o ' +
      "certificado da escola (PEM). Numa alteração, `clientSecret` ou `privateKeyPem` em branco mantêm o guardado. Os segredos são " +
      'guardados cifrados. `pixKey` ausente: a chave Pix da unidade. `provider` "none" remove a conexão.',
    access: "admin",
    body: pixProviderSchema,
    success: { status: 200, description: "A conexão", schema: pixProviderDto },
  },
});

/** GET /api/branches/{id}/pix-provider */
export const loader = apiRead(({ actor, params }) => getPixProvider(actor, params.id));

/** PUT /api/branches/{id}/pix-provider */
export const action = apiWrites({ PUT: ({ actor, params, body }) => updatePixProvider(actor, params.id, body) });
