import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { ApiClient, signIn } from "../support/http";
import { afterSessionSignal, count, testDb } from "../support/db";
import { startServer } from "../support/server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The stored form of an instant on both databases (as the models write it on SQLite). */
const ts = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", " +00:00");

async function sessionRows(userId: string) {
  const [rows] = await testDb().query(`SELECT "id", "expiresAt", "remember" FROM "sessions" WHERE "userId" = :userId`, {
    replacements: { userId },
  });
  return (rows as Array<{ id: string; expiresAt: string | Date }>).map((r) => ({ id: r.id, expiresAt: new Date(r.expiresAt).getTime() }));
}

async function setExpiry(userId: string, expiresAt: number) {
  await testDb().query(`UPDATE "sessions" SET "expiresAt" = :at WHERE "userId" = :userId`, { replacements: { at: ts(expiresAt), userId } });
  await afterSessionSignal();
}

/** A second, independent sign-in of the same user (another device). */
async function signInAgain(email: string, remember = false) {
  const client = new ApiClient();
  const res = await client.post("/api/login", { email, password: "segredo123", remember });
  expect(res.status).toBe(200);
  client.user = res.body;
  return client;
}

const sessionCookie = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith("__session="));

describe("sessions end when the user changes", () => {
  it("an administrator changing a user's password ends all of that user's sessions", async () => {
    const admin = await signIn("Administrator");
    const user = await signIn("Team");
    const phone = await signInAgain(user.user!.email);
    const res = await admin.patch(`/api/users/${user.user!.id}`, { password: "nova-senha-1" });
    expect(res.status).toBe(200);
    expect((await user.get("/api/user")).status).toBe(401);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect(await count("sessions", `"userId" = :id`, { id: user.user!.id })).toBe(0);
    expect((await admin.get("/api/user")).status).toBe(200);
  });

  it("changing the type ends them too; changing only the name does not", async () => {
    const admin = await signIn("Administrator");
    const user = await signIn("Client");
    expect((await admin.patch(`/api/users/${user.user!.id}`, { name: "Outro Nome" })).status).toBe(200);
    expect((await user.get("/api/user")).status).toBe(200);
    expect((await admin.patch(`/api/users/${user.user!.id}`, { userType: "Client" })).status).toBe(200);
    expect((await user.get("/api/user")).status).toBe(200);
    expect((await admin.patch(`/api/users/${user.user!.id}`, { userType: "Team" })).status).toBe(200);
    expect((await user.get("/api/user")).status).toBe(401);
  });

  it("changing one's own password keeps the current session and ends the others (JSON API)", async () => {
    const admin = await signIn("Administrator");
    const laptop = await signInAgain(admin.user!.email, true);
    const res = await admin.patch(`/api/users/${admin.user!.id}`, { password: "nova-senha-2" });
    expect(res.status).toBe(200);
    expect((await admin.get("/api/user")).status).toBe(200);
    expect((await laptop.get("/api/user")).status).toBe(401);
    expect(await count("sessions", `"userId" = :id`, { id: admin.user!.id })).toBe(1);
  });

  it("changing one's own password in the edit form keeps the current session and ends the others", async () => {
    const admin = await signIn("Administrator", "Ana Admin");
    const other = await signInAgain(admin.user!.email);
    const res = await admin.form(`/users/${admin.user!.id}/edit`, {
      name: "Ana Admin",
      email: admin.user!.email,
      userType: "Administrator",
      password: "nova-senha-3",
    });
    expect(res.status).toBe(302);
    expect((await admin.get("/api/user")).status).toBe(200);
    expect((await other.get("/api/user")).status).toBe(401);
  });

  it("deleting a user ends every session of theirs", async () => {
    const admin = await signIn("Administrator");
    const user = await signIn("Team");
    const phone = await signInAgain(user.user!.email, true);
    expect((await admin.delete(`/api/users/${user.user!.id}`)).status).toBe(204);
    expect((await user.get("/api/user")).status).toBe(401);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect(await count("sessions", `"userId" = :id`, { id: user.user!.id })).toBe(0);
  });
});

