import type { Route } from "./+types/class-schedule-links";
import { classScheduleLinkList } from "~/domain/classes/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

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
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, async ({ actor }) => listResponse(request, await classScheduleLinkList(actor, params.id)));
}
