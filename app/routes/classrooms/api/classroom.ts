import type { Route } from "./+types/classroom";
import { deleteClassroom, getClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classrooms/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getClassroom(actor, params.id));
}

/** PATCH /api/classrooms/{id} { name, capacity }, DELETE /api/classrooms/{id} → 204 (409 while a class uses it) */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateClassroom(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteClassroom(actor, params.id)),
  });
}
