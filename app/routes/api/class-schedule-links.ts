import type { Route } from "./+types/class-schedule-links";
import { listClassScheduleLinks } from "~/domain/classes/service.server";
import { api } from "~/lib/api.server";

/** GET /api/classes/{id}/schedules: the class's links { id, classId, scheduleId, createdAt }. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listClassScheduleLinks(actor, params.id));
}
