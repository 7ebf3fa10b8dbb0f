import { classScheduleLinkList } from "~/domain/classes/queries.server";
import { apiList } from "~/server/api.server";

import { classScheduleLinkDto } from "~/domain/classes/schema";
import { childListOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: childListOperation({
    operationId: "listClassScheduleLinks",
    tag: "Turmas",
    summary: "Vínculos de horário de uma turma",
    answer: "Os vínculos, com `scheduleId`",
    dto: classScheduleLinkDto,
  }),
});

/** GET /api/classes/{id}/schedules: the class's links { id, classId, scheduleId, createdAt }. */
export const loader = apiList(({ actor, params }) => classScheduleLinkList(actor, params.id ?? ""));
