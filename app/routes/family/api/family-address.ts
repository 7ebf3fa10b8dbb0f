import { updateFamilyAddress } from "~/domain/guardians/service.server";
import { familyAddressSchema, guardianDto } from "~/domain/guardians/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  PATCH: {
    operationId: "updateFamilyAddress",
    tag: "Família",
    summary: "Altera o endereço da família",
    description: "O endereço do responsável. A alteração fica na auditoria.",
    access: "signed-in",
    client: "own-family",
    body: familyAddressSchema,
    success: { status: 200, description: "O responsável atualizado", schema: guardianDto },
  },
});

/** PATCH /api/family/address { address } */
export const action = apiWrites({ PATCH: ({ actor, body }) => updateFamilyAddress(actor, body) });
