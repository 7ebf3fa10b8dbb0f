import type { Route } from "./+types/trials";
import { createTrial } from "~/domain/trials/service.server";
import { trialList } from "~/domain/trials/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { calendarMonth } from "~/domain/fields";
import { OUTCOME_FILTERS, trialDto, trialSchema } from "~/domain/trials/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listTrials",
    tag: "Experimentais",
    summary: "Lista experimentais",
    description: "Por data e horário.",
    access: "signed-in",
    client: "family-list",
    query: [
      { name: "month", description: "Só este mês (AAAA-MM)", schema: calendarMonth() },
      { name: "outcome", description: "open (sem resultado), Matriculado ou Perdido", schema: z.enum(OUTCOME_FILTERS) },
      { name: "ownerId", description: "Só os deste responsável", schema: z.string() },
    ],
    success: { status: 200, description: "Os experimentais", schema: z.array(trialDto) },
    errors: { 400: "Mês ou resultado inválido" },
  },
  POST: {
    operationId: "createTrial",
    tag: "Experimentais",
    summary: "Agenda um experimental",
    description: "Começa como 'Agendado', com a primeira entrada do histórico.",
    access: "trials",
    body: trialSchema,
    success: { status: 201, description: "O experimental criado", schema: trialDto },
  },
});

/** GET /api/trials (optional ?month=YYYY-MM, ?outcome=open|Matriculado|Perdido, ?ownerId=; ?limit= and ?cursor= for one page, next page in `Link`) */
export const loader = apiList(({ actor, search }) =>
  trialList(actor, { month: search.get("month"), outcome: search.get("outcome"), ownerId: search.get("ownerId") }),
);

/** POST /api/trials { guardianName, studentName, classId, whatsappNumber, scheduledDate, scheduledTime, origin } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createTrial(actor, body), { status: 201 }),
  });
}
