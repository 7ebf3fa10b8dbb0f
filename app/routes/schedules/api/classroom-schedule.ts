import { deleteSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { getSchedule } from "~/domain/schedules/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { scheduleDto, scheduleUpdateSchema } from "~/domain/schedules/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Horários das salas", name: "ClassroomSchedule", noun: "um horário", dto: scheduleDto };

export const openapi = recordOperations(record, {
  update: { body: scheduleUpdateSchema, conflict: "O horário se sobrepõe a outro da mesma sala" },
});

/** GET /api/classroom-schedules/{id} */
export const loader = apiRead(({ actor, params }) => getSchedule(actor, params.id));

/** PATCH /api/classroom-schedules/{id} { dayOfWeek, startTime, endTime }, DELETE → 204 */
export const action = apiRecordWrites({ update: updateSchedule, remove: deleteSchedule });
