import { z } from "zod";
import { overdueFamilies } from "~/domain/charges/queries.server";
import { overdueFamilyDto } from "~/domain/charges/schema";
import { jsonAnswer } from "~/server/answer.server";
import { apiList } from "~/server/api.server";
import { operations } from "~/openapi/operation";
import { overdueCsv } from "~/features/charges/charges-csv.server";

export const openapi = operations({
  GET: {
    operationId: "listOverdueFamilies",
    tag: "Financeiro",
    summary: "Famílias inadimplentes",
    description:
      "Famílias com cobranças abertas vencidas, o maior total devido hoje primeiro, com o vencimento mais antigo, os dias de atraso e a " +
      "faixa (1–30, 31–60, 61–90, 90+). `format=csv` devolve a planilha.",
    access: "staff",
    paged: false,
    query: [
      { name: "branchId", description: "Só esta unidade", schema: z.string() },
      { name: "format", description: "`csv` para a planilha", schema: z.enum(["csv"]) },
    ],
    success: { status: 200, description: "As famílias", schema: z.array(overdueFamilyDto) },
  },
});

/** GET /api/billing/overdue?branchId= (&format=csv) */
export const loader = apiList(async ({ actor, search }) => {
  const families = await overdueFamilies(actor, { branchId: search.get("branchId") });
  if (search.get("format") === "csv") return overdueCsv(families);
  return jsonAnswer(families, 200);
});
