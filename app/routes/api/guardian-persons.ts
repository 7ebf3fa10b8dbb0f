import type { Route } from "./+types/guardian-persons";
import { listGuardianPersons } from "~/domain/guardians/service.server";
import { api } from "~/lib/api.server";

/** GET /api/guardians/{id}/persons: primary first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => listGuardianPersons(actor, params.id));
}
