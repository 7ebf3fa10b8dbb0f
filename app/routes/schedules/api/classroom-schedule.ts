import type { Route } from "./+types/classroom-schedule";
import { deleteSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { getSchedule } from "~/domain/schedules/queries.server";
import { api, byMethod } from "~/server/api.server";

import { scheduleDto, scheduleUpdateSchema } from "~/domain/schedules/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getClassroomSchedule",
    tag: "Horários das salas",
    summary: "Lê um horário",
    access: "signed-in",
    success: { status: 200, description: "O registro", schema: scheduleDto },
  },
  PATCH: {
    operationId: "updateClassroomSchedule",
    tag: "Horários das salas",
    summary: "Atualiza um horário",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: scheduleUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: scheduleDto },
    errors: { 409: "O horário se sobrepõe a outro da mesma sala" },
  },
  DELETE: {
    operationId: "deleteClassroomSchedule",
    tag: "Horários das salas",
    summary: "Exclui um horário",
    access: "admin",
    success: { status: 204, description: "Excluído" },
  },
});

/** GET /api/classroom-schedules/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getSchedule(actor, params.id));
}

/** PATCH /api/classroom-schedules/{id} { dayOfWeek, startTime, endTime }, DELETE → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateSchedule(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteSchedule(actor, params.id)),
  });
}
