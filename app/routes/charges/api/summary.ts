import { z } from "zod";
import type { Route } from "./+types/summary";
import { billingSummary } from "~/domain/charges/queries.server";
import { billingSummaryDto } from "~/domain/charges/schema";
import { api } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getBillingSummary",
    tag: "Financeiro",
    summary: "O financeiro do mês",
    description: "Esperado (cobranças não canceladas com vencimento no mês), recebido (pagamentos no mês), aberto e vencido (devido hoje).",
    access: "staff",
    query: [
      { name: "month", description: "O mês (AAAA-MM); o atual por padrão", schema: z.string() },
      { name: "branchId", description: "Só esta unidade", schema: z.string() },
    ],
    success: { status: 200, description: "O resumo", schema: billingSummaryDto },
    errors: { 400: "Mês inválido" },
  },
});

/** GET /api/billing/summary?month=&branchId= */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, ({ actor }) => billingSummary(actor, { month: search.get("month"), branchId: search.get("branchId") }));
}
