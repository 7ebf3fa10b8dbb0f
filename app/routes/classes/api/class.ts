import type { Route } from "./+types/class";
import { deleteClass, updateClass } from "~/domain/classes/service.server";
import { getClass } from "~/domain/classes/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/classes/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getClass(actor, params.id));
}

/** PATCH /api/classes/{id} (fields optional, merged then validated), DELETE /api/classes/{id} → 204 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateClass(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteClass(actor, params.id)),
  });
}