describe("session lifetime", () => {
  it("without remember-me a session lives 12 hours idle, and activity slides it", async () => {
    const client = await signIn("Team");
    const id = client.user!.id;
    const [created] = await sessionRows(id);
    expect(Math.abs(created.expiresAt - (Date.now() + 12 * HOUR))).toBeLessThan(5 * 60_000);

    // Last renewed 11 hours ago: a request moves the expiry to 12 hours from now.
    await setExpiry(id, Date.now() + HOUR);
    const res = await client.raw("GET", "/api/user");
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers)).toBeUndefined(); // a browser-session cookie needs no new header
    const [renewed] = await sessionRows(id);
    expect(Math.abs(renewed.expiresAt - (Date.now() + 12 * HOUR))).toBeLessThan(5 * 60_000);

    // Idle past its expiry: signed out, and a request does not bring it back.
    await setExpiry(id, Date.now() - 1000);
    expect((await client.get("/api/user")).status).toBe(401);
    expect((await client.get("/api/user")).status).toBe(401);
    const [after] = await sessionRows(id);
    expect(after.expiresAt).toBeLessThan(Date.now());
  });

  it("a remembered session lives 30 days and is renewed with a fresh cookie, not on every request", async () => {
    const email = (await signIn("Team")).user!.email;
    const client = await signInAgain(email, true);
    const id = client.user!.id;
    const rows = await sessionRows(id);
    const mine = rows.reduce((a, b) => (a.expiresAt > b.expiresAt ? a : b));
    expect(Math.abs(mine.expiresAt - (Date.now() + 30 * DAY))).toBeLessThan(5 * 60_000);

    // Just signed in: nothing to renew, nothing written.
    const fresh = await client.raw("GET", "/api/user");
    expect(sessionCookie(fresh.headers)).toBeUndefined();
    expect((await sessionRows(id)).find((r) => r.id === mine.id)!.expiresAt).toBe(mine.expiresAt);

    // Ten days later (JSON API): renewed, cookie re-sent with a fresh Max-Age.
    await setExpiry(id, Date.now() + 20 * DAY);
    const res = await client.raw("GET", "/api/user");
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers)).toMatch(/Max-Age=2592000/);
    const renewed = (await sessionRows(id)).find((r) => r.id === mine.id)!;
    expect(Math.abs(renewed.expiresAt - (Date.now() + 30 * DAY))).toBeLessThan(5 * 60_000);
    // The next request writes nothing and sends no cookie.
    const again = await client.raw("GET", "/api/user");
    expect(sessionCookie(again.headers)).toBeUndefined();

    // A document request and a data request (client navigation) renew it too.
    await setExpiry(id, Date.now() + 20 * DAY);
    const page = await client.raw("GET", "/courses");
    expect(page.status).toBe(200);
    expect(sessionCookie(page.headers)).toMatch(/Max-Age=2592000/);
    await setExpiry(id, Date.now() + 20 * DAY);
    const data = await client.raw("GET", "/courses.data");
    expect(data.status).toBe(200);
    expect(sessionCookie(data.headers)).toMatch(/Max-Age=2592000/);
  });

  it("logging out is not undone by a renewal due on the same request", async () => {
    const email = (await signIn("Team")).user!.email;
    const client = await signInAgain(email, true);
    await setExpiry(client.user!.id, Date.now() + 20 * DAY);
    const out = await client.raw("POST", "/api/logout");
    expect(out.status).toBe(200);
    const cookies = out.headers.getSetCookie().filter((c) => c.startsWith("__session="));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await client.get("/api/user")).status).toBe(401);
  });
});

