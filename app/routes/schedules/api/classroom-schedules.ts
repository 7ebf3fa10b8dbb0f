import { createSchedule } from "~/domain/schedules/service.server";
import { scheduleList } from "~/domain/schedules/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { scheduleDto, scheduleSchema } from "~/domain/schedules/schema";
import { createOperation, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Horários das salas", name: "ClassroomSchedules", plural: "horários", dto: scheduleDto },
    { description: "De segunda a sábado, por horário de início." },
  ),
  POST: createOperation(
    { tag: "Horários das salas", name: "ClassroomSchedule", noun: "um horário", dto: scheduleDto },
    { body: scheduleSchema, conflict: "O horário se sobrepõe a outro da mesma sala" },
  ),
});

/** GET /api/classroom-schedules */
export const loader = apiList(({ actor }) => scheduleList(actor));

/** POST /api/classroom-schedules { classroomId, dayOfWeek, startTime, endTime } → 201 (409 on overlap) */
export const action = apiWrites({ POST: created(({ actor, body }) => createSchedule(actor, body)) });
