import { writeFile } from "node:fs/promises";
import { CONTRACT_TYPES_FILE, contractTypesSource } from "../tests/contract/generate";

// Regenerates the typed-client contract of the JSON API from the OpenAPI document.
await writeFile(CONTRACT_TYPES_FILE, await contractTypesSource());
console.log(`wrote ${CONTRACT_TYPES_FILE}`);
