import { createEnrollment } from "~/domain/enrollments/service.server";
import { enrollmentList } from "~/domain/enrollments/queries.server";
import { classLabels } from "~/domain/classes/queries.server";
import { studentNames } from "~/domain/students/queries.server";
import type { EnrollmentDTO } from "~/domain/enrollments/schema";
import { csvDay } from "~/server/csv.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { z } from "zod";
import { ENROLLMENT_STATUSES, enrollmentDto, enrollmentSchema } from "~/domain/enrollments/schema";
import { CSV_FORMAT_QUERY, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Matrículas", name: "Enrollments", plural: "matrículas", dto: enrollmentDto },
    {
      description: "Da mais antiga à mais recente. Um id malformado não encontra nada.",
      client: "family-list",
      query: [
        { name: "classId", description: "Só as desta turma", schema: z.string() },
        { name: "studentId", description: "Só as deste aluno", schema: z.string() },
        { name: "status", description: "Só as deste status", schema: z.enum(ENROLLMENT_STATUSES) },
        CSV_FORMAT_QUERY,
      ],
      answer: "As matrículas",
      invalid: "Status inválido",
    },
  ),
  POST: {
    operationId: "createEnrollment",
    tag: "Matrículas",
    summary: "Matricula um aluno numa turma",
    description:
      "Turma ativa, aluno ativo, oferta ativa da unidade da turma; uma matrícula não cancelada por aluno e turma. " +
      "Com a turma lotada (matrículas ativas = capacidade da sala): 409 'Turma lotada', ou, com `waitlist: true`, " +
      "'Em espera' na próxima posição da lista.",
    access: "staff",
    body: enrollmentSchema,
    success: { status: 201, description: "A matrícula ('Ativa' ou 'Em espera')", schema: enrollmentDto },
    errors: { 403: "Desconto só pelo Administrador", 409: "Turma lotada, ou o aluno já está matriculado nesta turma" },
  },
});

/** GET /api/enrollments (?classId=&studentId=&status=; ?limit= and ?cursor= for one page) */
export const loader = apiList(
  ({ actor, search }) =>
    enrollmentList(actor, { classId: search.get("classId"), studentId: search.get("studentId"), status: search.get("status") }),
  {
    csv: {
      filename: "matriculas.csv",
      rows: async (items: EnrollmentDTO[]) => {
        const [students, classes] = await Promise.all([
          studentNames(items.map((e) => e.studentId)),
          classLabels(items.map((e) => e.classId)),
        ]);
        return items.map((e) => ({ ...e, studentName: students.get(e.studentId) ?? "", classLabel: classes.get(e.classId) ?? "" }));
      },
      columns: [
        { header: "Aluno", value: (e) => e.studentName },
        { header: "Turma", value: (e) => e.classLabel },
        { header: "Início", value: (e) => csvDay(e.startDate) },
        { header: "Status", value: (e) => e.status },
        { header: "Posição na espera", value: (e) => e.waitlistPosition },
        { header: "Cancelada em", value: (e) => csvDay(e.cancelledAt) },
        { header: "Motivo do cancelamento", value: (e) => e.cancelReason },
        { header: "De experimental", value: (e) => (e.trialId ? "Sim" : "Não") },
        { header: "Criada em", value: (e) => csvDay(e.createdAt) },
      ],
    },
  },
);

/** POST /api/enrollments { studentId, classId, offerId, startDate, waitlist? } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createEnrollment(actor, body)) });
