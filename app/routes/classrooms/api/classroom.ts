import type { Route } from "./+types/classroom";
import { deleteClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { getClassroom } from "~/domain/classrooms/queries.server";
import { api, byMethod } from "~/server/api.server";

import { classroomDto, classroomUpdateSchema } from "~/domain/classrooms/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getClassroom",
    tag: "Salas",
    summary: "Lê uma sala",
    access: "signed-in",
    success: { status: 200, description: "O registro", schema: classroomDto },
  },
  PATCH: {
    operationId: "updateClassroom",
    tag: "Salas",
    summary: "Atualiza uma sala",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: classroomUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: classroomDto },
    errors: { 409: "Capacidade menor que o número de alunos ativos" },
  },
  DELETE: {
    operationId: "deleteClassroom",
    tag: "Salas",
    summary: "Exclui uma sala",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "A sala possui turmas vinculadas" },
  },
});

/** GET /api/classrooms/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getClassroom(actor, params.id));
}

/** PATCH /api/classrooms/{id} { name, capacity }, DELETE /api/classrooms/{id} → 204 (409 while a class uses it) */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateClassroom(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteClassroom(actor, params.id)),
  });
}
