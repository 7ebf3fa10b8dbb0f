import type { Route } from "./+types/class";
import { deleteClass, getClass, updateClass } from "~/domain/classes/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classes/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getClass(actor, params.id));
}

/** PATCH /api/classes/{id} (fields optional, merged then validated), DELETE /api/classes/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateClass(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteClass(actor, params.id)),
  });
}
