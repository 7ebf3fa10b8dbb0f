import { selectRows } from "~/platform/db.server";

/** The reads of stored objects (./storage.server.ts streams an object from these, one chunk at a time). */

/** A completely written object's type and size; undefined when there is none. */
export async function completeObjectHead(id: string): Promise<{ contentType: string; size: number | string } | undefined> {
  const [head] = await selectRows<{ contentType: string; size: number | string }>(
    'SELECT "contentType", "size" FROM stored_objects WHERE "id" = :id AND "complete" = :complete',
    { id, complete: true },
  );
  return head;
}

/** One chunk of an object's data, by its sequence number; undefined past the last. */
export async function objectChunk(id: string, seq: number): Promise<{ data: Buffer } | undefined> {
  const [row] = await selectRows<{ data: Buffer }>('SELECT "data" FROM stored_object_chunks WHERE "objectId" = :id AND "seq" = :seq', {
    id,
    seq,
  });
  return row;
}