describe("periodic cleanup", () => {
  it("removes expired sessions, old login attempts and unused uploads (with their files) at start, and keeps the rest", async () => {
    const db = testDb();
    const user = await signIn("Administrator");
    const userId = user.user!.id;
    const now = Date.now();
    const q = (sql: string, replacements: Record<string, unknown>) => db.query(sql, { replacements });

    const expiredSession = randomUUID();
    const liveSession = randomUUID();
    for (const [id, at] of [
      [expiredSession, now - HOUR],
      [liveSession, now + HOUR],
    ] as const) {
      await q(
        `INSERT INTO "sessions" ("id", "userId", "expiresAt", "remember", "createdAt", "updatedAt") VALUES (:id, :userId, :at, false, :now, :now)`,
        {
          id,
          userId,
          at: ts(at),
          now: ts(now),
        },
      );
    }
    const oldAttempt = `e:cleanup-${randomUUID()}|203.0.113.9`;
    const recentAttempt = `e:cleanup-${randomUUID()}|203.0.113.9`;
    for (const [key, at] of [
      [oldAttempt, now - HOUR],
      [recentAttempt, now - 60_000],
    ] as const) {
      await q(`INSERT INTO "login_attempts" ("key", "failures", "windowStart") VALUES (:key, 3, :at)`, { key, at: ts(at) });
    }

    // Uploads: a URL never used, a stored file nobody uses (both past the grace day),
    // a stored file that is an avatar, and a recent unused URL.
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-cleanup-"));
    const neverUsed = randomUUID();
    const orphan = randomUUID();
    const orphanObject = randomUUID();
    const avatar = randomUUID();
    const avatarObject = randomUUID();
    const recent = randomUUID();
    const old = ts(now - 2 * DAY);
    const insertUpload = (id: string, expiresAt: string, objectId: string | null, completedAt: string | null) =>
      q(
        `INSERT INTO "uploads" ("id", "issuedBy", "expiresAt", "usedAt", "objectId", "contentType", "size", "completedAt", "createdAt", "updatedAt")
         VALUES (:id, :userId, :expiresAt, :completedAt, :objectId, :type, :size, :completedAt, :old, :old)`,
        { id, userId, expiresAt, objectId, completedAt, type: objectId ? "image/png" : null, size: objectId ? 4 : null, old },
      );
    await insertUpload(neverUsed, old, null, null);
    await insertUpload(orphan, old, orphanObject, old);
    await insertUpload(avatar, old, avatarObject, old);
    await insertUpload(recent, ts(now + 10 * 60_000), null, null);
    for (const object of [orphanObject, avatarObject]) {
      fs.writeFileSync(path.join(uploadDir, object), "\x89PNG");
      fs.writeFileSync(path.join(uploadDir, `${object}.json`), JSON.stringify({ contentType: "image/png", size: 4 }));
    }
    await q(`UPDATE "users" SET "avatarUrl" = :url WHERE "id" = :userId`, { url: `/uploads/${avatarObject}`, userId });

    const exists = async (table: string, column: string, value: string) => (await count(table, `"${column}" = :value`, { value })) > 0;
    // A server process starting on this database cleans up once at start.
    const server = await startServer(inject("databaseUrl"), { UPLOAD_DIR: uploadDir });
    try {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && ((await exists("sessions", "id", expiredSession)) || (await exists("uploads", "id", orphan)))) {
        await new Promise((r) => setTimeout(r, 200));
      }
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await server.stop();
    }
    expect(await exists("sessions", "id", expiredSession)).toBe(false);
    expect(await exists("sessions", "id", liveSession)).toBe(true);
    expect(await exists("login_attempts", "key", oldAttempt)).toBe(false);
    expect(await exists("login_attempts", "key", recentAttempt)).toBe(true);
    expect(await exists("uploads", "id", neverUsed)).toBe(false);
    expect(await exists("uploads", "id", orphan)).toBe(false);
    expect(await exists("uploads", "id", avatar)).toBe(true);
    expect(await exists("uploads", "id", recent)).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, orphanObject))).toBe(false);
    expect(fs.existsSync(path.join(uploadDir, `${orphanObject}.json`))).toBe(false);
    expect(fs.existsSync(path.join(uploadDir, avatarObject))).toBe(true);
    // The signed-in user is still signed in.
    expect((await user.get("/api/user")).status).toBe(200);
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }, 90_000);
});
