import { deleteStudent, updateStudent } from "~/domain/students/service.server";
import { getStudent } from "~/domain/students/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

import { studentDto, studentUpdateSchema } from "~/domain/students/schema";
import { deleteOperation, operations, readOperation, updateOperation, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Alunos", name: "Student", noun: "um aluno", dto: studentDto };

export const openapi = operations({
  GET: readOperation(record, { client: "family-item", description: "O aluno" }),
  PATCH: updateOperation(record, { body: studentUpdateSchema, description: "O aluno atualizado" }),
  DELETE: deleteOperation(record, { conflict: "O aluno possui matrículas" }),
});

/** GET /api/students/{id} */
export const loader = apiRead(({ actor, params }) => getStudent(actor, params.id));

/** PATCH /api/students/{id} (fields optional), DELETE /api/students/{id} → 204 */
export const action = apiWrites({
  PATCH: ({ actor, params, body }) => updateStudent(actor, params.id, body),
  DELETE: ({ actor, params }) => deleteStudent(actor, params.id),
});
