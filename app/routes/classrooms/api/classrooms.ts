import type { Route } from "./+types/classrooms";
import { createClassroom } from "~/domain/classrooms/service.server";
import { classroomList } from "~/domain/classrooms/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { classroomDto, classroomSchema } from "~/domain/classrooms/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listClassrooms",
    tag: "Salas",
    summary: "Lista salas",
    access: "signed-in",
    success: { status: 200, description: "Lista de salas", schema: z.array(classroomDto) },
  },
  POST: {
    operationId: "createClassroom",
    tag: "Salas",
    summary: "Cria uma sala",
    access: "admin",
    body: classroomSchema,
    success: { status: 201, description: "Criado", schema: classroomDto },
  },
});

/** GET /api/classrooms */
export const loader = apiList(({ actor }) => classroomList(actor));

/** POST /api/classrooms { branchId, name, capacity } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createClassroom(actor, body), { status: 201 }),
  });
}
