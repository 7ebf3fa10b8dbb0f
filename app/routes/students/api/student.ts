import { deleteStudent, updateStudent } from "~/domain/students/service.server";
import { getStudent } from "~/domain/students/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { studentDto, studentUpdateSchema } from "~/domain/students/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Alunos", name: "Student", noun: "um aluno", dto: studentDto };

export const openapi = recordOperations(record, {
  read: { client: "family-item", description: "O aluno" },
  update: { body: studentUpdateSchema, description: "O aluno atualizado" },
  remove: { conflict: "O aluno possui matrículas" },
});

/** GET /api/students/{id} */
export const loader = apiRead(({ actor, params }) => getStudent(actor, params.id));

/** PATCH /api/students/{id} (fields optional), DELETE /api/students/{id} → 204 */
export const action = apiRecordWrites({ update: updateStudent, remove: deleteStudent });
