import type { Route } from "./+types/branch";
import { deleteBranch, getBranch, updateBranch } from "~/domain/branches/service.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/branches/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getBranch(actor, params.id));
}

/** PATCH /api/branches/{id} (fields optional), DELETE /api/branches/{id} → 204 (409 while in use) */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () => api({ request, context }, ({ actor, body }) => updateBranch(actor, params.id, body)),
    DELETE: () => api({ request, context }, ({ actor }) => deleteBranch(actor, params.id)),
  });
}
