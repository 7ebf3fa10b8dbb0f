import type { Route } from "./+types/classroom-schedule";
import { deleteSchedule, getSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classroom-schedules/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getSchedule(actor, params.id));
}

/** PATCH /api/classroom-schedules/{id} { dayOfWeek, startTime, endTime }, DELETE → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateSchedule(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteSchedule(actor, params.id)),
  });
}
