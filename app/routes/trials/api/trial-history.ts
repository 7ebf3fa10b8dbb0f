import type { Route } from "./+types/trial-history";
import { trialHistoryList } from "~/domain/trials/queries.server";
import { api } from "~/lib/api.server";
import { listResponse } from "~/lib/list-response.server";

/** GET /api/trials/{id}/history: entries { id, status, changedAt }, oldest first (pages with ?limit=&cursor=). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, async ({ actor }) => listResponse(request, await trialHistoryList(actor, params.id)));
}
