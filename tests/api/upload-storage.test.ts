import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Sequelize } from "sequelize";
import { openDatabase } from "../../db/connection";
import { ApiClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { createTestDatabase } from "../support/test-db";

/**
 * Several app servers on one database (UPLOAD_STORAGE=database, the default):
 * a file uploaded through one is served by the other. Each test starts its own
 * servers on a fresh database of the run's kind (API_TEST_DB).
 */

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A PNG header followed by `size` bytes of a pattern, so that every chunk differs. */
function bigPng(size: number): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) buf.writeUInt32BE(i, i);
  PNG.copy(buf);
  return buf;
}

async function registerAdmin(baseUrl: string): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const res = await client.post("/api/register", {
    name: "Admin",
    email: uniqueEmail("admin"),
    password: "segredo123",
    userType: "Administrator",
  });
  expect(res.status).toBe(201);
  client.user = res.body;
  return client;
}

/** The same session on another server (sessions live in the database). */
function sameSessionOn(client: ApiClient, baseUrl: string): ApiClient {
  const other = new ApiClient(baseUrl);
  other.cookies = new Map(client.cookies);
  other.user = client.user;
  return other;
}

/**
 * Upload URL, raw PUT, then the avatar call: with the object's path the PUT
 * answered, or (as the §7 client does it) with the uploadURL itself.
 */
async function uploadAvatar(on: ApiClient, bytes: Buffer, avatarFrom: "objectPath" | "uploadURL" = "objectPath"): Promise<string> {
  const { uploadURL } = (await on.post("/api/objects/upload")).body;
  const put = await fetch(on.baseUrl + uploadURL, { method: "PUT", body: new Uint8Array(bytes), headers: { "Content-Type": "image/png" } });
  expect(put.status).toBe(200);
  const { objectPath } = await put.json();
  const res = await on.put(`/api/users/${on.user!.id}/avatar`, { avatarUrl: avatarFrom === "uploadURL" ? uploadURL : objectPath });
  expect(res.status).toBe(200);
  expect(res.body.avatarUrl).toBe(objectPath);
  return objectPath;
}

async function rows(sequelize: Sequelize, sql: string): Promise<number> {
  const [result] = await sequelize.query(sql);
  return Number((result as Array<{ n: number | string }>)[0].n);
}

// Each test starts its own servers: allow for a busy machine.
describe("uploaded objects with two app servers on one database", { timeout: 120_000 }, () => {
  let database: { url: string; drop: () => Promise<void> };
  let sequelize: Sequelize;
  const servers: RunningServer[] = [];
  const dirs: string[] = [];

  function tempDir() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-uploads-test-"));
    dirs.push(dir);
    return dir;
  }

  async function start(extraEnv: Record<string, string>) {
    const server = await startServer(database.url, extraEnv);
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    database = await createTestDatabase(inject("dialect"));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await sequelize?.close();
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("database storage (default): uploaded through one server, served by the other, whole and with its headers", async () => {
    const dirA = tempDir();
    const dirB = tempDir();
    const a = await start({ UPLOAD_DIR: dirA });
    const b = await start({ UPLOAD_DIR: dirB });
    const onA = await registerAdmin(a.baseUrl);
    const onB = sameSessionOn(onA, b.baseUrl);

    for (const bytes of [PNG, bigPng(5_242_880), bigPng(700_001)]) {
      const avatarUrl = await uploadAvatar(onA, bytes);
      expect((await onB.get(`/api/users/${onA.user!.id}`)).body.avatarUrl).toBe(avatarUrl);
      for (const on of [onB, onA]) {
        const file = await on.raw("GET", avatarUrl);
        expect(file.status).toBe(200);
        expect(file.headers.get("Content-Type")).toBe("image/png");
        expect(file.headers.get("Content-Length")).toBe(String(bytes.length));
        expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(file.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
        expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      }
    }
    // The other direction: uploaded through B, served by A.
    const fromB = await uploadAvatar(onB, PNG, "uploadURL");
    expect((await onA.raw("GET", fromB)).status).toBe(200);

    // The bytes are in the database, in chunks; nothing was written to either directory.
    sequelize = openDatabase(database.url);
    expect(await rows(sequelize, 'SELECT COUNT(*) AS n FROM stored_objects WHERE "complete" = true')).toBe(4);
    expect(await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_object_chunks")).toBe(1 + 20 + 3 + 1);
    expect(fs.readdirSync(dirA)).toEqual([]);
    expect(fs.readdirSync(dirB)).toEqual([]);
  });

  it("a refused upload (too large while streaming, not an image) leaves no object rows", async () => {
    const a = await start({ UPLOAD_DIR: tempDir() });
    const admin = await registerAdmin(a.baseUrl);
    sequelize ??= openDatabase(database.url);
    const before = await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_objects");
    const chunksBefore = await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_object_chunks");

    // Chunked (no Content-Length): the cap applies while the rows are being written.
    const big = bigPng(5_242_880 + 300_000);
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= big.length) return controller.close();
        controller.enqueue(big.subarray(offset, offset + 64 * 1024));
        offset += 64 * 1024;
      },
    });
    const { uploadURL } = (await admin.post("/api/objects/upload")).body;
    const res = await fetch(a.baseUrl + uploadURL, { method: "PUT", body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    const second = (await admin.post("/api/objects/upload")).body.uploadURL;
    expect((await fetch(a.baseUrl + second, { method: "PUT", body: "<svg/>" })).status).toBe(415);

    expect(await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_objects")).toBe(before);
    expect(await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_object_chunks")).toBe(chunksBefore);
  });

  it("database storage still serves a file stored in UPLOAD_DIR before the upgrade (and nothing outside it)", async () => {
    const dir = tempDir();
    const id = "4f0c7a52-6b1e-4c3a-9d2e-8a1b2c3d4e5f";
    fs.writeFileSync(path.join(dir, id), PNG);
    fs.writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ contentType: "image/png", size: PNG.length }));
    const a = await start({ UPLOAD_DIR: dir });
    const admin = await registerAdmin(a.baseUrl);
    const file = await admin.raw("GET", `/uploads/${id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await admin.raw("GET", "/uploads/4f0c7a52-6b1e-4c3a-9d2e-8a1b2c3d4e50")).status).toBe(404);
    expect((await admin.raw("GET", `/uploads/${id}.json`)).status).toBe(404);
  });

  it("disk storage (UPLOAD_STORAGE=disk): the file is in UPLOAD_DIR, not in the database; another directory does not have it", async () => {
    const dirA = tempDir();
    const a = await start({ UPLOAD_STORAGE: "disk", UPLOAD_DIR: dirA });
    const b = await start({ UPLOAD_STORAGE: "disk", UPLOAD_DIR: tempDir() });
    const onA = await registerAdmin(a.baseUrl);
    sequelize ??= openDatabase(database.url);
    const before = await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_objects");

    const avatarUrl = await uploadAvatar(onA, PNG);
    const id = avatarUrl.split("/").pop()!;
    expect(fs.readdirSync(dirA).sort()).toEqual([id, `${id}.json`]);
    expect(fs.readFileSync(path.join(dirA, id)).equals(PNG)).toBe(true);
    expect(await rows(sequelize, "SELECT COUNT(*) AS n FROM stored_objects")).toBe(before);

    const file = await onA.raw("GET", avatarUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("Content-Length")).toBe(String(PNG.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // The documented limit of disk storage: a server with another directory does not have it.
    expect((await sameSessionOn(onA, b.baseUrl).raw("GET", avatarUrl)).status).toBe(404);
  });
});
