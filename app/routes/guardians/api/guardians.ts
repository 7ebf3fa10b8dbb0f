import type { Route } from "./+types/guardians";
import { createGuardian } from "~/domain/guardians/service.server";
import { guardianList, listGuardians } from "~/domain/guardians/queries.server";
import { assertOnePagingStyle } from "~/domain/list.server";
import { api, byMethod, json } from "~/lib/api.server";
import { listResponse } from "~/lib/list-response.server";

/**
 * GET /api/guardians: every guardian with its persons (§7). Optional `?q=`
 * filters by a person's name, e-mail or CPF; optional `?page=` returns one page
 * (24) and the total in `X-Total-Count`; or `?limit=` and `?cursor=` page by
 * cursor (next page in `Link`). The answer is always the array.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q");
  const pageParam = url.searchParams.get("page");
  const page = pageParam ? Math.max(1, Number.parseInt(pageParam, 10) || 1) : null;
  return api(request, async ({ actor }) => {
    assertOnePagingStyle(url.searchParams);
    if (!page) return listResponse(request, guardianList(actor, { q }));
    const result = await listGuardians(actor, { q, page });
    return json(result.guardians, 200, { "X-Total-Count": String(result.total) });
  });
}

/** POST /api/guardians { address, persons: [{ fullName, cpf, email, birthDate, phone, isPrimary }] } → 201 */
export async function action({ request }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api(request, ({ actor, body }) => createGuardian(actor, body), { status: 201 }),
  });
}
