import type { Route } from "./+types/register";
import { register } from "~/domain/auth/service.server";
import { api, json } from "~/server/api.server";
import { startSession } from "~/server/session.server";

import { registerSchema, userDto } from "~/domain/users/schema";
import { operations, SESSION_COOKIE_HEADER } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "register",
    tag: "Autenticação",
    summary: "Cadastra um usuário e entra",
    description:
      "Quem pode se cadastrar depende de `REGISTRATION`: `open` (qualquer tipo), `client` (só Cliente; `userType` pode ser omitido) ou `closed` (403). A primeira conta de um banco vazio sempre pode se cadastrar, como Administrador.",
    access: "public",
    body: registerSchema,
    success: { status: 201, description: "O usuário criado, já conectado", schema: userDto, headers: SESSION_COOKIE_HEADER },
    errors: {
      403: "Cadastro fechado ou tipo que o cadastro não permite (`REGISTRATION`), ou requisição de outra origem",
      409: "E-mail já cadastrado",
    },
  },
});

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
