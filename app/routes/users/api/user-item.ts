import { deleteUser, updateUser } from "~/domain/users/service.server";
import { getUser } from "~/domain/users/queries.server";
import { apiRead, apiWrites } from "~/server/api.server";
import { getSession } from "~/server/session.server";

import { userDto, userUpdateSchema } from "~/domain/users/schema";
import { recordOperations, type RecordNames } from "~/openapi/operation";

const record: RecordNames = { tag: "Usuários", name: "User", noun: "um usuário", dto: userDto };

export const openapi = recordOperations(record, {
  read: { client: "self-item" },
  update: { body: userUpdateSchema, conflict: "E-mail já cadastrado, ou tirar o tipo Administrador do último administrador" },
  remove: { conflict: "O próprio usuário, o último administrador, ou um responsável por turmas" },
});

/** GET /api/users/{id} */
export const loader = apiRead(({ actor, params }) => getUser(actor, params.id));

/** PATCH /api/users/{id} (fields optional; a blank password keeps the current one), DELETE → 204 */
export const action = apiWrites({
  PATCH: async ({ actor, params, body, request, context }) =>
    updateUser(actor, params.id, body, {
      origin: new URL(request.url).origin,
      currentSessionId: (await getSession(context))?.sessionId,
    }),
  DELETE: ({ actor, params }) => deleteUser(actor, params.id),
});
