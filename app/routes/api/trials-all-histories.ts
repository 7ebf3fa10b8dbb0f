import type { Route } from "./+types/trials-all-histories";
import { listAllHistories } from "~/domain/trials/service.server";
import { api } from "~/lib/api.server";

/** GET /api/trials/all-histories (optional ?month=YYYY-MM): { [trialId]: [{ id, status, changedAt }] } */
export async function loader({ request }: Route.LoaderArgs) {
  const month = new URL(request.url).searchParams.get("month");
  return api(request, ({ actor }) => listAllHistories(actor, { month }));
}
