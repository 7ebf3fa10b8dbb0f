import type { Route } from "./+types/branch";
import { deleteBranch, updateBranch } from "~/domain/branches/service.server";
import { getBranch } from "~/domain/branches/queries.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/branches/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getBranch(actor, params.id));
}

/** PATCH /api/branches/{id} (fields optional), DELETE /api/branches/{id} → 204 (409 while in use) */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api(request, ({ actor, body }) => updateBranch(actor, params.id, body)),
    DELETE: () => api(request, ({ actor }) => deleteBranch(actor, params.id)),
  });
}
