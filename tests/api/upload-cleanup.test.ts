import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import type { Sequelize } from "sequelize";
import { openDatabase } from "../../db/connection";
import { ApiClient, uniqueEmail } from "../support/http";
import { startServer, type RunningServer } from "../support/server";
import { createTestDatabase } from "../support/test-db";

/**
 * `cleanupUnusedUploads(olderThan)` (app/domain/users/avatars.server.ts), the
 * function a periodic job calls. It runs here, in the test process, against the
 * database (and directory) of a server of its own; what it removed is then
 * checked through that server.
 */

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

type Cleanup = (olderThan: Date, now?: Date) => Promise<{ uploads: number; objects: number }>;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

/** A server of its own (fresh database, own UPLOAD_DIR) and the cleanup function bound to the same storage. */
async function setup(storageEnv: Record<string, string>) {
  const database = await createTestDatabase(inject("dialect"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-cleanup-test-"));
  const env = { UPLOAD_DIR: dir, ...storageEnv };
  const server: RunningServer = await startServer(database.url, env);
  const sequelize: Sequelize = openDatabase(database.url);
  // The app's modules read their configuration once: load a fresh copy for this environment.
  Object.assign(process.env, { DATABASE_URL: database.url, UPLOAD_STORAGE: "database", ...env });
  vi.resetModules();
  const uploads = await import("~/domain/users/avatars.server");
  const dbModule = await import("~/platform/db.server");
  // Bind the models to this database once, as the server's start does.
  await dbModule.db();
  cleanups.push(async () => {
    await dbModule.closeDb();
    await sequelize.close();
    await server.stop();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const admin = new ApiClient(server.baseUrl);
  const res = await admin.post("/api/register", {
    name: "Admin",
    email: uniqueEmail("admin"),
    password: "segredo123",
    userType: "Administrator",
  });
  expect(res.status).toBe(201);
  admin.user = res.body;

  async function upload(): Promise<{ uploadURL: string; objectPath: string }> {
    const { uploadURL } = (await admin.post("/api/objects/upload")).body;
    const put = await fetch(server.baseUrl + uploadURL, { method: "PUT", body: new Uint8Array(PNG) });
    expect(put.status).toBe(200);
    return { uploadURL, objectPath: (await put.json()).objectPath };
  }
  const status = async (objectPath: string) => (await admin.raw("GET", objectPath)).status;
  const count = async (sql: string) => Number(((await sequelize.query(sql))[0] as Array<{ n: number | string }>)[0].n);
  return { admin, dir, sequelize, upload, status, count, cleanup: uploads.cleanupUnusedUploads as Cleanup };
}

/**
 * Five upload links of one administrator: `kept` is the avatar (set through its
 * uploadURL), `replaced` was the avatar before it, `unused` was uploaded and
 * never used, `neverSent` was issued and never PUT, `refused` got an SVG (415).
 * Then, after the cutoff, `recent` is uploaded and not used.
 */
async function scenario(t: Awaited<ReturnType<typeof setup>>, orphans: { make: () => Promise<void>; left: () => Promise<number> }) {
  const { admin, upload, status, cleanup } = t;
  const user = admin.user!.id;
  const kept = await upload();
  const replaced = await upload();
  const unused = await upload();
  const neverSent = (await admin.post("/api/objects/upload")).body.uploadURL as string;
  const refused = (await admin.post("/api/objects/upload")).body.uploadURL as string;
  expect((await fetch(admin.baseUrl + refused, { method: "PUT", body: "<svg/>" })).status).toBe(415);
  expect((await admin.put(`/api/users/${user}/avatar`, { avatarUrl: replaced.objectPath })).status).toBe(200);
  expect((await admin.put(`/api/users/${user}/avatar`, { avatarUrl: kept.uploadURL })).status).toBe(200);
  await orphans.make();

  await new Promise((r) => setTimeout(r, 50));
  const cutoff = new Date();
  await new Promise((r) => setTimeout(r, 50));
  const recent = await upload();
  expect(await t.count("SELECT COUNT(*) AS n FROM uploads")).toBe(6);

  // Now: the completed, unreferenced uploads go with their bytes; links still valid stay.
  const first = await cleanup(cutoff);
  expect(first.uploads).toBe(2);
  expect(await status(replaced.objectPath)).toBe(404);
  expect(await status(unused.objectPath)).toBe(404);
  expect(await orphans.left()).toBe(0);
  expect(await t.count("SELECT COUNT(*) AS n FROM uploads")).toBe(4);

  // Sixteen minutes later the never-sent and refused links have expired too.
  const second = await cleanup(cutoff, new Date(Date.now() + 16 * 60_000));
  expect(second.uploads).toBe(2);
  expect(await t.count("SELECT COUNT(*) AS n FROM uploads")).toBe(2);

  // The avatar and the recent upload are untouched.
  expect(await status(kept.objectPath)).toBe(200);
  expect(await status(recent.objectPath)).toBe(200);
  expect((await admin.get(`/api/users/${user}`)).body.avatarUrl).toBe(kept.objectPath);
  // A deleted upload can no longer become an avatar; the recent one still can.
  for (const avatarUrl of [unused.uploadURL, unused.objectPath, neverSent]) {
    expect((await admin.put(`/api/users/${user}/avatar`, { avatarUrl })).status, avatarUrl).toBe(400);
  }
  expect((await admin.put(`/api/users/${user}/avatar`, { avatarUrl: recent.uploadURL })).status).toBe(200);
}

// Each test starts its own server: allow for a busy machine.
describe("cleanupUnusedUploads", { timeout: 120_000 }, () => {
  it("database storage: deletes unused, replaced and expired upload records with their bytes, and orphan objects; keeps avatars, recent uploads and live links", async () => {
    const t = await setup({ UPLOAD_STORAGE: "database" });
    const orphan = randomUUID();
    await scenario(t, {
      // An upload cut off by a crash: an incomplete object that no upload record names.
      make: async () => {
        const old = "2020-01-01 00:00:00.000 +00:00";
        await t.sequelize.query(
          `INSERT INTO stored_objects (id, "contentType", size, complete, "createdAt", "updatedAt") VALUES (:id, 'image/png', 0, false, :old, :old)`,
          { replacements: { id: orphan, old } },
        );
        await t.sequelize.query(`INSERT INTO stored_object_chunks ("objectId", seq, data) VALUES (:id, 0, :data)`, {
          replacements: { id: orphan, data: Buffer.from("partial") },
        });
      },
      left: () => t.count(`SELECT COUNT(*) AS n FROM stored_objects WHERE id = '${orphan}'`),
    });
    // Only the two kept objects remain, with their chunks.
    expect(await t.count("SELECT COUNT(*) AS n FROM stored_objects")).toBe(2);
    expect(await t.count("SELECT COUNT(*) AS n FROM stored_object_chunks")).toBe(2);
  });

  it("disk storage: the same, with the files in UPLOAD_DIR", async () => {
    const t = await setup({ UPLOAD_STORAGE: "disk" });
    const orphan = randomUUID();
    await scenario(t, {
      make: async () => {
        const old = new Date("2020-01-01T00:00:00Z");
        for (const name of [orphan, `${orphan}.json`, `${randomUUID()}.12345.part`]) {
          fs.writeFileSync(path.join(t.dir, name), "x");
          fs.utimesSync(path.join(t.dir, name), old, old);
        }
      },
      left: async () => fs.readdirSync(t.dir).filter((n) => n.startsWith(orphan) || n.endsWith(".part")).length,
    });
    expect(fs.readdirSync(t.dir).length).toBe(4); // two objects, each with its .json
  });
});
