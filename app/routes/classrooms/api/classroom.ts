import type { Route } from "./+types/classroom";
import { deleteClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { getClassroom } from "~/domain/classrooms/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classrooms/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getClassroom(actor, params.id));
}

/** PATCH /api/classrooms/{id} { name, capacity }, DELETE /api/classrooms/{id} → 204 (409 while a class uses it) */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateClassroom(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteClassroom(actor, params.id)),
  });
}
