import { createStudent } from "~/domain/students/service.server";
import { studentList } from "~/domain/students/queries.server";
import { guardianNames } from "~/domain/guardians/queries.server";
import type { StudentDTO } from "~/domain/students/schema";
import { csvDay } from "~/server/csv.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { z } from "zod";
import { studentDto, studentSchema } from "~/domain/students/schema";
import { CSV_FORMAT_QUERY, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Alunos", name: "Students", plural: "alunos", dto: studentDto },
    {
      description: "Por nome. Um id malformado não encontra nada.",
      client: "family-list",
      query: [
        { name: "guardianId", description: "Só os alunos deste responsável", schema: z.string() },
        { name: "classId", description: "Só os alunos com matrícula não cancelada nesta turma", schema: z.string() },
        { name: "q", description: "Nome contendo este termo", schema: z.string() },
        { name: "status", description: "`active`: só os ativos; `inactive`: só os inativos", schema: z.enum(["active", "inactive"]) },
        CSV_FORMAT_QUERY,
      ],
      answer: "Os alunos",
    },
  ),
  POST: {
    operationId: "createStudent",
    tag: "Alunos",
    summary: "Cadastra um aluno",
    description: "O responsável deve existir; a data de nascimento não pode ser futura.",
    access: "staff",
    body: studentSchema,
    success: { status: 201, description: "O aluno criado", schema: studentDto },
  },
});

/** GET /api/students (?guardianId=&classId=&q=; ?limit= and ?cursor= for one page) */
export const loader = apiList(
  ({ actor, search }) =>
    studentList(actor, {
      guardianId: search.get("guardianId"),
      classId: search.get("classId"),
      q: search.get("q"),
      status: search.get("status"),
    }),
  {
    csv: {
      filename: "alunos.csv",
      rows: async (items: StudentDTO[]) => {
        const names = await guardianNames(items.map((s) => s.guardianId));
        return items.map((s) => ({ ...s, guardianName: names.get(s.guardianId) ?? "" }));
      },
      columns: [
        { header: "Nome", value: (s) => s.fullName },
        { header: "Data de nascimento", value: (s) => csvDay(s.birthDate) },
        { header: "Responsável", value: (s) => s.guardianName },
        { header: "Ativo", value: (s) => (s.active ? "Sim" : "Não") },
        { header: "Observações", value: (s) => s.notes },
        { header: "Cadastrado em", value: (s) => csvDay(s.createdAt) },
      ],
    },
  },
);

/** POST /api/students { guardianId, fullName, birthDate?, notes?, active? } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createStudent(actor, body)) });
