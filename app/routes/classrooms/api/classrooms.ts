import type { Route } from "./+types/classrooms";
import { createClassroom } from "~/domain/classrooms/service.server";
import { classroomList } from "~/domain/classrooms/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classrooms */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listResponse(request, classroomList(actor)));
}

/** POST /api/classrooms { branchId, name, capacity } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createClassroom(actor, body), { status: 201 }),
  });
}
