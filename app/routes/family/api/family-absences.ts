import { warnAbsence } from "~/domain/attendance/notices/service.server";
import { absenceNoticeDto, absenceNoticeSchema } from "~/domain/attendance/notices/schema";
import { apiWrites, created } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "warnAbsence",
    tag: "Família",
    summary: "Avisa uma falta antes da aula",
    description:
      "A família avisa que um dos seus alunos faltará a uma aula futura da turma de uma matrícula sua (ativa na data), com uma " +
      "observação opcional. Na chamada dessa aula o aluno aparece como 'Falta justificada' com a observação, até a chamada ser " +
      "salva (o professor ainda pode mudar). Aula já começada: 400 'Não é possível avisar falta de aula passada'; uma data que " +
      "não é aula da turma: 400 'Data sem aula desta turma'; matrícula de outra família: 404; um aviso por aluno e aula (409).",
    access: "signed-in",
    client: "own-family",
    body: absenceNoticeSchema,
    success: { status: 201, description: "O aviso de falta", schema: absenceNoticeDto },
    errors: { 404: "Família ou matrícula não encontrada", 409: "Falta já avisada para esta aula, ou chamada já registrada" },
  },
});

/** POST /api/family/absences { enrollmentId, date, scheduleId, note? } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => warnAbsence(actor, body)) });
