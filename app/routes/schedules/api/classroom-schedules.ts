import type { Route } from "./+types/classroom-schedules";
import { createSchedule } from "~/domain/schedules/service.server";
import { scheduleList } from "~/domain/schedules/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { scheduleDto, scheduleSchema } from "~/domain/schedules/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listClassroomSchedules",
    tag: "Horários das salas",
    summary: "Lista horários",
    description: "De segunda a sábado, por horário de início.",
    access: "signed-in",
    success: { status: 200, description: "Lista de horários", schema: z.array(scheduleDto) },
  },
  POST: {
    operationId: "createClassroomSchedule",
    tag: "Horários das salas",
    summary: "Cria um horário",
    access: "admin",
    body: scheduleSchema,
    success: { status: 201, description: "Criado", schema: scheduleDto },
    errors: { 409: "O horário se sobrepõe a outro da mesma sala" },
  },
});

/** GET /api/classroom-schedules */
export const loader = apiList(({ actor }) => scheduleList(actor));

/** POST /api/classroom-schedules { classroomId, dayOfWeek, startTime, endTime } → 201 (409 on overlap) */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createSchedule(actor, body), { status: 201 }),
  });
}
