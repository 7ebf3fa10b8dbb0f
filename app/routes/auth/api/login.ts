import type { Route } from "./+types/login";
import { clientIp } from "~/server/auth.server";
import { verifyLogin } from "~/domain/auth/service.server";
import { api, json } from "~/server/api.server";
import { startSession } from "~/server/session.server";

import { loginSchema, userDto } from "~/domain/users/schema";
import { operations, SESSION_COOKIE_HEADER } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "login",
    tag: "Autenticação",
    summary: "Entra no sistema",
    description: "Abre a sessão e devolve o cookie `__session`. `remember: true` mantém a sessão por 30 dias (senão, 12 horas).",
    access: "public",
    body: loginSchema,
    success: { status: 200, description: "O usuário, com o cookie de sessão", schema: userDto, headers: SESSION_COOKIE_HEADER },
    errors: { 401: "E-mail ou senha inválidos", 429: "Muitas tentativas de login: aguarde (veja `Retry-After`)" },
  },
});

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
