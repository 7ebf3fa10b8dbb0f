import type { Route } from "./+types/class-schedule-links";
import { classScheduleLinkList } from "~/domain/classes/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/classes/{id}/schedules: the class's links { id, classId, scheduleId, createdAt }. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, async ({ actor }) => listResponse(request, await classScheduleLinkList(actor, params.id)));
}
