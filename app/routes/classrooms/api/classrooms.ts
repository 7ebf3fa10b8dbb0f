import type { Route } from "./+types/classrooms";
import { createClassroom, classroomList } from "~/domain/classrooms/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classrooms */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => listResponse(request, classroomList(actor)));
}

/** POST /api/classrooms { branchId, name, capacity } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createClassroom(actor, body), { status: 201 }),
  });
}
