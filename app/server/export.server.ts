import type { FamilyExport } from "~/domain/family/lgpd/queries.server";
import { JSON_TYPE, type Answer } from "./answer.server";

/**
 * A JSON file to download ('Baixar meus dados'), pulled as the client reads:
 * each call takes the next chunk of the file's text, so a large family is
 * never one string in memory. A failure after the first chunk leaves a cut
 * (invalid) file, never a wrong one.
 */
export function familyExportAnswer(file: FamilyExport): Answer {
  const iterator = file.chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return {
    status: 200,
    headers: {
      "Content-Type": JSON_TYPE,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
    body: null,
    async pull() {
      const next = await iterator.next();
      return next.done ? null : encoder.encode(next.value);
    },
  };
}
