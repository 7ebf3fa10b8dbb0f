import type { Route } from "./+types/guardian-person";
import { deleteGuardianPerson, updateGuardianPerson } from "~/domain/guardians/service.server";
import { getGuardianPerson } from "~/domain/guardians/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/guardian-persons/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getGuardianPerson(actor, params.id));
}

/**
 * PATCH /api/guardian-persons/{id} (person fields, all optional; isPrimary: true
 * unmarks the others), DELETE /api/guardian-persons/{id} → 204 (not the primary,
 * not the last person).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateGuardianPerson(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteGuardianPerson(actor, params.id)),
  });
}
