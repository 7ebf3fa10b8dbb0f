import type { Route } from "./+types/family";
import { getFamily } from "~/domain/family/overview.server";
import { familyDto } from "~/domain/family/schema";
import { api } from "~/server/api.server";
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
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getFamily(actor));
}
