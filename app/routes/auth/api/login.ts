import type { Route } from "./+types/login";
import { clientIp } from "~/auth.server";
import { verifyLogin } from "~/domain/auth/service.server";
import { api, json } from "~/lib/api.server";
import { startSession } from "~/session.server";

/** POST /api/login { email, password, remember? } → the user, with the session cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  return api(
    { request, context },
    async ({ body }) => {
      const { user, remember } = await verifyLogin(body, clientIp(context));
      return json(user, 200, { "Set-Cookie": await startSession(request, user.id, remember) });
    },
    { auth: false },
  );
}
