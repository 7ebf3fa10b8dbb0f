import type { Route } from "./+types/classroom-schedules";
import { createSchedule, scheduleList } from "~/domain/schedules/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classroom-schedules */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => listResponse(request, scheduleList(actor)));
}

/** POST /api/classroom-schedules { classroomId, dayOfWeek, startTime, endTime } → 201 (409 on overlap) */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createSchedule(actor, body), { status: 201 }),
  });
}
