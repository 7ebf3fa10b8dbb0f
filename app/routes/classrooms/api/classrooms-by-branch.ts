import { branchClassroomList } from "~/domain/classrooms/queries.server";
import { apiList } from "~/server/api.server";

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
export const loader = apiList(({ actor, params }) => branchClassroomList(actor, params.branchId ?? ""));
