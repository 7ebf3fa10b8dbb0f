import type { Route } from "./+types/branches";
import { createBranch } from "~/domain/branches/service.server";
import { branchList } from "~/domain/branches/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api, byMethod } from "~/lib/api.server";

/** GET /api/branches */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listResponse(request, branchList(actor)));
}

/** POST /api/branches { name, address, active, isDefault } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createBranch(actor, body), { status: 201 }),
  });
}
