import type { Route } from "./+types/user-item";
import { deleteUser, updateUser } from "~/domain/users/service.server";
import { getUser } from "~/domain/users/queries.server";
import { api, byMethod } from "~/lib/api.server";
import { getSession } from "~/session.server";

/** GET /api/users/{id} */
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(request, ({ actor }) => getUser(actor, params.id));
}

/** PATCH /api/users/{id} (fields optional; a blank password keeps the current one), DELETE → 204 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () =>
      api(request, async ({ actor, body }) =>
        updateUser(actor, params.id, body, {
          origin: new URL(request.url).origin,
          currentSessionId: (await getSession(request))?.sessionId,
        }),
      ),
    DELETE: () => api(request, ({ actor }) => deleteUser(actor, params.id)),
  });
}
