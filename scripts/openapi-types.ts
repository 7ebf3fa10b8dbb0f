import path from "node:path";
import { CONTRACT_TYPES_FILE, writeContractTypes } from "../tests/contract/generate";
import { documentFromSources } from "../tests/contract/document";

// Generates the typed-client contract of the JSON API from the OpenAPI document
// (built from app/routes.ts and the route modules' `openapi` declarations).
await writeContractTypes(await documentFromSources());
console.log(`wrote ${path.relative(process.cwd(), CONTRACT_TYPES_FILE)}`);
