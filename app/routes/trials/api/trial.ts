import type { Route } from "./+types/trial";
import { deleteTrial, getTrial, updateTrial } from "~/domain/trials/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/trials/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getTrial(actor, params.id));
}

/** PATCH /api/trials/{id} (a full edit, or only { status }), DELETE /api/trials/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateTrial(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteTrial(actor, params.id)),
  });
}
