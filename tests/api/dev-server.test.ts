import http from "node:http";
import { collectAnswer } from "../support/raw-http";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signIn } from "../support/http";
import { makeBranch, makeClassroom } from "../support/factories";
import { startServer, type RunningServer } from "../support/server";

/**
 * `npm run dev` and `npm start` run one request pipeline (server/app.ts): the
 * development server (`node server.mjs --dev`, Vite instead of the build's
 * files) started here on this run's database, and this run's production
 * server, get the same requests (a page, the API's list GET through the lane,
 * 401, bodies over the cap, the client address) and give the same statuses,
 * security headers and, for the API, the same bodies.
 */

// A name Vite's development server accepts (its DNS-rebinding check refuses unknown hosts: server.allowedHosts).
const HOST = "localhost";
const prod = inject("baseUrl");
let dev: RunningServer;
let cookie: string;
let listPath: string;

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request with the Host given and, for a body, its bytes; `chunked` sends it without a Content-Length. */
function raw(
  baseUrl: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: { bytes: number; chunked?: boolean },
): Promise<Raw> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: { Host: HOST, Connection: "close", "Accept-Encoding": "identity", ...headers },
      },
      (res) => collectAnswer(res, resolve, reject),
    );
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    // The server may answer 413 and close while the body is still going out.
    req.on("error", (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    if (body) {
      if (!body.chunked) req.setHeader("Content-Length", body.bytes);
      const piece = Buffer.alloc(64 * 1024, "a");
      for (let sent = 0; sent < body.bytes; sent += piece.length) req.write(piece.subarray(0, Math.min(piece.length, body.bytes - sent)));
    }
    req.end();
  });
}

const SECURITY = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "cache-control",
  "content-type",
];

/** The headers both servers must agree on (the CSP nonce set aside: it is fresh per answer). */
function security(answer: Raw): Record<string, string | undefined> {
  return Object.fromEntries(SECURITY.map((name) => [name, answer.headers[name]?.replace(/'nonce-[^']+'/, "'nonce-…'")]));
}

async function both(method: string, target: string, headers: Record<string, string> = {}, body?: { bytes: number; chunked?: boolean }) {
  const [a, b] = await Promise.all([raw(dev.baseUrl, method, target, headers, body), raw(prod, method, target, headers, body)]);
  return { dev: a, prod: b };
}

beforeAll(async () => {
  dev = await startServer(inject("databaseUrl"), {}, { dev: true });
  cookie = (await signIn("Administrator")).cookieHeader();
  const branch = await makeBranch({ name: `Unidade Dev ${randomUUID().slice(0, 8)}` });
  await makeClassroom(branch.id);
  listPath = `/api/classrooms/branch/${branch.id}`;
}, 90_000);

afterAll(async () => {
  await dev?.stop();
});

describe("npm run dev and npm start: one pipeline", () => {
  it("the development server is Vite's (its client module is served), the production one is not", async () => {
    const { dev: a, prod: b } = await both("GET", "/@vite/client");
    expect(a.status).toBe(200);
    expect(b.status).toBe(404);
    expect(dev.output()).toMatch(/desenvolvimento/);
  });

  it("a page: the same status and security headers (CSP with a nonce, no-store, …)", async () => {
    const { dev: a, prod: b } = await both("GET", "/auth");
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.headers["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    expect(security(a)).toEqual(security(b));
  }, 60_000);

  it("an API list GET goes through the read lane on both (whole, with its length), with the same headers and body", async () => {
    const { dev: a, prod: b } = await both("GET", listPath, { Cookie: cookie });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.headers["content-length"]).toBe(String(Buffer.byteLength(a.body)));
    expect(security(a)).toEqual(security(b));
    expect(a.body).toBe(b.body);
    const anonymous = await both("GET", "/api/courses");
    expect([anonymous.dev.status, anonymous.prod.status]).toEqual([401, 401]);
    expect(anonymous.dev.body).toBe(anonymous.prod.body);
    expect(security(anonymous.dev)).toEqual(security(anonymous.prod));
  });

  it("a body over the cap is 413 on both, declared or counted as it flows, with the same answer", async () => {
    const over = 1024 * 1024 + 1;
    for (const chunked of [false, true]) {
      const { dev: a, prod: b } = await both(
        "POST",
        "/api/courses",
        { Cookie: cookie, "Content-Type": "application/json" },
        { bytes: over, chunked },
      );
      expect([a.status, b.status], chunked ? "chunked" : "declared").toEqual([413, 413]);
      expect(a.body).toBe(b.body);
      expect(security(a)).toEqual(security(b));
    }
  });

  it("the client address and the request's URL are read alike (/healthz)", async () => {
    const { dev: a, prod: b } = await both("GET", "/healthz", { "X-Forwarded-For": "203.0.113.9" });
    expect(a.status).toBe(200);
    expect(a.body).toMatch(/cliente: 127\.0\.0\.1/);
    expect(a.body).toBe(b.body);
  });
});
