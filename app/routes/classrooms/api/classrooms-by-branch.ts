import type { Route } from "./+types/classrooms-by-branch";
import { branchClassroomList } from "~/domain/classrooms/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/classrooms/branch/{branchId} (404 for an unknown branch) */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, async ({ actor }) => listResponse(request, await branchClassroomList(actor, params.branchId)));
}
