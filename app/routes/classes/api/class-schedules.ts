import type { Route } from "./+types/class-schedules";
import { allClassScheduleLinkList } from "~/domain/classes/queries.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/class-schedules: every class-schedule link. */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listResponse(request, allClassScheduleLinkList(actor)));
}
