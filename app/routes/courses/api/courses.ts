import type { Route } from "./+types/courses";
import { createCourse, courseList } from "~/domain/courses/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/courses */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => listResponse(request, courseList(actor)));
}

/** POST /api/courses { name, active } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createCourse(actor, body), { status: 201 }),
  });
}
