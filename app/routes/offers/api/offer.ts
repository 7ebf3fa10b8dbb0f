import type { Route } from "./+types/offer";
import { deleteOffer, getOffer, updateOffer } from "~/domain/offers/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/offers/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getOffer(actor, params.id));
}

/** PATCH /api/offers/{id} (fields optional), DELETE /api/offers/{id} → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateOffer(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteOffer(actor, params.id)),
  });
}
