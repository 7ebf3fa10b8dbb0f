import type { Route } from "./+types/classes";
import { classList, createClass } from "~/domain/classes/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classes (optionally `?branchId=`): each class with its ids, scheduleIds and the names they point to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const branchId = new URL(request.url).searchParams.get("branchId");
  return api({ request, context }, ({ actor }) => listResponse(request, classList(actor, { branchId })));
}

/** POST /api/classes { courseId, responsibleId, branchId, classroomId, scheduleIds, active } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createClass(actor, body), { status: 201 }),
  });
}
