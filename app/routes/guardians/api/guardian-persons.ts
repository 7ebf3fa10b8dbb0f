import { guardianPersonList } from "~/domain/guardians/queries.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { guardianPersonDto } from "~/domain/guardians/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listGuardianPersons",
    tag: "Responsáveis",
    summary: "Lista as pessoas de um responsável",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "A principal primeiro", schema: z.array(guardianPersonDto) },
  },
});

/** GET /api/guardians/{id}/persons: primary first. */
export const loader = apiList(({ actor, params }) => guardianPersonList(actor, params.id ?? ""));
