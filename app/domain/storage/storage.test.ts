import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./storage.server";

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function* chunks(parts: Uint8Array[], failAfter?: number) {
  for (const [i, part] of parts.entries()) {
    if (failAfter === i) throw new Error("too large");
    yield part;
  }
}

describe("LocalDiskStorage", () => {
  it("stores an object whole and reads it back with its type", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
    const store = new LocalDiskStorage(dir);
    const id = randomUUID();
    const info = await store.put(id, "image/png", chunks([new Uint8Array([1, 2]), new Uint8Array([3])]));
    expect(info).toEqual({ contentType: "image/png", size: 3 });
    const got = await store.get(id);
    expect(got?.contentType).toBe("image/png");
    expect(new Uint8Array(await new Response(got!.body).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
  });

  it("leaves nothing on disk when the source fails midway", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
    const store = new LocalDiskStorage(dir);
    const id = randomUUID();
    await expect(store.put(id, "image/png", chunks([new Uint8Array(10), new Uint8Array(10)], 1))).rejects.toThrow("too large");
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await store.get(id)).toBeNull();
  });

  it("never turns a non-uuid id into a path", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
    const store = new LocalDiskStorage(dir);
    expect(await store.get("../../etc/passwd")).toBeNull();
    await expect(store.put("../x", "image/png", chunks([]))).rejects.toThrow();
  });
});
