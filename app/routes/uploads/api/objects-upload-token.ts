import type { Route } from "./+types/objects-upload-token";
import { receiveUpload } from "~/domain/storage/uploads.server";
import { assertSameOrigin, byMethod, errorResponse, json } from "~/server/api.server";

import { uploadedObjectDto } from "~/domain/storage/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  PUT: {
    operationId: "uploadObject",
    tag: "Usuários",
    summary: "Envia o arquivo para a URL assinada",
    description:
      "Passo 2 do avatar: o arquivo como corpo cru (sem multipart), até 5242880 bytes. O tipo é decidido pelos bytes (PNG, JPEG, WebP ou GIF). Não precisa de cookie: a URL assinada é a permissão.",
    access: "upload-token",
    rawBody: { mediaTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"], description: "Os bytes da imagem" },
    success: { status: 200, description: "Arquivo guardado", schema: uploadedObjectDto },
    errors: {
      400: "Arquivo vazio",
      403: "Link de upload inválido, ou requisição de outra origem",
      409: "Este link de upload já foi utilizado",
      410: "A solicitação de upload expirou",
    },
  },
});

/**
 * PUT /api/objects/upload/{token}: the file as the raw body (no multipart).
 * The signed token is the permission, as with a presigned bucket URL; the bytes
 * decide the type (415 otherwise) and the size is capped while reading (413).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return byMethod(request, {
    PUT: async () => {
      try {
        assertSameOrigin(request);
        const length = request.headers.get("Content-Length");
        const declared = length !== null && /^\d+$/.test(length) ? Number(length) : null;
        return json(await receiveUpload(params.token, request.body, declared));
      } catch (error) {
        return errorResponse(error);
      }
    },
  });
}
