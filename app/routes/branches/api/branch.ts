import type { Route } from "./+types/branch";
import { deleteBranch, updateBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { api, byMethod } from "~/server/api.server";

import { branchDto, branchUpdateSchema } from "~/domain/branches/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getBranch",
    tag: "Unidades",
    summary: "Lê uma unidade",
    access: "signed-in",
    success: { status: 200, description: "O registro", schema: branchDto },
  },
  PATCH: {
    operationId: "updateBranch",
    tag: "Unidades",
    summary: "Atualiza uma unidade",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: branchUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: branchDto },
  },
  DELETE: {
    operationId: "deleteBranch",
    tag: "Unidades",
    summary: "Exclui uma unidade",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "A unidade possui turmas, ofertas ou outros registros vinculados" },
  },
});

/** GET /api/branches/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getBranch(actor, params.id));
}

/** PATCH /api/branches/{id} (fields optional), DELETE /api/branches/{id} → 204 (409 while in use) */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateBranch(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteBranch(actor, params.id)),
  });
}
