import type { Route } from "./+types/classroom-schedules";
import { createSchedule } from "~/domain/schedules/service.server";
import { scheduleList } from "~/domain/schedules/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classroom-schedules */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listResponse(request, scheduleList(actor)));
}

/** POST /api/classroom-schedules { classroomId, dayOfWeek, startTime, endTime } → 201 (409 on overlap) */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createSchedule(actor, body), { status: 201 }),
  });
}
