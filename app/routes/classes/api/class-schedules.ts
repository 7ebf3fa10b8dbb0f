import type { Route } from "./+types/class-schedules";
import { allClassScheduleLinkList } from "~/domain/classes/service.server";
import { listResponse } from "~/lib/list-response.server";
import { api } from "~/lib/api.server";

/** GET /api/class-schedules: every class-schedule link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => listResponse(request, allClassScheduleLinkList(actor)));
}
