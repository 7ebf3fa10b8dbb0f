import { updateEnrollment } from "~/domain/enrollments/service.server";
import { getEnrollment } from "~/domain/enrollments/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

import { enrollmentDto, enrollmentUpdateResultDto, enrollmentUpdateSchema } from "~/domain/enrollments/schema";
import { operations, readOperation } from "~/openapi/operation";

export const openapi = operations({
  GET: readOperation(
    { tag: "Matrículas", name: "Enrollment", noun: "uma matrícula", dto: enrollmentDto },
    { client: "family-item", description: "A matrícula" },
  ),
  PATCH: {
    operationId: "updateEnrollment",
    tag: "Matrículas",
    summary: "Cancela uma matrícula ou muda sua oferta ou data de início",
    description:
      "`status: 'Cancelada'` com `cancelReason` cancela: uma matrícula 'Ativa' libera a vaga para a primeira 'Em espera' da turma, " +
      "e as posições da lista se ajustam, na mesma transação. A promovida começa na próxima aula da turma depois da promoção " +
      "(nunca numa chamada passada), e a resposta a nomeia em `promoted`. " +
      "`offerId` (ativa, da unidade da turma) e `startDate` mudam o plano e o início.",
    access: "admin",
    body: enrollmentUpdateSchema,
    success: { status: 200, description: "A matrícula atualizada e quem saiu da lista de espera", schema: enrollmentUpdateResultDto },
    errors: { 409: "A matrícula já está cancelada" },
  },
});

/** GET /api/enrollments/{id} */
export const loader = apiRead(({ actor, params }) => getEnrollment(actor, params.id));

/** PATCH /api/enrollments/{id} { status: "Cancelada", cancelReason } or { offerId?, startDate? } */
export const action = apiWrites({ PATCH: ({ actor, params, body }) => updateEnrollment(actor, params.id, body) });
