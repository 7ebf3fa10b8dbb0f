import type { Route } from "./+types/offers";
import { createOffer } from "~/domain/offers/service.server";
import { offerList } from "~/domain/offers/queries.server";
import { api, apiList, byMethod } from "~/server/api.server";

import { z } from "zod";
import { offerDto, offerSchema } from "~/domain/offers/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listOffers",
    tag: "Ofertas",
    summary: "Lista ofertas",
    access: "signed-in",
    success: { status: 200, description: "Lista de ofertas", schema: z.array(offerDto) },
  },
  POST: {
    operationId: "createOffer",
    tag: "Ofertas",
    summary: "Cria uma oferta",
    access: "admin",
    body: offerSchema,
    success: { status: 201, description: "Criado", schema: offerDto },
  },
});

/** GET /api/offers */
export const loader = apiList(({ actor }) => offerList(actor));

/** POST /api/offers { name, monthlyValue, checkoutLink, branchId, active } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createOffer(actor, body), { status: 201 }),
  });
}
