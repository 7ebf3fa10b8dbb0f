import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/test-db";
import { startServer, type RunningServer } from "../support/server";
import { ApiClient, uniqueEmail } from "../support/http";
import { streamBody } from "../support/raw-http";

/**
 * Every request body is capped while it streams (server.mjs, before any route
 * code): 1 MB for forms and JSON, 5 MB + 64 kB for the avatar. Its own server,
 * with TEST_HOOKS=1 for GET /__test/pid (the process's resident memory).
 */
const MB = 1024 * 1024;
const HUGE = 100 * MB;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const FORM_MESSAGE = "Corpo da requisição muito grande: o limite é de 1 MB (1048576 bytes)";
/** The sign-in form's own, smaller cap. */
const AUTH_MESSAGE = "Corpo da requisição muito grande: o limite é de 64 KB (65536 bytes)";
const AVATAR_MESSAGE = "Arquivo muito grande: o limite é de 5 MB (5242880 bytes)";

let database: { url: string; drop: () => Promise<void> };
let server: RunningServer;
let admin: ApiClient;

async function rss(): Promise<number> {
  const res = await fetch(`${server.baseUrl}/__test/pid`);
  return (await res.json()).rss;
}

async function courseNamed(name: string): Promise<boolean> {
  const res = await admin.get("/api/courses");
  return (res.body as { name: string }[]).some((c) => c.name === name);
}

beforeAll(async () => {
  database = await createTestDatabase(process.env.API_TEST_DB === "postgres" ? "postgres" : "sqlite");
  server = await startServer(database.url, { TEST_HOOKS: "1" });
  admin = new ApiClient(server.baseUrl);
  const res = await admin.post("/api/register", {
    name: "Admin Limite",
    email: uniqueEmail("limite"),
    password: "segredo123",
    userType: "Administrator",
  });
  expect(res.status).toBe(201);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("request bodies are capped while they stream", () => {
  it("a 100 MB streamed (chunked) POST to /auth is 413 with the message (its cap: 64 KB), and memory stays where it was", async () => {
    const before = await rss();
    const res = await streamBody(server.baseUrl, "/auth", {
      total: HUGE,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    });
    expect(res.status).toBe(413);
    expect(res.text).toContain(AUTH_MESSAGE);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.sent).toBeLessThan(HUGE);
    const after = await rss();
    expect(after - before, `RSS ${before} → ${after}`).toBeLessThan(48 * MB);
  });

  it("a 100 MB streamed POST to a dialog action is 413 and writes nothing; memory stays where it was", async () => {
    const before = await rss();
    const name = `Curso enorme ${Date.now()}`;
    const res = await streamBody(server.baseUrl, "/courses/new", {
      total: HUGE,
      first: Buffer.from(`name=${encodeURIComponent(name)}&active=on&filler=`),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl, Cookie: admin.cookieHeader() },
    });
    expect(res.status).toBe(413);
    expect(res.text).toContain(FORM_MESSAGE);
    const after = await rss();
    expect(after - before, `RSS ${before} → ${after}`).toBeLessThan(48 * MB);
    expect(await courseNamed(name)).toBe(false);
  });

  it("a declared 100 MB body is refused at once, before it is sent", async () => {
    const res = await streamBody(server.baseUrl, "/courses/new", {
      total: HUGE,
      declare: true,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl, Cookie: admin.cookieHeader() },
    });
    expect(res.status).toBe(413);
    expect(res.sent).toBeLessThan(20 * MB);
  });

  it("a form of 1.5 MB to a dialog action is 413 and creates nothing (a small one still works)", async () => {
    const name = `Curso grande ${Date.now()}`;
    const big = await admin.form("/courses/new", { name, active: "on", filler: "x".repeat(1.5 * MB) });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain(FORM_MESSAGE);
    expect(await courseNamed(name)).toBe(false);

    const small = await admin.form("/courses/new", { name, active: "on" });
    expect(small.status).toBe(302);
    expect(await courseNamed(name)).toBe(true);
  });

  it("a JSON body over 1 MB is 413 JSON {message}, declared or streamed", async () => {
    const body = JSON.stringify({ name: "x".repeat(1.2 * MB) });
    const declared = await admin.raw("POST", "/api/courses", { body, headers: { "Content-Type": "application/json" } });
    expect(declared.status).toBe(413);
    expect(declared.headers.get("Content-Type")).toMatch(/application\/json/);
    expect((await declared.json()).message).toMatch(/muito grande/);

    const streamed = await streamBody(server.baseUrl, "/api/courses", {
      total: 20 * MB,
      headers: { "Content-Type": "application/json", Cookie: admin.cookieHeader() },
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text)).toEqual({ message: FORM_MESSAGE });
  });

  it("an avatar of 4 MB still goes through the upload URL and the no-JS edit form", async () => {
    const file = Buffer.alloc(4 * MB);
    PNG.copy(file);
    const issued = await admin.post("/api/objects/upload");
    expect(issued.status).toBe(200);
    const put = await fetch(server.baseUrl + issued.body.uploadURL, {
      method: "PUT",
      body: file,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.status).toBe(200);

    const me = admin.user ?? (await admin.get("/api/user")).body;
    const form = new FormData();
    form.append("name", me.name);
    form.append("email", me.email);
    form.append("password", "");
    form.append("userType", me.userType);
    form.append("cpf", "");
    form.append("avatar", new Blob([file], { type: "image/png" }), "foto.png");
    const edit = await admin.raw("POST", `/users/${me.id}/edit`, { body: form, headers: { Origin: server.baseUrl } });
    expect(edit.status).toBe(302);
  });

  it("100 MB streamed to the upload URL is 413 with the avatar message, nothing stored", async () => {
    const issued = await admin.post("/api/objects/upload");
    const res = await streamBody(server.baseUrl, issued.body.uploadURL, {
      method: "PUT",
      total: HUGE,
      first: PNG,
      headers: { "Content-Type": "image/png" },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ message: AVATAR_MESSAGE });
    // The URL was never used: it still accepts a small image.
    const retry = await fetch(server.baseUrl + issued.body.uploadURL, {
      method: "PUT",
      body: PNG,
      headers: { "Content-Type": "image/png" },
    });
    expect(retry.status).toBe(200);
  });

  it("the server keeps answering after all this", async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });
});
