import { z } from "zod";
import type { Route } from "./+types/reconciliation";
import { getReconciliation } from "~/domain/bank/received/service.server";
import { reconciliationDto } from "~/domain/bank/received/schema";
import { api } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getReconciliation",
    tag: "Financeiro",
    summary: "A conciliação com o banco",
    description:
      "A última conciliação de cada unidade e as três listas do que precisa de alguém: 'Pix sem cobrança' (recebidos sem um txid nosso), " +
      "'Pago a maior' (o excesso além do devido com multa e juros) e 'Baixa manual e Pix no banco' (a cobrança paga à mão e também pelo Pix).",
    access: "staff",
    query: [{ name: "branchId", description: "Só esta unidade", schema: z.string() }],
    success: { status: 200, description: "A conciliação", schema: reconciliationDto },
    errors: { 400: "Unidade não encontrada" },
  },
});

/** GET /api/billing/reconciliation?branchId= */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, ({ actor }) => getReconciliation(actor, { branchId: search.get("branchId") }));
}
