import type { Route } from "./+types/course";
import { deleteCourse, updateCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { api, byMethod } from "~/server/api.server";

import { courseDto, courseUpdateSchema } from "~/domain/courses/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getCourse",
    tag: "Cursos",
    summary: "Lê um curso",
    access: "signed-in",
    success: { status: 200, description: "O registro", schema: courseDto },
  },
  PATCH: {
    operationId: "updateCourse",
    tag: "Cursos",
    summary: "Atualiza um curso",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: courseUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: courseDto },
  },
  DELETE: {
    operationId: "deleteCourse",
    tag: "Cursos",
    summary: "Exclui um curso",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "O curso possui turmas vinculadas" },
  },
});

/** GET /api/courses/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getCourse(actor, params.id));
}

/** PATCH /api/courses/{id} (fields optional), DELETE /api/courses/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateCourse(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteCourse(actor, params.id)),
  });
}
