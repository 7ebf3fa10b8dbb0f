import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/test-db";
import { freePort, startServer } from "../support/server";
import { uniqueEmail } from "../support/http";
import { exitOf } from "../support/raw-http";

const root = path.resolve(import.meta.dirname, "../..");
const A = "a".repeat(20) + "-first-secret-0123456789";
const B = "b".repeat(20) + "-second-secret-0123456789";

let database: { url: string; drop: () => Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase(process.env.API_TEST_DB === "postgres" ? "postgres" : "sqlite");
});
afterAll(async () => {
  await database?.drop();
});

/** Runs `node server.mjs` (from another working directory if asked) with exactly this environment on top of PATH/HOME. */
function run(env: Record<string, string>, cwd = root) {
  let log = "";
  const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", BUILD_DIR: process.env.BUILD_DIR ?? "build" };
  const child = spawn(process.execPath, [path.join(root, "server.mjs")], {
    cwd,
    env: { ...base, BUILD_DIR: path.resolve(root, base.BUILD_DIR), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  return { child, log: () => log };
}

describe("production refuses weak secrets", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["no secret", {}, /SESSION_SECRET: obrigatório/],
    ["the .env.example placeholder", { SESSION_SECRET: "change-me-to-a-long-random-string-of-32-chars" }, /valor de exemplo/],
    ["a secret under 32 characters", { SESSION_SECRET: "short-secret" }, /curto demais/],
    ["a short secret in a rotation list", { SESSION_SECRET: `${A},short` }, /segredo 2 da lista/],
  ];
  for (const [label, env, message] of cases) {
    it(`does not start with ${label}`, async () => {
      const { child, log } = run({ NODE_ENV: "production", DATABASE_URL: database.url, PORT: "0", ...env });
      expect(await exitOf(child)).toBe(1);
      expect(log()).toMatch(message);
      expect(log()).not.toMatch(/at .*\.js:\d+/); // one readable line, not a stack trace
    });
  }

  it("does not start without DATA_ENCRYPTION_KEY, in one line", async () => {
    const { child, log } = run({ NODE_ENV: "production", DATABASE_URL: database.url, PORT: "0", SESSION_SECRET: A });
    expect(await exitOf(child)).toBe(1);
    expect(log()).toContain(
      "Configuração inválida:\n- DATA_ENCRYPTION_KEY: obrigatório em produção (32 bytes: 64 caracteres hexadecimais, ex.: openssl rand -hex 32)\n",
    );
    expect(log()).not.toMatch(/at .*\.js:\d+/);
  });

  it("an empty SESSION_SECRET_FILE is an error, not a silent fallback", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    try {
      fs.writeFileSync(path.join(dir, "secret"), "\n");
      const { child, log } = run({
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        PORT: "0",
        SESSION_SECRET_FILE: path.join(dir, "secret"),
      });
      expect(await exitOf(child)).toBe(1);
      expect(log()).toMatch(/SESSION_SECRET_FILE: o arquivo .* está vazio/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a fresh clone starts with no configuration", () => {
  it("generates data/session-secret and data/data-encryption-key and serves; an emptied secret file then stops the start", async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "fresh-clone-"));
    try {
      const port = await freePort();
      const first = run({ PORT: String(port) }, cwd);
      const deadline = Date.now() + 60_000;
      let ok = false;
      while (!ok && Date.now() < deadline && first.child.exitCode === null) {
        ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ok, first.log()).toBe(true);
      const secret = fs.readFileSync(path.join(cwd, "data/session-secret"), "utf8");
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      // The key of the stored secrets too: 32 random bytes, readable by the owner only.
      const keyFile = path.join(cwd, "data/data-encryption-key");
      expect(fs.readFileSync(keyFile, "utf8")).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(first.log()).toContain("DATA_ENCRYPTION_KEY não definida: chave gerada em data/data-encryption-key");
      first.child.kill("SIGTERM");
      expect(await exitOf(first.child)).toBe(0);

      fs.writeFileSync(path.join(cwd, "data/session-secret"), "");
      const second = run({ PORT: String(port) }, cwd);
      expect(await exitOf(second.child)).toBe(1);
      expect(second.log()).toMatch(/está vazio/);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }, 90_000);
});

describe("SESSION_SECRET rotation: the first secret signs, every listed one verifies", () => {
  async function login(baseUrl: string, email: string) {
    const res = await fetch(`${baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "segredo123" }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))!
      .split(";")[0];
  }
  const me = (baseUrl: string, cookie: string) => fetch(`${baseUrl}/api/user`, { headers: { Cookie: cookie } }).then((r) => r.status);

  it('a cookie signed with A survives the switch to "B,A" and stops working when A is dropped', async () => {
    const email = uniqueEmail("rotacao");
    let server = await startServer(database.url, { SESSION_SECRET: A });
    let oldCookie: string;
    try {
      const reg = await fetch(`${server.baseUrl}/api/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Rotação", email, password: "segredo123", userType: "Team" }),
      });
      expect(reg.status).toBe(201);
      oldCookie = await login(server.baseUrl, email);
      expect(await me(server.baseUrl, oldCookie)).toBe(200);
    } finally {
      await server.stop();
    }

    server = await startServer(database.url, { SESSION_SECRET: `${B},${A}` });
    let newCookie: string;
    try {
      expect(await me(server.baseUrl, oldCookie)).toBe(200);
      newCookie = await login(server.baseUrl, email);
      expect(newCookie).not.toBe(oldCookie);
    } finally {
      await server.stop();
    }

    server = await startServer(database.url, { SESSION_SECRET: B });
    try {
      expect(await me(server.baseUrl, newCookie)).toBe(200); // signed with B
      expect(await me(server.baseUrl, oldCookie)).toBe(401); // signed with A only
    } finally {
      await server.stop();
    }
  }, 120_000);
});
