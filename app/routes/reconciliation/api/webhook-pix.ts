import type { Route } from "./+types/webhook-pix";
import { receiveWebhook } from "~/domain/bank/received/service.server";
import { WEBHOOK_NOT_FOUND, webhookAnswerDto, webhookBodySchema } from "~/domain/bank/received/schema";
import { api } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "receivePixWebhook",
    tag: "Financeiro",
    summary: "Notificação de Pix recebidos (webhook do banco)",
    description:
      "Chamada pelo banco (API Pix do Banco Central): o endereço registrado no banco é `{PUBLIC_URL}/api/webhooks/pix/{branchId}/{secret}`, e o banco acrescenta `/pix`. " +
      "Sem cookie: o segredo da unidade no endereço é a permissão (segredo ou unidade errados: 404, nada é guardado). " +
      "Cada Pix vai para a caixa de entrada uma vez (pelo endToEndId) e é lido de novo no banco antes de virar pagamento: o corpo é só um aviso. Corpo de até 256 KB.",
    access: "webhook-secret",
    body: webhookBodySchema,
    success: { status: 200, description: "Recebido", schema: webhookAnswerDto },
    errors: { 404: WEBHOOK_NOT_FOUND },
  },
});

/** POST /api/webhooks/pix/{branchId}/{secret}/pix (the bank; authorised by the secret, not a session) */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ message: "Método não permitido" }, { status: 405, headers: { Allow: "POST" } });
  return api({ request, context }, ({ body }) => receiveWebhook(params.branchId, params.secret, body), { auth: false });
}
