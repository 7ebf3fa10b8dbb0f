import { familyFinance } from "~/domain/family/finance.server";
import { familyFinanceDto } from "~/domain/family/schema";
import { apiRead } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getFamilyFinance",
    tag: "Família",
    summary: "Lê o financeiro da família do usuário conectado",
    description:
      "As cobranças da família: 'Vencido', 'A vencer' e o histórico (pagas e canceladas), o total devido hoje (vencidas e as que vencem hoje) e o 'A pagar' do resumo. Uma mensalidade é intitulada pela turma da matrícula.",
    access: "signed-in",
    client: "own-family",
    success: { status: 200, description: "O financeiro da família", schema: familyFinanceDto },
  },
});

/** GET /api/family/finance */
export const loader = apiRead(({ actor }) => familyFinance(actor));
