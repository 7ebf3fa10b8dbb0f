import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "~/env.server";

/**
 * Where uploaded files live. Local disk (UPLOAD_DIR) by default; an
 * S3-compatible bucket would implement the same interface when several app
 * servers need to share files.
 */
export interface StoredObjectInfo {
  contentType: string;
  size: number;
}

export interface ObjectStorage {
  /**
   * Stores the bytes under `id`. The object only becomes visible when the whole
   * source was consumed; if the source throws, nothing is left behind.
   */
  put(id: string, contentType: string, source: AsyncIterable<Uint8Array>): Promise<StoredObjectInfo>;
  /** Metadata and a byte stream, or null when there is no such object. */
  get(id: string): Promise<(StoredObjectInfo & { body: ReadableStream<Uint8Array> }) | null>;
  delete(id: string): Promise<void>;
}

// Object ids are server-generated uuids; checking them again keeps any other
// string from becoming a path on disk.
const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class LocalDiskStorage implements ObjectStorage {
  constructor(private readonly dir: string) {}

  private paths(id: string) {
    if (!ID_RE.test(id)) throw new Error("invalid object id");
    const base = path.join(this.dir, id.toLowerCase());
    return { data: base, meta: `${base}.json` };
  }

  async put(id: string, contentType: string, source: AsyncIterable<Uint8Array>): Promise<StoredObjectInfo> {
    const { data, meta } = this.paths(id);
    await fsp.mkdir(this.dir, { recursive: true });
    const temp = `${data}.${process.pid}.part`;
    const file = await fsp.open(temp, "wx");
    let size = 0;
    try {
      for await (const chunk of source) {
        await file.write(chunk);
        size += chunk.byteLength;
      }
      await file.close();
      await fsp.writeFile(meta, JSON.stringify({ contentType, size }));
      // The rename makes the object appear whole or not at all.
      await fsp.rename(temp, data);
      return { contentType, size };
    } catch (error) {
      await file.close().catch(() => {});
      await fsp.rm(temp, { force: true });
      await fsp.rm(meta, { force: true });
      throw error;
    }
  }

  async get(id: string) {
    let paths: { data: string; meta: string };
    try {
      paths = this.paths(id);
    } catch {
      return null;
    }
    try {
      const info = JSON.parse(await fsp.readFile(paths.meta, "utf8")) as StoredObjectInfo;
      const stat = await fsp.stat(paths.data);
      const stream = Readable.toWeb(fs.createReadStream(paths.data)) as ReadableStream<Uint8Array>;
      return { contentType: info.contentType, size: stat.size, body: stream };
    } catch {
      return null;
    }
  }

  async delete(id: string) {
    const { data, meta } = this.paths(id);
    await fsp.rm(data, { force: true });
    await fsp.rm(meta, { force: true });
  }
}

let instance: ObjectStorage | null = null;

export function storage(): ObjectStorage {
  instance ??= new LocalDiskStorage(path.resolve(env().UPLOAD_DIR));
  return instance;
}
