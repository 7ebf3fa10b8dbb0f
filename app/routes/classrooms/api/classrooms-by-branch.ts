import type { Route } from "./+types/classrooms-by-branch";
import { branchClassroomList } from "~/domain/classrooms/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

import { z } from "zod";
import { classroomDto } from "~/domain/classrooms/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listBranchClassrooms",
    tag: "Salas",
    summary: "Lista as salas de uma unidade",
    access: "signed-in",
    success: { status: 200, description: "As salas da unidade", schema: z.array(classroomDto) },
  },
});

/** GET /api/classrooms/branch/{branchId} (404 for an unknown branch) */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, async ({ actor }) => listResponse(request, await branchClassroomList(actor, params.branchId)));
}
