import { getFamily } from "~/domain/family/overview.server";
import { familyDto } from "~/domain/family/schema";
import { apiRead } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getFamily",
    tag: "Família",
    summary: "Lê a família do usuário conectado",
    description:
      "O responsável (com as pessoas), e cada aluno com as matrículas, as próximas aulas das matrículas ativas (data, horário, unidade, sala e professor), a taxa de presença e as faltas com as reposições.",
    access: "signed-in",
    client: "own-family",
    success: { status: 200, description: "A família", schema: familyDto },
  },
});

/** GET /api/family */
export const loader = apiRead(({ actor }) => getFamily(actor));
