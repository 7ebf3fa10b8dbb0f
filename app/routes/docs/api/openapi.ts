import { json } from "~/server/api.server";
import { openApiDocument } from "~/openapi/document.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getOpenApiDocument",
    tag: "Documentação",
    summary: "Este documento OpenAPI 3.1",
    description: "Gerado dos mesmos schemas zod que os endpoints usam para validar. A versão legível está em /api-docs.",
    access: "public",
    success: { status: 200, description: "O documento OpenAPI" },
  },
});

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api endpoint (public, like /api-docs). */
export async function loader() {
  return json(await openApiDocument());
}
