import type { Route } from "./+types/classes";
import { createClass } from "~/domain/classes/service.server";
import { classList } from "~/domain/classes/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classes (optionally `?branchId=`): each class with its ids, scheduleIds and the names they point to. */
export async function loader({ request }: Route.LoaderArgs) {
  const branchId = new URL(request.url).searchParams.get("branchId");
  return api(request, ({ actor }) => listResponse(request, classList(actor, { branchId })));
}

/** POST /api/classes { courseId, responsibleId, branchId, classroomId, scheduleIds, active } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createClass(actor, body), { status: 201 }),
  });
}
