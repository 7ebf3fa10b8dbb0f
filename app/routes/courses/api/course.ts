import type { Route } from "./+types/course";
import { deleteCourse, getCourse, updateCourse } from "~/domain/courses/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/courses/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getCourse(actor, params.id));
}

/** PATCH /api/courses/{id} (fields optional), DELETE /api/courses/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateCourse(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteCourse(actor, params.id)),
  });
}
