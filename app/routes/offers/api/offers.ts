import { createOffer } from "~/domain/offers/service.server";
import { offerList } from "~/domain/offers/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";

import { offerDto, offerSchema } from "~/domain/offers/schema";
import { createOperation, listOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation({ tag: "Ofertas", name: "Offers", plural: "ofertas", dto: offerDto }),
  POST: createOperation({ tag: "Ofertas", name: "Offer", noun: "uma oferta", dto: offerDto }, { body: offerSchema }),
});

/** GET /api/offers */
export const loader = apiList(({ actor }) => offerList(actor));

/** POST /api/offers { name, monthlyValue, checkoutLink, branchId, active } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createOffer(actor, body)) });
