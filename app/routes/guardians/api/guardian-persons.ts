import { guardianPersonList } from "~/domain/guardians/queries.server";
import { apiList } from "~/server/api.server";

import { guardianPersonDto } from "~/domain/guardians/schema";
import { childListOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: childListOperation({
    operationId: "listGuardianPersons",
    tag: "Responsáveis",
    summary: "Lista as pessoas de um responsável",
    client: "family-item",
    answer: "A principal primeiro",
    dto: guardianPersonDto,
  }),
});

/** GET /api/guardians/{id}/persons: primary first. */
export const loader = apiList(({ actor, params }) => guardianPersonList(actor, params.id ?? ""));
