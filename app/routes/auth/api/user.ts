import { apiRead } from "~/server/api.server";

import { userDto } from "~/domain/users/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getCurrentUser",
    tag: "Autenticação",
    summary: "Usuário da sessão",
    description: "401 significa que não há usuário conectado.",
    access: "signed-in",
    success: { status: 200, description: "O usuário conectado", schema: userDto },
  },
});

/** GET /api/user: the signed-in user; 401 when signed out. */
export const loader = apiRead(async ({ user }) => user);
