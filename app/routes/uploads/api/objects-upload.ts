import type { Route } from "./+types/objects-upload";
import { issueUploadUrl } from "~/domain/storage/uploads.server";
import { api, byMethod, json } from "~/lib/api.server";

/** POST /api/objects/upload → { uploadURL }: a signed, single-use URL valid for 15 minutes. */
export async function action({ request, context }: Route.ActionArgs) {
  return byMethod(request, {
    POST: () => api({ request, context }, ({ actor }) => issueUploadUrl(actor)),
  });
}

/** Only POST exists here. */
export function loader() {
  return json({ message: "Método não permitido" }, 405, { Allow: "POST" });
}
