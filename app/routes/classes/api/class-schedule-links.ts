import { classScheduleLinkList } from "~/domain/classes/queries.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { classScheduleLinkDto } from "~/domain/classes/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listClassScheduleLinks",
    tag: "Turmas",
    summary: "Vínculos de horário de uma turma",
    access: "signed-in",
    success: { status: 200, description: "Os vínculos, com `scheduleId`", schema: z.array(classScheduleLinkDto) },
  },
});

/** GET /api/classes/{id}/schedules: the class's links { id, classId, scheduleId, createdAt }. */
export const loader = apiList(({ actor, params }) => classScheduleLinkList(actor, params.id ?? ""));
