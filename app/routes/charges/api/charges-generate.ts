import { z } from "zod";
import type { Route } from "./+types/charges-generate";
import { generateCharges, previewGeneration } from "~/domain/charges/service.server";
import { generateSchema, generationPreviewDto, generationResultDto } from "~/domain/charges/schema";
import { api, apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "previewChargeGeneration",
    tag: "Financeiro",
    summary: "Prévia das mensalidades de um mês",
    description:
      "O que `POST` criaria (nada é gravado): uma por matrícula 'Ativa' iniciada até o fim do mês e ainda sem cobrança no mês, no escopo " +
      "(a unidade `branchId`, ou todas as unidades sem ela), com uma linha por unidade em `branches`. Sem `month`, o primeiro mês ainda " +
      "não gerado do escopo (o seguinte ao último mês com mensalidades de cada unidade com matrículas ativas, o mais antigo deles; o mês " +
      "atual quando nenhum foi gerado).",
    access: "admin",
    query: [
      { name: "month", description: "O mês (AAAA-MM); ausente: o primeiro mês ainda não gerado do escopo", schema: z.string() },
      { name: "branchId", description: "O escopo: só esta unidade; ausente ou vazio: todas as unidades", schema: z.string() },
    ],
    success: { status: 200, description: "A prévia", schema: generationPreviewDto },
    errors: { 400: "Mês inválido; unidade não encontrada" },
  },
  POST: {
    operationId: "generateCharges",
    tag: "Financeiro",
    summary: "Gera as mensalidades de um mês",
    description:
      "Valor = valor mensal da oferta × (100 − desconto) / 100, arredondado meio para cima; vencimento no dia de vencimento da unidade; " +
      "descrição 'Mensalidade MM/AAAA — <curso>'. O escopo é a unidade `branchId` (ausente, null ou vazio: todas as unidades); " +
      "cada cobrança guarda a multa e os juros da sua unidade no momento. Rodar duas vezes, ou duas ao mesmo tempo, nunca cria uma segunda cobrança da mesma matrícula no mês.",
    access: "admin",
    body: generateSchema,
    success: { status: 200, description: "Quantas foram criadas", schema: generationResultDto },
  },
});

/** GET /api/charges/generate?month=YYYY-MM&branchId= */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  return api({ request, context }, ({ actor }) =>
    previewGeneration(actor, { month: search.get("month") ?? undefined, branchId: search.get("branchId") ?? undefined }),
  );
}

/** POST /api/charges/generate { month, branchId? } */
export const action = apiWrites({ POST: ({ actor, body }) => generateCharges(actor, body) });
