import type { Route } from "./+types/user-item";
import { deleteUser, getUser, updateUser } from "~/domain/users/service.server";
import { api, byMethod } from "~/lib/api.server";
import { getSession } from "~/session.server";

/** GET /api/users/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getUser(actor, params.id));
}

/** PATCH /api/users/{id} (fields optional; a blank password keeps the current one), DELETE → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () =>
      api({ request, context }, async ({ actor, body }) =>
        updateUser(actor, params.id, body, {
          origin: new URL(request.url).origin,
          currentSessionId: (await getSession(context))?.sessionId,
        }),
      ),
    DELETE: () => api({ request, context }, ({ actor }) => deleteUser(actor, params.id)),
  });
}
