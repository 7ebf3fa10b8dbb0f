import type { Route } from "./+types/student";
import { deleteStudent, updateStudent } from "~/domain/students/service.server";
import { getStudent } from "~/domain/students/queries.server";
import { api, byMethod } from "~/server/api.server";

import { studentDto, studentUpdateSchema } from "~/domain/students/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getStudent",
    tag: "Alunos",
    summary: "Lê um aluno",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "O aluno", schema: studentDto },
  },
  PATCH: {
    operationId: "updateStudent",
    tag: "Alunos",
    summary: "Atualiza um aluno",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: studentUpdateSchema,
    success: { status: 200, description: "O aluno atualizado", schema: studentDto },
  },
  DELETE: {
    operationId: "deleteStudent",
    tag: "Alunos",
    summary: "Exclui um aluno",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "O aluno possui matrículas" },
  },
});

/** GET /api/students/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getStudent(actor, params.id));
}

/** PATCH /api/students/{id} (fields optional), DELETE /api/students/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateStudent(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteStudent(actor, params.id)),
  });
}
