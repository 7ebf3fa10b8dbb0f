import { deleteOffer, updateOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";

import { offerDto, offerUpdateSchema } from "~/domain/offers/schema";
import { deleteOperation, operations, readOperation, updateOperation, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Ofertas", name: "Offer", noun: "uma oferta", dto: offerDto };

export const openapi = operations({
  GET: readOperation(record),
  PATCH: updateOperation(record, { body: offerUpdateSchema }),
  DELETE: deleteOperation(record, { conflict: "A oferta possui matrículas" }),
});

/** GET /api/offers/{id} */
export const loader = apiRead(({ actor, params }) => getOffer(actor, params.id));

/** PATCH /api/offers/{id} (fields optional), DELETE /api/offers/{id} → 204 */
export const action = apiWrites({
  PATCH: ({ actor, params, body }) => updateOffer(actor, params.id, body),
  DELETE: ({ actor, params }) => deleteOffer(actor, params.id),
});
