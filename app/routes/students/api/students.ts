import type { Route } from "./+types/students";
import { createStudent } from "~/domain/students/service.server";
import { studentList } from "~/domain/students/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { studentDto, studentSchema } from "~/domain/students/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listStudents",
    tag: "Alunos",
    summary: "Lista alunos",
    description: "Por nome. Um id malformado não encontra nada.",
    access: "signed-in",
    client: "family-list",
    query: [
      { name: "guardianId", description: "Só os alunos deste responsável", schema: z.string() },
      { name: "classId", description: "Só os alunos com matrícula não cancelada nesta turma", schema: z.string() },
      { name: "q", description: "Nome contendo este termo", schema: z.string() },
    ],
    success: { status: 200, description: "Os alunos", schema: z.array(studentDto) },
  },
  POST: {
    operationId: "createStudent",
    tag: "Alunos",
    summary: "Cadastra um aluno",
    description: "O responsável deve existir; a data de nascimento não pode ser futura.",
    access: "trials",
    body: studentSchema,
    success: { status: 201, description: "O aluno criado", schema: studentDto },
  },
});

/** GET /api/students (?guardianId=&classId=&q=; ?limit= and ?cursor= for one page) */
export const loader = apiList(({ actor, search }) =>
  studentList(actor, { guardianId: search.get("guardianId"), classId: search.get("classId"), q: search.get("q") }),
);

/** POST /api/students { guardianId, fullName, birthDate?, notes?, active? } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createStudent(actor, body), { status: 201 }),
  });
}
