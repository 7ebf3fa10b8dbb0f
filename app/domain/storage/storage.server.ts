import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Op } from "sequelize";
import { StoredObject, StoredObjectChunk } from "#db/models.ts";
import { completeObjectHead, objectChunk } from "./queries.server";
import { env } from "~/platform/env.server";

/**
 * Where uploaded files live (UPLOAD_STORAGE): in the database by default, so
 * that every app server sharing the database serves every file; or in a local
 * directory (UPLOAD_DIR), for a single server. An S3-compatible bucket would
 * implement the same interface.
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
  /** Metadata and a byte stream, or null when there is no such (complete) object. */
  get(id: string): Promise<(StoredObjectInfo & { body: ReadableStream<Uint8Array> }) | null>;
  /** Removes the object, complete or not; no error when it does not exist. */
  delete(id: string): Promise<void>;
  /** Ids of the objects (complete or not) written before `date`, for the cleanup sweep. */
  idsOlderThan(date: Date): Promise<string[]>;
}

// Object ids are server-generated uuids; checking them again keeps any other
// string from becoming a path on disk or a query value.
const ID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.json|\.\d+\.part)?$/;

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
    // An upload cut off by a crash leaves its temporary file.
    const prefix = `${path.basename(data)}.`;
    for (const name of await this.names()) {
      if (name.startsWith(prefix) && name.endsWith(".part")) await fsp.rm(path.join(this.dir, name), { force: true });
    }
  }

  private async names(): Promise<string[]> {
    try {
      return await fsp.readdir(this.dir);
    } catch {
      return [];
    }
  }

  async idsOlderThan(date: Date): Promise<string[]> {
    const ids = new Set<string>();
    for (const name of await this.names()) {
      const match = FILE_RE.exec(name);
      if (!match) continue;
      const stat = await fsp.stat(path.join(this.dir, name)).catch(() => null);
      if (stat && stat.mtime < date) ids.add(match[1]);
    }
    return [...ids];
  }
}

/** Bytes per chunk row: what a write or a read holds in memory at most. */
export const DB_CHUNK_BYTES = 256 * 1024;

/**
 * Objects in the database (0006-stored-objects): a header row, written first as
 * incomplete, then the bytes in chunk rows of DB_CHUNK_BYTES as they arrive
 * (no transaction is held open while a slow client sends), then the header is
 * marked complete. Reads fetch one chunk per pull, so a download holds one
 * chunk at a time. `legacyDir` keeps serving (and deleting) files stored on disk
 * before the database became the default.
 */
export class DatabaseStorage implements ObjectStorage {
  private readonly legacy: LocalDiskStorage | null;

  constructor(legacyDir?: string) {
    this.legacy = legacyDir ? new LocalDiskStorage(legacyDir) : null;
  }

  async put(id: string, contentType: string, source: AsyncIterable<Uint8Array>): Promise<StoredObjectInfo> {
    if (!ID_RE.test(id)) throw new Error("invalid object id");
    id = id.toLowerCase();
    await StoredObject.create({ id, contentType, size: 0, complete: false });
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingSize = 0;
    const flush = async () => {
      if (pendingSize === 0) return;
      const data = Buffer.concat(pending, pendingSize);
      pending = [];
      pendingSize = 0;
      await StoredObjectChunk.create({ objectId: id, seq: seq++, data });
    };
    try {
      for await (const chunk of source) {
        let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        size += rest.byteLength;
        while (rest.byteLength > 0) {
          const take = Math.min(DB_CHUNK_BYTES - pendingSize, rest.byteLength);
          pending.push(rest.subarray(0, take));
          pendingSize += take;
          rest = rest.subarray(take);
          if (pendingSize === DB_CHUNK_BYTES) await flush();
        }
      }
      await flush();
      await StoredObject.update({ size, complete: true }, { where: { id } });
      return { contentType, size };
    } catch (error) {
      await this.deleteRows(id).catch(() => {});
      throw error;
    }
  }

  async get(id: string) {
    if (!ID_RE.test(id)) return null;
    id = id.toLowerCase();
    const head = await completeObjectHead(id);
    if (!head) return this.legacy ? this.legacy.get(id) : null;
    let seq = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const row = await objectChunk(id, seq);
          if (!row) return controller.close();
          seq += 1;
          controller.enqueue(new Uint8Array(row.data.buffer, row.data.byteOffset, row.data.byteLength));
        },
      },
      { highWaterMark: 0 },
    );
    return { contentType: head.contentType, size: Number(head.size), body };
  }

  private async deleteRows(id: string) {
    await StoredObjectChunk.destroy({ where: { objectId: id } });
    await StoredObject.destroy({ where: { id } });
  }

  async delete(id: string) {
    if (!ID_RE.test(id)) throw new Error("invalid object id");
    await this.deleteRows(id.toLowerCase());
    await this.legacy?.delete(id);
  }

  async idsOlderThan(date: Date): Promise<string[]> {
    const rows = await StoredObject.findAll({ where: { createdAt: { [Op.lt]: date } }, attributes: ["id"], raw: true });
    const ids = rows.map((r) => r.id);
    return this.legacy ? [...new Set([...ids, ...(await this.legacy.idsOlderThan(date))])] : ids;
  }
}

let instance: ObjectStorage | null = null;

export function storage(): ObjectStorage {
  if (!instance) {
    const dir = path.resolve(env().UPLOAD_DIR);
    instance = env().UPLOAD_STORAGE === "disk" ? new LocalDiskStorage(dir) : new DatabaseStorage(dir);
  }
  return instance;
}
