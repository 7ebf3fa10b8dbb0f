import type { Route } from "./+types/objects-upload";
import { issueUploadUrl } from "~/domain/storage/uploads.server";
import { api, byMethod } from "~/server/api.server";

import { uploadUrlDto } from "~/domain/storage/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "requestUploadUrl",
    tag: "Usuários",
    summary: "Pede uma URL de upload",
    description: "Passo 1 do avatar: devolve uma URL assinada, de uso único, para o `PUT` do arquivo.",
    access: "admin",
    success: { status: 200, description: "A URL de upload", schema: uploadUrlDto },
  },
});

/** POST /api/objects/upload → { uploadURL }: a signed, single-use URL valid for 15 minutes. */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor }) => issueUploadUrl(actor)),
  });
}
