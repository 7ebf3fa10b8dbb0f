import type { Route } from "./+types/trials";
import { createTrial } from "~/domain/trials/service.server";
import { trialList } from "~/domain/trials/queries.server";
import { api, byMethod } from "~/lib/api.server";
import { listResponse } from "~/lib/list-response.server";

/** GET /api/trials (optional ?month=YYYY-MM; ?limit= and ?cursor= for one page, next page in `Link`) */
export async function loader({ request }: Route.LoaderArgs) {
  const month = new URL(request.url).searchParams.get("month");
  return api(request, ({ actor }) => listResponse(request, trialList(actor, { month })));
}

/** POST /api/trials { guardianName, studentName, classId, whatsappNumber, scheduledDate, scheduledTime, origin } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createTrial(actor, body), { status: 201 }),
  });
}
