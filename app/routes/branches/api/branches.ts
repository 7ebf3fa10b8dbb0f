import type { Route } from "./+types/branches";
import { createBranch } from "~/domain/branches/service.server";
import { branchList } from "~/domain/branches/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { branchDto, branchSchema } from "~/domain/branches/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listBranches",
    tag: "Unidades",
    summary: "Lista unidades",
    access: "signed-in",
    success: { status: 200, description: "Lista de unidades", schema: z.array(branchDto) },
  },
  POST: {
    operationId: "createBranch",
    tag: "Unidades",
    summary: "Cria uma unidade",
    access: "admin",
    body: branchSchema,
    success: { status: 201, description: "Criado", schema: branchDto },
  },
});

/** GET /api/branches */
export const loader = apiList(({ actor }) => branchList(actor));

/** POST /api/branches { name, address, active, isDefault } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createBranch(actor, body), { status: 201 }),
  });
}
