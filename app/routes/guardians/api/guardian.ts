import type { Route } from "./+types/guardian";
import { deleteGuardian } from "~/domain/guardians/service.server";
import { getGuardian } from "~/domain/guardians/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/guardians/{id}: the guardian with its persons. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getGuardian(actor, params.id));
}

/** DELETE /api/guardians/{id} → 204 (its persons go with it; the client user stays). */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    DELETE: () => api(request, ({ actor }) => deleteGuardian(actor, params.id)),
  });
}
