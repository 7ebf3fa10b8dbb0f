import type { Route } from "./+types/user-avatar";
import { setUserAvatar } from "~/domain/users/service.server";
import { api, byMethod } from "~/lib/api.server";

/** PUT /api/users/{id}/avatar { avatarUrl } → the user with its avatarUrl */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PUT: () => api(request, ({ actor, body }) => setUserAvatar(actor, params.id, body)),
  });
}
