import { deleteSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { getSchedule } from "~/domain/schedules/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

import { scheduleDto, scheduleUpdateSchema } from "~/domain/schedules/schema";
import { deleteOperation, operations, readOperation, updateOperation, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Horários das salas", name: "ClassroomSchedule", noun: "um horário", dto: scheduleDto };

export const openapi = operations({
  GET: readOperation(record),
  PATCH: updateOperation(record, { body: scheduleUpdateSchema, conflict: "O horário se sobrepõe a outro da mesma sala" }),
  DELETE: deleteOperation(record),
});

/** GET /api/classroom-schedules/{id} */
export const loader = apiRead(({ actor, params }) => getSchedule(actor, params.id));

/** PATCH /api/classroom-schedules/{id} { dayOfWeek, startTime, endTime }, DELETE → 204 */
export const action = apiWrites({
  PATCH: ({ actor, params, body }) => updateSchedule(actor, params.id, body),
  DELETE: ({ actor, params }) => deleteSchedule(actor, params.id),
});
