import { setUserAvatar } from "~/domain/users/service.server";
import { apiWrites } from "~/server/api.server";

import { avatarSchema, userDto } from "~/domain/users/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  PUT: {
    operationId: "setUserAvatar",
    tag: "Usuários",
    summary: "Define (ou remove, com null) o avatar",
    description:
      "Passo 3 do avatar. `avatarUrl` pode ser o `objectPath` devolvido pelo upload (`/uploads/{id}`) ou a própria `uploadURL` do passo 1, depois que o `PUT` do arquivo terminou (sem ler a resposta do `PUT`). Uma URL absoluta só vale na origem deste servidor. A resposta traz sempre o `objectPath`, que serve a imagem. Recusa (400) URLs de outra origem, caminhos inventados, uploads não concluídos ou recusados (não imagem, grande demais).",
    access: "admin",
    body: avatarSchema,
    success: { status: 200, description: "O usuário com o novo avatarUrl", schema: userDto },
  },
});

/**
 * PUT /api/users/{id}/avatar { avatarUrl } → the user with its avatarUrl.
 * `avatarUrl` is the uploaded object's path or the uploadURL itself (relative, or
 * absolute on this server's own origin); the user gets the object's path.
 */
export const action = apiWrites({
  PUT: ({ actor, params, body, request }) => setUserAvatar(actor, params.id, body, { origin: new URL(request.url).origin }),
});
