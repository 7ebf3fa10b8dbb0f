import { allClassScheduleLinkList } from "~/domain/classes/queries.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { classScheduleLinkDto } from "~/domain/classes/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listAllClassScheduleLinks",
    tag: "Turmas",
    summary: "Todos os vínculos turma-horário",
    access: "signed-in",
    success: { status: 200, description: "Todos os vínculos", schema: z.array(classScheduleLinkDto) },
  },
});

/** GET /api/class-schedules: every class-schedule link. */
export const loader = apiList(({ actor }) => allClassScheduleLinkList(actor));
