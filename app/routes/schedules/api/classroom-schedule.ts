import type { Route } from "./+types/classroom-schedule";
import { deleteSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { getSchedule } from "~/domain/schedules/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classroom-schedules/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getSchedule(actor, params.id));
}

/** PATCH /api/classroom-schedules/{id} { dayOfWeek, startTime, endTime }, DELETE → 204 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateSchedule(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteSchedule(actor, params.id)),
  });
}
