import type { Route } from "./+types/logout";
import { api, json } from "~/lib/api.server";
import { endSession } from "~/session.server";

/** POST /api/logout: ends the session row (a replayed cookie is then signed out). */
export async function action({ request, context }: Route.ActionArgs) {
  return api({ request, context }, async () => json({ ok: true }, 200, { "Set-Cookie": await endSession(request) }), {
    auth: false,
  });
}
