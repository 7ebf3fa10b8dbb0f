import type { Route } from "./+types/offer";
import { deleteOffer, updateOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/offers/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getOffer(actor, params.id));
}

/** PATCH /api/offers/{id} (fields optional), DELETE /api/offers/{id} → 204 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateOffer(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteOffer(actor, params.id)),
  });
}
