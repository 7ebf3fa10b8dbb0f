import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/test-db";
import { startServer } from "../support/server";
import { exitOf } from "../support/raw-http";

/**
 * A broken process goes away. TEST_HOOKS=1 (test-only) adds /__test/block (busy
 * loop: the event loop is blocked) and /__test/throw (an uncaught exception).
 */
let database: { url: string; drop: () => Promise<void> };
/** The test routes are posted to as a browser posts a form (a screen's write that is not a form is 415 at the front door). */
const POST = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" };

beforeAll(async () => {
  database = await createTestDatabase(process.env.API_TEST_DB === "postgres" ? "postgres" : "sqlite");
});
afterAll(async () => {
  await database?.drop();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid of the worker that answers, on a new connection each time (the cluster spreads connections). */
function pidOnce(baseUrl: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/__test/pid`, { agent: false, timeout: 3000 }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve(res.statusCode === 200 ? JSON.parse(text).pid : null));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

async function pidsSeen(baseUrl: string, tries = 12): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const pid = await pidOnce(baseUrl);
    if (pid) pids.add(pid);
  }
  return pids;
}

async function until(check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe("WEB_CONCURRENCY=2: the primary replaces broken workers", () => {
  it("a worker whose event loop is blocked for more than 5 s is killed and replaced", async () => {
    const server = await startServer(database.url, { WEB_CONCURRENCY: "2", TEST_HOOKS: "1" });
    try {
      const before = await pidsSeen(server.baseUrl);
      expect(before.size).toBeGreaterThan(0);
      // Blocks one worker for 60 s; the request itself never gets an answer.
      const blocked = fetch(`${server.baseUrl}/__test/block?ms=60000`, POST).then(
        (r) => r.json(),
        () => null,
      );
      const started = /event loop do pid (\d+) bloqueado/;
      expect(await until(() => started.test(server.output()), 10_000), server.output()).toBe(true);
      const pid = Number(started.exec(server.output())![1]);
      const killed = new RegExp(`worker ${pid} sem sinal há \\d+ s`);
      // 5 s without a heartbeat, checked every second: 40 s leaves room for a loaded CI machine.
      expect(await until(() => killed.test(server.output()), 40_000), server.output()).toBe(true);
      expect(await until(() => !alive(pid), 5000)).toBe(true);
      expect(await blocked).toBeNull(); // its connection died with it
      // Replaced: two workers again, the killed one not among them, and the server answers.
      expect(await until(async () => (await pidsSeen(server.baseUrl, 6)).size === 2, 30_000)).toBe(true);
      expect((await pidsSeen(server.baseUrl)).has(pid)).toBe(false);
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect(server.output()).toMatch(new RegExp(`worker ${pid} saiu \\(SIGKILL\\); iniciando outro`));
    } finally {
      await server.stop();
    }
  }, 90_000);

  it("an uncaught exception is logged, the worker exits and another takes its place", async () => {
    const server = await startServer(database.url, { WEB_CONCURRENCY: "2", TEST_HOOKS: "1" });
    try {
      const res = await fetch(`${server.baseUrl}/__test/throw`, POST);
      expect(res.status).toBe(202);
      const { pid } = await res.json();
      expect(await until(() => !alive(pid), 10_000)).toBe(true);
      expect(server.output()).toContain("uncaughtException (o processo será encerrado): Error: exceção de teste");
      const replaced = new RegExp(`worker ${pid} saiu \\(1\\); iniciando outro`);
      expect(await until(() => replaced.test(server.output()), 5000), server.output()).toBe(true);
      expect(await until(async () => (await pidsSeen(server.baseUrl, 6)).size === 2, 30_000)).toBe(true);
      expect(server.process.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  }, 90_000);
});

describe("one process (WEB_CONCURRENCY=1)", () => {
  it("an uncaught exception is logged and the process exits 1, for its supervisor to restart", async () => {
    const server = await startServer(database.url, { TEST_HOOKS: "1" });
    try {
      expect((await fetch(`${server.baseUrl}/__test/throw`, POST)).status).toBe(202);
      expect(await exitOf(server.process, 10_000)).toBe(1);
      expect(server.output()).toContain("uncaughtException (o processo será encerrado)");
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("without TEST_HOOKS the test routes do not exist", async () => {
    const server = await startServer(database.url);
    try {
      const res = await fetch(`${server.baseUrl}/__test/throw`, POST);
      expect([404, 405]).toContain(res.status);
      await new Promise((r) => setTimeout(r, 500));
      expect(server.process.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  }, 60_000);
});
