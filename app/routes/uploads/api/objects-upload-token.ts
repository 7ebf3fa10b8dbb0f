import type { Route } from "./+types/objects-upload-token";
import { receiveUpload } from "~/domain/storage/uploads.server";
import { assertSameOrigin, byMethod, errorResponse, json } from "~/lib/api.server";

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

/** Only PUT exists here. */
export function loader() {
  return json({ message: "Método não permitido" }, 405, { Allow: "PUT" });
}
