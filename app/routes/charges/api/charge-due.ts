import { z } from "zod";
import type { Route } from "./+types/charge-due";
import { chargeDue } from "~/domain/charges/queries.server";
import { amountDueDto } from "~/domain/charges/schema";
import { api } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getChargeDue",
    tag: "Financeiro",
    summary: "O devido de uma cobrança numa data",
    description:
      "P = valor − pagamentos até o vencimento. Depois do vencimento (sem dispensa): multa = P × multa %, juros = P × juros % ao mês × " +
      "dias de atraso / 30, cada um arredondado meio para cima; total = valor + multa + juros − pagamentos até a data, nunca negativo. " +
      "Uma cobrança paga ou cancelada tem total 0.",
    access: "signed-in",
    client: "family-item",
    query: [{ name: "date", description: "A data (AAAA-MM-DD); hoje por padrão", schema: z.iso.date() }],
    success: { status: 200, description: "O devido", schema: amountDueDto },
    errors: { 400: "Data de vencimento inválida" },
  },
});

/** GET /api/charges/{id}/due?date=YYYY-MM-DD */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const date = new URL(request.url).searchParams.get("date");
  return api({ request, context }, ({ actor }) => chargeDue(actor, params.id, date));
}
