import type { Route } from "./+types/guardian-persons";
import { guardianPersonList } from "~/domain/guardians/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/guardians/{id}/persons: primary first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, async ({ actor }) => listResponse(request, await guardianPersonList(actor, params.id)));
}
