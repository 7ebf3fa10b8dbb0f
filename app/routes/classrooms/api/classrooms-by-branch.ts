import type { Route } from "./+types/classrooms-by-branch";
import { branchClassroomList } from "~/domain/classrooms/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/classrooms/branch/{branchId} (404 for an unknown branch) */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, async ({ actor }) => listResponse(request, await branchClassroomList(actor, params.branchId)));
}
