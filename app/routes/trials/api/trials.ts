import { createTrial } from "~/domain/trials/service.server";
import { trialList } from "~/domain/trials/queries.server";
import { classLabels } from "~/domain/classes/queries.server";
import type { TrialDTO } from "~/domain/trials/schema";
import { csvDay, csvPhone } from "~/server/csv.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { z } from "zod";
import { calendarMonth } from "~/domain/fields";
import { OUTCOME_FILTERS, trialDto, trialSchema } from "~/domain/trials/schema";
import { CSV_FORMAT_QUERY, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Experimentais", name: "Trials", plural: "experimentais", dto: trialDto },
    {
      description: "Por data e horário.",
      client: "family-list",
      query: [
        { name: "month", description: "Só este mês (AAAA-MM)", schema: calendarMonth() },
        { name: "outcome", description: "open (sem resultado), Matriculado ou Perdido", schema: z.enum(OUTCOME_FILTERS) },
        { name: "ownerId", description: "Só os deste responsável", schema: z.string() },
        CSV_FORMAT_QUERY,
      ],
      answer: "Os experimentais",
      invalid: "Mês ou resultado inválido",
    },
  ),
  POST: {
    operationId: "createTrial",
    tag: "Experimentais",
    summary: "Agenda um experimental",
    description: "Começa como 'Agendado', com a primeira entrada do histórico.",
    access: "staff",
    body: trialSchema,
    success: { status: 201, description: "O experimental criado", schema: trialDto },
  },
});

/** GET /api/trials (optional ?month=YYYY-MM, ?outcome=open|Matriculado|Perdido, ?ownerId=; ?format=csv; ?limit= and ?cursor= for one page, next page in `Link`) */
export const loader = apiList(
  ({ actor, search }) => trialList(actor, { month: search.get("month"), outcome: search.get("outcome"), ownerId: search.get("ownerId") }),
  {
    csv: {
      filename: "experimentais.csv",
      rows: async (items: TrialDTO[]) => {
        const labels = await classLabels(items.map((t) => t.classId));
        return items.map((t) => ({ ...t, classLabel: labels.get(t.classId) ?? "" }));
      },
      columns: [
        { header: "Data", value: (t) => csvDay(t.scheduledDate) },
        { header: "Horário", value: (t) => t.scheduledTime },
        { header: "Aluno", value: (t) => t.studentName },
        { header: "Responsável", value: (t) => t.guardianName },
        { header: "WhatsApp", value: (t) => csvPhone(t.whatsappNumber) },
        { header: "Turma", value: (t) => t.classLabel },
        { header: "Status", value: (t) => t.status },
        { header: "Origem", value: (t) => t.origin },
        { header: "Resultado", value: (t) => t.outcome ?? "Em aberto" },
        { header: "Motivo da perda", value: (t) => t.lostReason },
        { header: "Criado em", value: (t) => csvDay(t.createdAt) },
      ],
    },
  },
);

/** POST /api/trials { guardianName, studentName, classId, whatsappNumber, scheduledDate, scheduledTime, origin } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createTrial(actor, body)) });
