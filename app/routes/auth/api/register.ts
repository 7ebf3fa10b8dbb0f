import type { Route } from "./+types/register";
import { register } from "~/domain/auth/service.server";
import { api, json } from "~/lib/api.server";
import { startSession } from "~/session.server";

/** POST /api/register { name, email, password, userType } → the user (201), signed in. */
export async function action({ request, context }: Route.ActionArgs) {
  return api(
    { request, context },
    async ({ body }) => {
      const user = await register(body);
      return json(user, 201, { "Set-Cookie": await startSession(request, user.id, false) });
    },
    { auth: false },
  );
}
