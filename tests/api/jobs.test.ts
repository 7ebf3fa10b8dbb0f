import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { Sequelize } from "sequelize";
import { openDatabase } from "../../db/connection";
import { jobQueue } from "../../db/index";
import { ApiClient, anonymous, signIn, uniqueEmail, type Json } from "../support/http";
import { makeFailedJob } from "../support/factories";
import { startServer, type RunningServer } from "../support/server";
import { createTestDatabase } from "../support/test-db";

/**
 * The job queue through real servers (the production build), on the run's
 * database (SQLite or PostgreSQL): the Administrator's API and screen on the
 * run's server; the runner itself on servers of this file's own database, with
 * the test job kinds (JOBS_TEST_KINDS=1) and the test hooks that enqueue them
 * in a request and read the runs each process made.
 */

const dialect = inject("dialect");

describe("GET /api/jobs and POST /api/jobs/{id}/retry on the run's server", () => {
  let admin: ApiClient;
  let team: ApiClient;
  let client: ApiClient;
  beforeAll(async () => {
    [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  });

  it("the list: the Administrator's (200), 403 for Team and Client, 401 signed out, 400 for a status that is none", async () => {
    const job = await makeFailedJob({ lastError: "Banco recusou as credenciais" });
    const res = await admin.get("/api/jobs?status=failed");
    expect(res.status).toBe(200);
    const found = (res.body as Json[]).find((j) => j.id === job.id);
    expect(found).toEqual({
      id: job.id,
      kind: "test.unknown",
      label: "test.unknown",
      status: "failed",
      attempts: 10,
      runAt: job.runAt.toISOString(),
      lastError: "Banco recusou as credenciais",
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt!.toISOString(),
    });
    expect((await admin.get("/api/jobs?status=pending")).body.some((j: Json) => j.id === job.id)).toBe(false);
    expect((await team.get("/api/jobs")).status).toBe(403);
    expect((await client.get("/api/jobs")).status).toBe(403);
    expect((await anonymous().get("/api/jobs")).status).toBe(401);
    const bad = await admin.get("/api/jobs?status=stuck");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: "Situação inválida: use pending, running, done ou failed",
      errors: { status: ["Situação inválida: use pending, running, done ou failed"] },
    });
  });

  it("pages like the other lists (limit and cursor)", async () => {
    for (let i = 0; i < 3; i++) await makeFailedJob();
    const first = await admin.get("/api/jobs?status=failed&limit=2");
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get("Link") ?? "")?.[1];
    expect(next).toBeTruthy();
    const second = await admin.get(next!.replace(/^https?:\/\/[^/]+/, ""));
    expect(second.status).toBe(200);
    expect(second.body.map((j: Json) => j.id)).not.toContain(first.body[0].id);
  });

  it("retry: 200 with the job back in the queue, 409 when it is not failed, 404 unknown, 403 for Team, 401 signed out; audited", async () => {
    const job = await makeFailedJob();
    expect((await team.post(`/api/jobs/${job.id}/retry`)).status).toBe(403);
    expect((await anonymous().post(`/api/jobs/${job.id}/retry`)).status).toBe(401);
    expect((await admin.get("/api/jobs?status=failed")).body.some((j: Json) => j.id === job.id)).toBe(true);

    const res = await admin.post(`/api/jobs/${job.id}/retry`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: job.id, status: "pending", attempts: 0 });

    const again = await admin.post(`/api/jobs/${job.id}/retry`);
    // The run's server may already have tried it (an unknown kind: pending again, or running).
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Trabalho não está com falha");
    expect((await admin.post("/api/jobs/00000000-0000-4000-8000-000000000000/retry")).status).toBe(404);
    expect((await admin.post("/api/jobs/nao-e-um-id/retry")).status).toBe(404);

    const audit = await admin.get(`/api/audit?entity=jobs&entityId=${job.id}`);
    expect(audit.body.map((e: Json) => [e.action, e.userId, e.changes.status])).toEqual([
      ["update", admin.user!.id, { before: "failed", after: "pending" }],
    ]);
  });

  it("'Integrações': the Administrator's screen, the 403 page for Team, /auth signed out; 'Tentar de novo' without JavaScript (Post/Redirect/Get)", async () => {
    const job = await makeFailedJob({ lastError: "Certificado recusado pelo banco" });
    const page = await admin.raw("GET", "/integrations");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Integrações", "Fila de trabalhos", "Rotinas", "Certificado recusado pelo banco", "Tentar de novo"])
      expect(html).toContain(text);
    // The recurring cleanup, its schedule in words.
    expect(html).toContain("Limpeza periódica");
    expect(html).toContain("A cada hora");

    expect((await team.raw("GET", "/integrations")).status).toBe(403);
    const signedOut = await anonymous().raw("GET", "/integrations");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth/);

    expect((await team.form("/integrations", { intent: "retry", jobId: job.id })).status).toBe(403);
    const posted = await admin.form("/integrations", { intent: "retry", jobId: job.id });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/integrations#fila");
    const after = await admin.raw("GET", "/integrations");
    const afterHtml = await after.text();
    expect(afterHtml).toContain("Trabalho reenfileirado");
    const retried = await admin.get(`/api/jobs?status=failed`);
    expect(retried.body.some((j: Json) => j.id === job.id)).toBe(false);
  });

  it("the sidebar shows 'Integrações' to the Administrator only", async () => {
    expect(await (await admin.raw("GET", "/")).text()).toContain('href="/integrations"');
    expect(await (await team.raw("GET", "/")).text()).not.toContain('href="/integrations"');
  });
});

