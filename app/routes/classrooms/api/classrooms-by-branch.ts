import { branchClassroomList } from "~/domain/classrooms/queries.server";
import { apiList } from "~/server/api.server";

import { classroomDto } from "~/domain/classrooms/schema";
import { childListOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: childListOperation({
    operationId: "listBranchClassrooms",
    tag: "Salas",
    summary: "Lista as salas de uma unidade",
    answer: "As salas da unidade",
    dto: classroomDto,
  }),
});

/** GET /api/classrooms/branch/{branchId} (404 for an unknown branch) */
export const loader = apiList(({ actor, params }) => branchClassroomList(actor, params.branchId ?? ""));
