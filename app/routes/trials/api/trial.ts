import type { Route } from "./+types/trial";
import { deleteTrial, updateTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/trials/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getTrial(actor, params.id));
}

/** PATCH /api/trials/{id} (a full edit, or only { status }), DELETE /api/trials/{id} → 204 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateTrial(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteTrial(actor, params.id)),
  });
}
