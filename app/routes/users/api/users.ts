import type { Route } from "./+types/users";
import { createUser } from "~/domain/users/service.server";
import { listUsersPage, userList } from "~/domain/users/queries.server";
import { assertOnePagingStyle } from "~/domain/list.server";
import { api, byMethod, json } from "~/lib/api.server";
import { listResponse } from "~/lib/list-response.server";

/**
 * GET /api/users: every user (SPEC §7). `?q=` searches name and e-mail;
 * `?page=` (and `pageSize`, at most 200) returns one page, with the total in X-Total-Count;
 * or `?limit=` and `?cursor=` page by cursor (next page in `Link`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return api(request, async ({ actor }) => {
    const params = new URL(request.url).searchParams;
    const q = params.get("q") ?? undefined;
    assertOnePagingStyle(params);
    if (!params.has("page")) return listResponse(request, userList(actor, { q }));
    const result = await listUsersPage(actor, {
      q,
      page: Number(params.get("page")) || 1,
      pageSize: Number(params.get("pageSize")) || undefined,
    });
    return json(result.users, 200, { "X-Total-Count": String(result.total) });
  });
}

/** POST /api/users { name, email, password, userType, cpf? } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createUser(actor, body), { status: 201 }),
  });
}
