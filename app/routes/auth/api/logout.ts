import type { Route } from "./+types/logout";
import { api, json } from "~/server/api.server";
import { endSession } from "~/server/session.server";

import { logoutDto } from "~/domain/users/schema";
import { operations, SESSION_COOKIE_HEADER } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "logout",
    tag: "Autenticação",
    summary: "Sai do sistema",
    description: "Encerra a sessão no servidor: o cookie antigo deixa de valer.",
    access: "public",
    success: { status: 200, description: "Sessão encerrada", schema: logoutDto, headers: SESSION_COOKIE_HEADER },
  },
});

/** POST /api/logout: ends the session row (a replayed cookie is then signed out). */
export async function action({ request, context }: Route.ActionArgs) {
  return api({ request, context }, async () => json({ ok: true }, 200, { "Set-Cookie": await endSession(request) }), {
    auth: false,
  });
}
