import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { buildOpenApiDocument } from "~/openapi/document";

export const CONTRACT_TYPES_FILE = "tests/contract/schema.d.ts";

const HEADER = `/**
 * Types of the JSON API, generated from GET /api/openapi.json by
 * scripts/openapi-types.ts (openapi-typescript). Do not edit: regenerate with
 * \`npx tsx scripts/openapi-types.ts\`. The contract test fails when this file
 * no longer matches the document.
 */

`;

/** The TypeScript source openapi-typescript makes of the current document. */
export async function contractTypesSource(): Promise<string> {
  const ast = await openapiTS(buildOpenApiDocument() as unknown as OpenAPI3, { alphabetize: false });
  return HEADER + astToString(ast);
}
