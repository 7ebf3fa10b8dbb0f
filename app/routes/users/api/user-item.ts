import type { Route } from "./+types/user-item";
import { deleteUser, updateUser } from "~/domain/users/service.server";
import { getUser } from "~/domain/users/queries.server";
import { api, byMethod } from "~/server/api.server";
import { getSession } from "~/server/session.server";

import { userDto, userUpdateSchema } from "~/domain/users/schema";
import { operations, PARTIAL_UPDATE } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getUser",
    tag: "Usuários",
    summary: "Lê um usuário",
    access: "signed-in",
    client: "self-item",
    success: { status: 200, description: "O registro", schema: userDto },
  },
  PATCH: {
    operationId: "updateUser",
    tag: "Usuários",
    summary: "Atualiza um usuário",
    description: PARTIAL_UPDATE,
    access: "admin",
    body: userUpdateSchema,
    success: { status: 200, description: "O registro atualizado", schema: userDto },
    errors: { 409: "E-mail já cadastrado, ou tirar o tipo Administrador do último administrador" },
  },
  DELETE: {
    operationId: "deleteUser",
    tag: "Usuários",
    summary: "Exclui um usuário",
    access: "admin",
    success: { status: 204, description: "Excluído" },
    errors: { 409: "O próprio usuário, o último administrador, ou um responsável por turmas" },
  },
});

/** GET /api/users/{id} */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api({ request, context }, ({ actor }) => getUser(actor, params.id));
}

/** PATCH /api/users/{id} (fields optional; a blank password keeps the current one), DELETE → 204 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return byMethod(request, {
    PATCH: () =>
      api({ request, context }, async ({ actor, body }) =>
        updateUser(actor, params.id, body, {
          origin: new URL(request.url).origin,
          currentSessionId: (await getSession(context))?.sessionId,
        }),
      ),
    DELETE: () => api({ request, context }, ({ actor }) => deleteUser(actor, params.id)),
  });
}
