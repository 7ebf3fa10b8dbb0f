import type { Route } from "./+types/class-schedule-links";
import { classScheduleLinkList } from "~/domain/classes/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/classes/{id}/schedules: the class's links { id, classId, scheduleId, createdAt }. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, async ({ actor }) => listResponse(request, await classScheduleLinkList(actor, params.id)));
}
