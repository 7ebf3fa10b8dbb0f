import type { Route } from "./+types/user";
import { api } from "~/lib/api.server";

/** GET /api/user: the signed-in user; 401 when signed out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api({ request, context }, async ({ user }) => user);
}
