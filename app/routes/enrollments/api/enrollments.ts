import type { Route } from "./+types/enrollments";
import { createEnrollment } from "~/domain/enrollments/service.server";
import { enrollmentList } from "~/domain/enrollments/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { ENROLLMENT_STATUSES, enrollmentDto, enrollmentSchema } from "~/domain/enrollments/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listEnrollments",
    tag: "Matrículas",
    summary: "Lista matrículas",
    description: "Da mais antiga à mais recente. Um id malformado não encontra nada.",
    access: "signed-in",
    client: "family-list",
    query: [
      { name: "classId", description: "Só as desta turma", schema: z.string() },
      { name: "studentId", description: "Só as deste aluno", schema: z.string() },
      { name: "status", description: "Só as deste status", schema: z.enum(ENROLLMENT_STATUSES) },
    ],
    success: { status: 200, description: "As matrículas", schema: z.array(enrollmentDto) },
    errors: { 400: "Status inválido" },
  },
  POST: {
    operationId: "createEnrollment",
    tag: "Matrículas",
    summary: "Matricula um aluno numa turma",
    description:
      "Turma ativa, aluno ativo, oferta ativa da unidade da turma; uma matrícula não cancelada por aluno e turma. " +
      "Com a turma lotada (matrículas ativas = capacidade da sala): 409 'Turma lotada', ou, com `waitlist: true`, " +
      "'Em espera' na próxima posição da lista.",
    access: "trials",
    body: enrollmentSchema,
    success: { status: 201, description: "A matrícula ('Ativa' ou 'Em espera')", schema: enrollmentDto },
    errors: { 409: "Turma lotada, ou o aluno já está matriculado nesta turma" },
  },
});

/** GET /api/enrollments (?classId=&studentId=&status=; ?limit= and ?cursor= for one page) */
export const loader = apiList(({ actor, search }) =>
  enrollmentList(actor, { classId: search.get("classId"), studentId: search.get("studentId"), status: search.get("status") }),
);

/** POST /api/enrollments { studentId, classId, offerId, startDate, waitlist? } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createEnrollment(actor, body), { status: 201 }),
  });
}
