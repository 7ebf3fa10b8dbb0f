import { runReconciliation } from "~/domain/bank/received/service.server";
import { runResultDto, runSchema } from "~/domain/bank/received/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "runReconciliation",
    tag: "Financeiro",
    summary: "Conciliar agora",
    description:
      "Lê no banco (GET /pix, todas as páginas) os Pix recebidos desde a última conciliação da unidade, menos uma hora (na primeira, os últimos 5 dias), " +
      "e registra cada um com um txid nosso que ainda não é pagamento; os sem txid nosso vão para 'Pix sem cobrança'. Sem `branchId`: todas as unidades conectadas.",
    access: "staff",
    body: runSchema,
    success: { status: 200, description: "As contagens de cada conciliação", schema: runResultDto },
    errors: { 400: "Unidade sem conexão com o banco" },
  },
});

/** POST /api/billing/reconciliation/run { branchId? } */
export const action = apiWrites({ POST: ({ actor, body }) => runReconciliation(actor, body) });
