import type { Route } from "./+types/trial-history";
import { getTrialHistory } from "~/domain/trials/service.server";
import { api } from "~/lib/api.server";

/** GET /api/trials/{id}/history: entries { id, status, changedAt }, oldest first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getTrialHistory(actor, params.id));
}
