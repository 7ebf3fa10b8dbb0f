import { createUser } from "~/domain/users/service.server";
import { listUsersPage, userList } from "~/domain/users/queries.server";
import { apiList, apiWrites, created } from "~/server/api.server";
import { jsonAnswer } from "~/server/answer.server";
import { assertOnePagingStyle } from "~/server/list-response.server";

import { z } from "zod";
import { userCreateSchema, userDto } from "~/domain/users/schema";
import { createOperation, listOperation, operations, TOTAL_COUNT_HEADER } from "~/openapi/operation";

export const openapi = operations({
  GET: listOperation(
    { tag: "Usuários", name: "Users", plural: "usuários", dto: userDto },
    {
      description: "Todos os usuários; com `page`, uma página e o total em `X-Total-Count`.",
      client: "self-list",
      query: [
        { name: "q", description: "Busca em nome e e-mail", schema: z.string() },
        { name: "page", description: "Página (a partir de 1)", schema: z.int().min(1) },
        { name: "pageSize", description: "Tamanho da página (até 200; padrão 50)", schema: z.int().min(1).max(200) },
      ],
      headers: TOTAL_COUNT_HEADER,
    },
  ),
  POST: createOperation(
    { tag: "Usuários", name: "User", noun: "um usuário", dto: userDto },
    { body: userCreateSchema, conflict: "E-mail já cadastrado" },
  ),
});

/**
 * GET /api/users: every user (SPEC §7). `?q=` searches name and e-mail;
 * `?page=` (and `pageSize`, at most 200) returns one page, with the total in X-Total-Count;
 * or `?limit=` and `?cursor=` page by cursor (next page in `Link`).
 */
export const loader = apiList(async ({ actor, search }) => {
  const q = search.get("q") ?? undefined;
  assertOnePagingStyle(search);
  if (!search.has("page")) return userList(actor, { q });
  const result = await listUsersPage(actor, {
    q,
    page: Number(search.get("page")) || 1,
    pageSize: Number(search.get("pageSize")) || undefined,
  });
  return jsonAnswer(result.users, 200, { "X-Total-Count": String(result.total) });
});

/** POST /api/users { name, email, password, userType, cpf? } → 201 */
export const action = apiWrites({ POST: created(({ actor, body }) => createUser(actor, body)) });
