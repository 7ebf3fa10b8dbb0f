import { deleteGuardianPerson, updateGuardianPerson } from "~/domain/guardians/service.server";
import { getGuardianPerson } from "~/domain/guardians/queries.server";
import { apiRead, apiRecordWrites } from "~/server/api.server";

import { guardianPersonDto, guardianPersonUpdateSchema } from "~/domain/guardians/schema";
import { operations, readOperation } from "~/openapi/operation";

export const openapi = operations({
  GET: readOperation(
    { tag: "Responsáveis", name: "GuardianPerson", noun: "uma pessoa", dto: guardianPersonDto },
    { client: "family-item", description: "A pessoa" },
  ),
  PATCH: {
    operationId: "updateGuardianPerson",
    tag: "Responsáveis",
    summary: "Atualiza uma pessoa",
    description: "Campos opcionais. `isPrimary: true` desmarca as outras pessoas do responsável.",
    access: "admin",
    body: guardianPersonUpdateSchema,
    success: { status: 200, description: "A pessoa atualizada", schema: guardianPersonDto },
    errors: { 409: "Desmarcar a principal sem marcar outra" },
  },
  DELETE: {
    operationId: "deleteGuardianPerson",
    tag: "Responsáveis",
    summary: "Remove uma pessoa",
    access: "admin",
    success: { status: 204, description: "Removida" },
    errors: { 409: "A pessoa principal, ou a última pessoa do responsável" },
  },
});

/** GET /api/guardian-persons/{id} */
export const loader = apiRead(({ actor, params }) => getGuardianPerson(actor, params.id));

/**
 * PATCH /api/guardian-persons/{id} (person fields, all optional; isPrimary: true
 * unmarks the others), DELETE /api/guardian-persons/{id} → 204 (not the primary,
 * not the last person).
 */
export const action = apiRecordWrites({ update: updateGuardianPerson, remove: deleteGuardianPerson });
