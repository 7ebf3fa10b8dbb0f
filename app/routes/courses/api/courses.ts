import type { Route } from "./+types/courses";
import { createCourse } from "~/domain/courses/service.server";
import { courseList } from "~/domain/courses/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/courses */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listResponse(request, courseList(actor)));
}

/** POST /api/courses { name, active } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createCourse(actor, body), { status: 201 }),
  });
}
