import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/test-db";
import { startServer, type RunningServer } from "../support/server";
import { uniqueEmail } from "../support/http";
import { exitOf, startForwardingProxy } from "../support/raw-http";

/**
 * Behind a reverse proxy that terminates HTTPS (here: a small forwarding proxy on
 * loopback that sets X-Forwarded-For/-Proto/-Host), with TRUST_PROXY=1 as the
 * README says: forms work, the session cookie is Secure and __Host- prefixed,
 * and login throttling counts each real client, not the proxy.
 */
let database: { url: string; drop: () => Promise<void> };
let server: RunningServer;
let proxy: Awaited<ReturnType<typeof startForwardingProxy>>;

beforeAll(async () => {
  database = await createTestDatabase(process.env.API_TEST_DB === "postgres" ? "postgres" : "sqlite");
  server = await startServer(database.url, { TRUST_PROXY: "1" });
  proxy = await startForwardingProxy(server.baseUrl);
}, 90_000);

afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  await database?.drop();
});

/** A browser on https://<proxy host>, seen by the proxy as coming from `ip`. */
function browser(ip: string) {
  const origin = `https://${proxy.host}`;
  const jar = new Map<string, string>();
  const request = async (method: string, pathname: string, init: { form?: Record<string, string>; json?: object } = {}) => {
    const headers: Record<string, string> = { "X-Test-Client": ip };
    if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = origin;
    } else if (init.json) {
      body = JSON.stringify(init.json);
      headers["Content-Type"] = "application/json";
      headers.Origin = origin;
    }
    const res = await fetch(proxy.url + pathname, { method, headers, body, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      if (pair.slice(eq + 1)) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  return { request, jar };
}

async function register(email: string, password = "segredo123") {
  const res = await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Pessoa Proxy", email, password, userType: "Administrator" }),
  });
  expect(res.status).toBe(201);
}

describe("behind a reverse proxy (TRUST_PROXY=1)", () => {
  it("/healthz reports the browser's address and scheme, not the proxy's", async () => {
    const res = await browser("203.0.113.7").request("GET", "/healthz");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("cliente: 203.0.113.7");
    expect(text).toContain("esquema: https");
    expect(text).toContain(`host: ${proxy.host}`);
    expect(server.output()).toContain("proxy confiável: 1 proxy(s)");
  });

  it("the sign-in form works and sets a Secure __Host-session cookie that signs the browser in", async () => {
    const email = uniqueEmail("proxy");
    await register(email);
    const b = browser("203.0.113.8");
    const res = await b.request("POST", "/auth", { form: { mode: "login", email, password: "segredo123", redirectTo: "/courses" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/courses");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(res.headers.get("Strict-Transport-Security")).toContain("max-age");

    // A dialog form post through the proxy (action origin check against https://proxy-host).
    const name = `Curso via proxy ${Date.now()}`;
    const created = await b.request("POST", "/courses/new", { form: { name, active: "on" } });
    expect(created.status).toBe(302);
    const list = await (await b.request("GET", "/api/courses")).json();
    expect(list.map((c: { name: string }) => c.name)).toContain(name);

    // Signing out clears the __Host- cookie and ends the session.
    const out = await b.request("POST", "/api/logout", { json: {} });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/__Host-session=;.*Secure/i);
  });

  it("the JSON login sets the __Host- cookie too; the plain __session cookie is still read", async () => {
    const email = uniqueEmail("proxyapi");
    await register(email);
    const b = browser("203.0.113.9");
    const res = await b.request("POST", "/api/login", { json: { email, password: "segredo123" } });
    expect(res.status).toBe(200);
    const secure = b.jar.get("__Host-session");
    expect(secure).toBeTruthy();
    expect((await b.request("GET", "/api/user")).status).toBe(200);

    // A session cookie set earlier over plain HTTP (name __session) still works over HTTPS.
    const direct = await fetch(`${server.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "segredo123" }),
    });
    const plain = direct.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(plain).not.toMatch(/Secure/i);
    const viaProxy = await fetch(`${proxy.url}/api/user`, { headers: { Cookie: plain.split(";")[0] } });
    expect(viaProxy.status).toBe(200);
  });

  it("throttling counts each real client: an attacker's wrong passwords do not lock the user out", async () => {
    const email = uniqueEmail("vitima");
    await register(email);
    const attacker = browser("198.51.100.66");
    let throttled = false;
    for (let i = 0; i < 30 && !throttled; i++) {
      const res = await attacker.request("POST", "/api/login", { json: { email, password: "senha-errada" } });
      expect([401, 429]).toContain(res.status);
      throttled = res.status === 429;
    }
    expect(throttled).toBe(true);
    // Same attacker, still locked; the real user from another address signs in.
    expect((await attacker.request("POST", "/api/login", { json: { email, password: "segredo123" } })).status).toBe(429);
    const user = browser("192.0.2.10");
    expect((await user.request("POST", "/api/login", { json: { email, password: "segredo123" } })).status).toBe(200);
    expect((await user.request("POST", "/auth", { form: { mode: "login", email, password: "segredo123" } })).status).toBe(302);
  });
});

describe("TRUST_PROXY is parsed, not guessed", () => {
  it("refuses to start on a value that is neither a hop count nor addresses", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    let log = "";
    const child = spawn(process.execPath, ["server.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(40),
        DATABASE_URL: database.url,
        TRUST_PROXY: "true",
        PORT: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (log += d));
    child.stderr.on("data", (d) => (log += d));
    expect(await exitOf(child)).toBe(1);
    expect(log).toContain("TRUST_PROXY");
    expect(log).toContain("número de proxies");
  });
});
