import type { Route } from "./+types/offer";
import { deleteOffer, updateOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { api, byMethod } from "~/server/api.server";

import { offerDto, offerUpdateSchema } from "~/domain/offers/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getOffer",
    tag: "Ofertas",
    summary: "Lê uma oferta",
    access: "signed-in",
    success: { status: 200, description: "O registro", schema: offerDto },
  },
  PATCH: {
    operationId: "updateOffer",
    tag: "Ofertas",
    summary: "Atualiza uma oferta",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: offerUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: offerDto },
  },
  DELETE: {
    operationId: "deleteOffer",
    tag: "Ofertas",
    summary: "Exclui uma oferta",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "A oferta possui matrículas" },
  },
});

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
