import { getClassEnrollments } from "~/domain/enrollments/queries.server";
import { apiRead } from "~/server/api.server";

import { classEnrollmentsDto } from "~/domain/enrollments/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getClassEnrollments",
    tag: "Matrículas",
    summary: "Alunos de uma turma",
    description: "A capacidade (a da sala), as matrículas ativas por nome do aluno e a lista de espera na ordem.",
    access: "signed-in",
    client: "class-people",
    success: { status: 200, description: "As matrículas da turma", schema: classEnrollmentsDto },
  },
});

/** GET /api/classes/{id}/enrollments → { capacity, active, waitlist, enrollments } */
export const loader = apiRead(({ actor, params }) => getClassEnrollments(actor, params.id));