// ---- The runner, on servers of this file's own database ----

const RUNNER_ENV = {
  NODE_ENV: "test",
  TEST_HOOKS: "1",
  JOBS_TEST_KINDS: "1",
  JOBS_RETRY_BASE_MS: "5",
  JOBS_POLL_MS: "1000",
};

interface TestRun {
  jobId: string;
  attempt: number;
  tag: string;
  pid: number;
  ranAt: number;
}

let database: { url: string; drop: () => Promise<void> };
let direct: Sequelize;
const servers: RunningServer[] = [];

async function start(extra: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer(database.url, { ...RUNNER_ENV, ...extra });
  servers.push(server);
  return server;
}

async function enqueueOn(server: RunningServer, query: Record<string, string | number>): Promise<void> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${server.baseUrl}/__test/jobs?${qs}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  });
  expect(res.status).toBe(201);
}

async function runsOn(server: RunningServer): Promise<TestRun[]> {
  const res = await fetch(`${server.baseUrl}/__test/jobs/runs`);
  return ((await res.json()) as { runs: TestRun[] }).runs;
}

/** A GET on a connection of its own (no keep-alive), so that a cluster's next worker may answer. */
function getOnNewConnection(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms (${JSON.stringify(value).slice(0, 500)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobRows(): Promise<{ id: string; status: string; attempts: number; lastError: string | null; payload: string }[]> {
  const [rows] = await direct.query(`SELECT "id", "status", "attempts", "lastError", "payload" FROM "jobs"`);
  return (rows as { id: string; status: string; attempts: number | string; lastError: string | null; payload: string }[]).map((r) => ({
    ...r,
    attempts: Number(r.attempts),
  }));
}

const tagOf = (row: { payload: string }) => (JSON.parse(row.payload) as { tag?: string }).tag ?? "";

describe("the runner, in real servers", () => {
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    direct = openDatabase(database.url);
  });
  // Each test's servers stop after it: a server left running would take the next test's jobs.
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });
  afterAll(async () => {
    await direct?.close();
    await database?.drop();
  });

  it("refuses the test kinds in production", async () => {
    await expect(startServer(database.url, { ...RUNNER_ENV, NODE_ENV: "production" })).rejects.toThrow(
      /JOBS_TEST_KINDS: só para testes: nunca em produção/,
    );
  });

  it("a job enqueued by a request runs within 2 s of its commit, and one written by another process too (the poll)", async () => {
    const server = await start();
    const before = Date.now();
    await enqueueOn(server, { tag: "by-request" });
    const committed = Date.now();
    const [run] = await until(
      "the request's job",
      () => runsOn(server),
      (runs) => runs.some((r) => r.tag === "by-request"),
    );
    expect(run.ranAt - before).toBeLessThan(2000);
    expect(run.ranAt).toBeGreaterThanOrEqual(before);
    expect(committed - before).toBeLessThan(2000);

    // Written by another process (as another app server would): this server learns it by polling.
    const written = Date.now();
    await jobQueue.insertJob(direct, null, {
      kind: "test.record",
      payload: JSON.stringify({ tag: "by-another" }),
      key: null,
      runAt: new Date(),
    });
    const runs = await until(
      "the other process's job",
      () => runsOn(server),
      (all) => all.some((r) => r.tag === "by-another"),
    );
    const other = runs.find((r) => r.tag === "by-another")!;
    expect(other.ranAt - written).toBeLessThan(2000);
  });

  it("a failing job is tried 10 times with back-off, then 'Falhou' with its last error, and 'Tentar de novo' runs it again", async () => {
    const server = await start();
    await enqueueOn(server, { kind: "test.fail", message: "Banco não respondeu em 10 s", tag: "fails" });
    const failed = await until("the failing job", jobRows, (rows) =>
      rows.some((r) => r.status === "failed" && r.lastError === "Banco não respondeu em 10 s"),
    );
    const job = failed.find((r) => r.status === "failed")!;
    expect(job.attempts).toBe(10);

    const admin = new ApiClient(server.baseUrl);
    const registered = await admin.post("/api/register", {
      name: "Admin",
      email: uniqueEmail("admin"),
      password: "segredo123",
      userType: "Administrator",
    });
    expect(registered.status).toBe(201);
    const listed = await admin.get("/api/jobs?status=failed");
    expect(listed.body.find((j: Json) => j.id === job.id)).toMatchObject({
      label: "Teste: falhar",
      attempts: 10,
      lastError: "Banco não respondeu em 10 s",
    });
    expect((await admin.post(`/api/jobs/${job.id}/retry`)).status).toBe(200);
    await until("the retried job", jobRows, (rows) => rows.some((r) => r.id === job.id && r.status === "failed" && r.attempts === 10));
  });

  it("two app servers on one database run each job exactly once", async () => {
    const [a, b] = [await start(), await start()];
    const before = new Set([...(await runsOn(a)), ...(await runsOn(b))].map((r) => r.jobId));
    await Promise.all([
      enqueueOn(a, { tag: "pair-a", count: 60 }),
      enqueueOn(b, { tag: "pair-b", count: 60 }),
      enqueueOn(a, { tag: "pair-c", count: 60 }),
    ]);
    const fresh = async () => [...(await runsOn(a)), ...(await runsOn(b))].filter((r) => !before.has(r.jobId) && r.tag.startsWith("pair-"));
    const runs = await until("180 jobs", fresh, (all) => all.length >= 180);
    // A moment more: a second run of any of them would show now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const all = await fresh();
    expect(all).toHaveLength(180);
    expect(new Set(all.map((r) => r.jobId)).size).toBe(180);
    expect(new Set(all.map((r) => r.tag)).size).toBe(180);
    // Both servers took part.
    expect(new Set(runs.map((r) => r.pid)).size).toBe(2);
    const rows = (await jobRows()).filter((r) => tagOf(r).startsWith("pair-"));
    expect(rows.every((r) => r.status === "done" && r.attempts === 1)).toBe(true);
  });

  it("a server with WEB_CONCURRENCY=2: its workers run each job once (both answer with their own runs)", async () => {
    const server = await start({ WEB_CONCURRENCY: "2" });
    await enqueueOn(server, { tag: "cluster", count: 60 });
    await until("60 jobs done", jobRows, (rows) => rows.filter((r) => tagOf(r).startsWith("cluster") && r.status === "done").length === 60);
    // Each worker answers with its own runs: new connections reach both (the primary deals them round-robin).
    const byPid = new Map<number, TestRun[]>();
    await until(
      "both workers' runs",
      async () => {
        const answer = JSON.parse(await getOnNewConnection(`${server.baseUrl}/__test/jobs/runs`)) as { pid: number; runs: TestRun[] };
        byPid.set(answer.pid, answer.runs);
        return byPid.size;
      },
      (size) => size === 2,
    );
    const runs = [...byPid.values()].flat().filter((r) => r.tag.startsWith("cluster"));
    expect(runs).toHaveLength(60);
    expect(new Set(runs.map((r) => r.jobId)).size).toBe(60);
  });

  it("a pending job survives a restart; a job left running by a killed server runs again after the lock timeout", async () => {
    const first = await start();
    await enqueueOn(first, { tag: "after-restart", delayMs: 4000 });
    await first.stop();
    expect((await jobRows()).find((r) => tagOf(r) === "after-restart")?.status).toBe("pending");

    const second = await start({ JOBS_LOCK_TIMEOUT_MS: "2000" });
    await until(
      "the pending job",
      () => runsOn(second),
      (runs) => runs.some((r) => r.tag === "after-restart"),
      20_000,
    );

    // Killed in the middle of a long job: its row stays running, with the dead process's lock.
    await enqueueOn(second, { tag: "orphan", sleepMs: 30_000 });
    await until("the long job running", jobRows, (rows) => rows.some((r) => tagOf(r) === "orphan" && r.status === "running"));
    second.process.kill("SIGKILL");
    await new Promise((resolve) => second.process.once("exit", resolve));

    const third = await start({ JOBS_LOCK_TIMEOUT_MS: "2000" });
    const runs = await until(
      "the orphan",
      () => runsOn(third),
      (all) => all.some((r) => r.tag === "orphan"),
      60_000,
    );
    expect(runs.find((r) => r.tag === "orphan")!.attempt).toBe(2);
  });

  it("SIGTERM drains: a running job finishes before the server exits", async () => {
    const server = await start();
    await enqueueOn(server, { tag: "drained", sleepMs: 1500 });
    await until("the job running", jobRows, (rows) => rows.some((r) => tagOf(r) === "drained" && r.status === "running"));
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect((await jobRows()).find((r) => tagOf(r) === "drained")?.status).toBe("done");
  });
});
