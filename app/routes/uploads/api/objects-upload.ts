import { issueUploadUrl } from "~/domain/storage/uploads.server";
import { apiWrites } from "~/server/api.server";

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
export const action = apiWrites({ POST: ({ actor }) => issueUploadUrl(actor) });
