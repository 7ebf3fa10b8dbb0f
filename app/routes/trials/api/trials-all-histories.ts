import type { Route } from "./+types/trials-all-histories";
import { historyList, historyMember } from "~/domain/trials/queries.server";
import { api } from "~/lib/api.server";
import { listResponse } from "~/lib/list-response.server";

/**
 * GET /api/trials/all-histories (optional ?month=YYYY-MM): { [trialId]: [{ id, status, changedAt }] }.
 * `?limit=` counts trials; the next page is in `Link`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const month = new URL(request.url).searchParams.get("month");
  return api(request, ({ actor }) => listResponse(request, historyList(actor, { month }), { object: true, entry: historyMember }));
}
