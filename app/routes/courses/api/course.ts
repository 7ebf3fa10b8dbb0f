import type { Route } from "./+types/course";
import { deleteCourse, updateCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/courses/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getCourse(actor, params.id));
}

/** PATCH /api/courses/{id} (fields optional), DELETE /api/courses/{id} → 204 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateCourse(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteCourse(actor, params.id)),
  });
}
