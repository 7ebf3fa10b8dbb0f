import type { Route } from "./+types/classroom-schedules-by-classroom";
import { listClassroomSchedules } from "~/domain/schedules/service.server";
import { api } from "~/lib/api.server";

/** GET /api/classroom-schedules/classroom/{classroomId} (404 for an unknown classroom) */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listClassroomSchedules(actor, params.classroomId));
}
