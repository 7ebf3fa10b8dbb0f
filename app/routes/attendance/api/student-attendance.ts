import { studentAttendance } from "~/domain/attendance/queries.server";
import { apiRead } from "~/server/api.server";

import { studentAttendanceDto } from "~/domain/attendance/makeups/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getStudentAttendance",
    tag: "Chamadas",
    summary: "Frequência de um aluno",
    description:
      "Os registros de presença do aluno (das suas matrículas e das suas reposições), do mais recente ao mais antigo; " +
      "a taxa de presença (presenças ÷ registros); as faltas das matrículas com a sua reposição, se houver.",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "A frequência", schema: studentAttendanceDto },
  },
});

/** GET /api/students/{id}/attendance */
export const loader = apiRead(({ actor, params }) => studentAttendance(actor, params.id));
