import type { Route } from "./+types/classroom-schedules-by-classroom";
import { classroomScheduleList } from "~/domain/schedules/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/classroom-schedules/classroom/{classroomId} (404 for an unknown classroom) */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, async ({ actor }) => listResponse(request, await classroomScheduleList(actor, params.classroomId)));
}
