import type { Route } from "./+types/branches";
import { createBranch, branchList } from "~/domain/branches/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/branches */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => listResponse(request, branchList(actor)));
}

/** POST /api/branches { name, address, active, isDefault } → 201 */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor, body }) => createBranch(actor, body), { status: 201 }),
  });
}
