import { classroomScheduleList } from "~/domain/schedules/queries.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { scheduleDto } from "~/domain/schedules/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listClassroomSchedulesOfClassroom",
    tag: "Horários das salas",
    summary: "Lista os horários de uma sala",
    access: "signed-in",
    success: { status: 200, description: "Os horários da sala", schema: z.array(scheduleDto) },
  },
});

/** GET /api/classroom-schedules/classroom/{classroomId} (404 for an unknown classroom) */
export const loader = apiList(({ actor, params }) => classroomScheduleList(actor, params.classroomId ?? ""));
