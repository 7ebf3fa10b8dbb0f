import { classroomScheduleList } from "~/domain/schedules/queries.server";
import { apiList } from "~/server/api.server";

import { scheduleDto } from "~/domain/schedules/schema";
import { childListOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: childListOperation({
    operationId: "listClassroomSchedulesOfClassroom",
    tag: "Horários das salas",
    summary: "Lista os horários de uma sala",
    answer: "Os horários da sala",
    dto: scheduleDto,
  }),
});

/** GET /api/classroom-schedules/classroom/{classroomId} (404 for an unknown classroom) */
export const loader = apiList(({ actor, params }) => classroomScheduleList(actor, params.classroomId ?? ""));
