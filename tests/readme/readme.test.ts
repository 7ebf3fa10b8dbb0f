/**
 * The README's first command, run literally as a newcomer runs it, on a fresh
 * clone of this repository: it must install, build and start the app on its
 * embedded SQLite database. Then the demo seed (`npm run db:seed`) and the demo
 * accounts the README lists.
 *
 * To keep the run short, the clone gets the already installed `node_modules`
 * as hard links (a copy if hard links are not possible); `npm install` then
 * checks them against the lockfile and finishes quickly. Set
 * README_TEST_FULL_INSTALL=1 to let `npm install` download everything instead.
 * README_TEST_REF chooses the commit to clone (default: HEAD).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

/** The first command of the README's first code block, without its trailing comment. */
function firstCommand(markdown: string): string {
  const block = /```[a-z]*\n([\s\S]*?)```/.exec(markdown);
  if (!block) throw new Error("README has no code block");
  const line = block[1].split("\n").find((l) => l.trim() && !l.trim().startsWith("#"));
  if (!line) throw new Error("README's first code block has no command");
  return line.replace(/\s+#.*$/, "").trim();
}

/** The demo accounts of the README's table: | type | `e-mail` | `password` |. */
function demoAccounts(markdown: string): { email: string; password: string }[] {
  return [...markdown.matchAll(/^\|[^|\n]+\|\s*`([^`@\s]+@[^`\s]+)`\s*\|\s*`([^`]+)`\s*\|\s*$/gm)].map((m) => ({
    email: m[1],
    password: m[2],
  }));
}

/** A newcomer's environment: nothing of the test run's own configuration leaks in. */
function newcomerEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const drop =
    /^(DATABASE_URL|TEST_DATABASE_URL|E2E_.*|API_TEST_DB|SESSION_SECRET.*|DATA_ENCRYPTION_KEY.*|NODE_ENV|UPLOAD_.*|APP_NAME|BUILD_DIR|WEB_CONCURRENCY|REGISTRATION|TRUST_PROXY|COOKIE_SECURE|HOST|VITEST.*|TEST|INIT_CWD|npm_lifecycle_.*|npm_package_.*|npm_command|npm_execpath|npm_node_execpath)$/;
  for (const [key, value] of Object.entries(process.env)) if (!drop.test(key)) env[key] = value;
  env.PORT = String(port);
  return env;
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function run(command: string, cwd: string, env: NodeJS.ProcessEnv): Started {
  let log = "";
  // Its own process group, so the whole `npm … && npm start` chain can be stopped.
  const child = spawn("bash", ["-c", command], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  return { child, output: () => log };
}

async function waitForAuthPage(base: string, started: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended(started.child)) throw new Error(`the command ended before the app answered:\n${started.output()}`);
    try {
      const res = await fetch(`${base}/auth`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the app did not answer GET /auth in time:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function stop(started: Started) {
  const { child } = started;
  if (ended(child) || child.pid === undefined) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (!ended(child)) process.kill(-child.pid, "SIGKILL");
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  const cookie = cookieOf(res);
  expect(cookie).toMatch(/session=/);
  return cookie;
}

/** The page an account starts on: the dashboard, or its family's own space (a Client's '/' leads there). */
async function home(base: string, cookie: string): Promise<{ family: boolean; page: string }> {
  let res = await fetch(`${base}/`, { headers: { Cookie: cookie }, redirect: "manual" });
  const family = res.status === 302;
  if (family) {
    expect(res.headers.get("Location")).toBe("/family");
    res = await fetch(`${base}/family`, { headers: { Cookie: cookie }, redirect: "manual" });
  }
  expect(res.status).toBe(200);
  return { family, page: await res.text() };
}

describe("the README on a fresh clone", () => {
  let dir: string;
  let port: number;
  let base: string;
  let server: Started | undefined;

  beforeAll(() => {
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
    dir = fs.mkdtempSync(path.join(root, ".tmp", "readme-"));
    execFileSync("git", ["clone", "--quiet", root, dir]);
    execFileSync("git", ["-C", dir, "checkout", "--quiet", process.env.README_TEST_REF ?? "HEAD"]);
    if (!process.env.README_TEST_FULL_INSTALL) {
      try {
        execFileSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
      } catch {
        execFileSync("cp", ["-a", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
      }
    }
  });

  afterAll(async () => {
    if (server) await stop(server);
    if (dir && !process.env.README_TEST_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says in one line what to run when the build is missing", () => {
    let failure: { status: number; stdout: string; stderr: string } | undefined;
    try {
      execFileSync("bash", ["-c", "npm start --silent"], { cwd: dir, env: newcomerEnv(1), encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure?.status).toBe(1);
    const lines = failure!.stderr.trim().split("\n");
    expect(lines).toEqual(['Build de produção não encontrado: rode "npm run build" e depois "npm start".']);
  });

  it(
    "starts with the first command: install, build, start on SQLite",
    async () => {
      const command = firstCommand(readme);
      expect(command).toContain("npm start");
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = run(command, dir, newcomerEnv(port));
      await waitForAuthPage(base, server, 10 * 60_000);

      // The embedded database and the generated session secret live in data/.
      expect(fs.existsSync(path.join(dir, "data", "app.sqlite"))).toBe(true);
      expect(fs.existsSync(path.join(dir, "data", "session-secret"))).toBe(true);

      const account = { name: "Pessoa Nova", email: "nova@example.com", password: "segredo123", userType: "Administrator" };
      const registered = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(account),
      });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ email: account.email, userType: "Administrator" });

      const cookie = await signIn(base, account.email, account.password);
      const { family, page: html } = await home(base, cookie);
      expect(family).toBe(false);
      expect(html).toContain("Bem-vindo ao sistema");
      expect(html).toContain(account.name);

      const pid = server.child.pid!;
      await stop(server);
      expect(() => process.kill(pid, 0)).toThrow();
      await expect(fetch(`${base}/auth`)).rejects.toThrow();
    },
    12 * 60_000,
  );

  it(
    "loads the demo network with npm run db:seed, and its accounts sign in",
    async () => {
      expect(server && ended(server.child), "the first test must have started and stopped the app").toBe(true);
      const env = newcomerEnv(port);
      const seeded = execFileSync("bash", ["-c", "npm run db:seed"], { cwd: dir, env, encoding: "utf8" });
      expect(seeded).toContain("admin@escola.com.br");
      expect(seeded).toContain("Dados de demonstração criados");
      // A second seed changes nothing and says how to start over; the README's reset command does.
      const again = execFileSync("bash", ["-c", "npm run db:seed"], { cwd: dir, env, encoding: "utf8" });
      expect(again).toContain("Nada foi alterado");
      expect(again).toContain("npm run db:seed -- --reset");
      expect(readme).toContain("npm run db:seed -- --reset");
      const reset = execFileSync("bash", ["-c", "npm run db:seed -- --reset"], { cwd: dir, env, encoding: "utf8" });
      expect(reset).toContain("Todos os dados foram apagados");
      expect(reset).toContain("Dados de demonstração criados");

      server = run("npm start", dir, env);
      await waitForAuthPage(base, server, 2 * 60_000);
      const accounts = demoAccounts(readme);
      expect(accounts.length).toBe(3);
      const pages = [];
      for (const { email, password } of accounts) {
        const cookie = await signIn(base, email, password);
        pages.push(await home(base, cookie));
      }
      // Staff start on the dashboard; the family's account on its own space.
      expect(pages.filter((home) => !home.family && home.page.includes("Bem-vindo ao sistema"))).toHaveLength(2);
      expect(pages.filter((home) => home.family && home.page.includes("Minha família"))).toHaveLength(1);
      await stop(server);
    },
    5 * 60_000,
  );
});
