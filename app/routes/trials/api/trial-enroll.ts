import { enrollFromTrial } from "~/domain/enrollments/service.server";
import { apiWrites, created } from "~/server/api.server";

import { trialEnrollResultDto, trialEnrollSchema } from "~/domain/enrollments/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "enrollFromTrial",
    tag: "Matrículas",
    summary: "Matricula o aluno de um experimental",
    description:
      "Numa transação: o responsável (`guardianId` existente, ou `guardian` novo com as regras de POST /api/guardians), " +
      "o aluno (novo, com o nome do experimental se `studentName` faltar, ou `studentId` desse responsável), a matrícula " +
      "na turma do experimental e o vínculo do experimental com ela. Qualquer recusa desfaz tudo.",
    access: "staff",
    body: trialEnrollSchema,
    success: { status: 201, description: "O aluno, a matrícula e o experimental", schema: trialEnrollResultDto },
    errors: { 403: "Desconto só pelo Administrador", 409: "Turma lotada, e-mail já usado, ou o experimental já foi matriculado" },
  },
});

/** POST /api/trials/{id}/enroll { guardianId | guardian, studentId? | studentName?, birthDate?, offerId, startDate, waitlist? } → 201 */
export const action = apiWrites({ POST: created(({ actor, params, body }) => enrollFromTrial(actor, params.id, body)) });
