import type { Route } from "./+types/user-avatar";
import { setUserAvatar } from "~/domain/users/service.server";
import { api, byMethod } from "~/lib/api.server";

/**
 * PUT /api/users/{id}/avatar { avatarUrl } → the user with its avatarUrl.
 * `avatarUrl` is the uploaded object's path or the uploadURL itself (relative, or
 * absolute on this server's own origin); the user gets the object's path.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PUT: () => api({ request, context }, ({ actor, body }) => setUserAvatar(actor, params.id, body, { origin: new URL(request.url).origin })),
  });
}
