import type { Route } from "./+types/offers";
import { createOffer, offerList } from "~/domain/offers/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/offers */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => listResponse(request, offerList(actor)));
}

/** POST /api/offers { name, monthlyValue, checkoutLink, branchId, active } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createOffer(actor, body), { status: 201 }),
  });
}
