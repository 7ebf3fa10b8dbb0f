import type { Route } from "./+types/offers";
import { createOffer } from "~/domain/offers/service.server";
import { offerList } from "~/domain/offers/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/offers */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listResponse(request, offerList(actor)));
}

/** POST /api/offers { name, monthlyValue, checkoutLink, branchId, active } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createOffer(actor, body), { status: 201 }),
  });
}
