import type { Route } from "./+types/classrooms-by-branch";
import { listBranchClassrooms } from "~/domain/classrooms/service.server";
import { api } from "~/lib/api.server";

/** GET /api/classrooms/branch/{branchId} (404 for an unknown branch) */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listBranchClassrooms(actor, params.branchId));
}
