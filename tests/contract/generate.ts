import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import type { OpenApiDocument } from "~/openapi/document";

/**
 * The typed client's types (openapi-typescript) are generated, never committed:
 * `npm run typecheck` writes them from the sources (scripts/openapi-types.ts)
 * before tsc checks the contract scenario against them, and the contract test
 * checks that they are the types of the document the server answers.
 */
export const CONTRACT_TYPES_FILE = path.resolve(import.meta.dirname, "../../.tmp/contract/schema.d.ts");

const HEADER = `/**
 * Types of the JSON API, generated from its OpenAPI document by
 * scripts/openapi-types.ts (openapi-typescript). Not committed: \`npm run typecheck\`
 * regenerates this file before checking the types.
 */

`;

/** The TypeScript source openapi-typescript makes of a document. */
export async function contractTypesSource(doc: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(doc as unknown as OpenAPI3, { alphabetize: false });
  return HEADER + astToString(ast);
}

export async function writeContractTypes(doc: OpenApiDocument, file = CONTRACT_TYPES_FILE): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await contractTypesSource(doc));
}
