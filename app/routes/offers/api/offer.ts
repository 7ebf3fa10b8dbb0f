import { deleteOffer, updateOffer } from "~/domain/offers/service.server";
import { getOffer } from "~/domain/offers/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { offerDto, offerUpdateSchema } from "~/domain/offers/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Ofertas", name: "Offer", noun: "uma oferta", dto: offerDto };

export const openapi = recordOperations(record, {
  update: { body: offerUpdateSchema },
  remove: { conflict: "A oferta possui matrículas" },
});

/** GET /api/offers/{id} */
export const loader = apiRead(({ actor, params }) => getOffer(actor, params.id));

/** PATCH /api/offers/{id} (fields optional), DELETE /api/offers/{id} → 204 */
export const action = apiRecordWrites({ update: updateOffer, remove: deleteOffer });
