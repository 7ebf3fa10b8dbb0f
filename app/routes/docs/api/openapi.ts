import { json } from "~/lib/api.server";
import { openApiDocument } from "~/openapi/document";

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint (public, like /api-docs). */
export function loader() {
  return json(openApiDocument());
}
