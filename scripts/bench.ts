// npm run bench          — full load benchmark (large network, 10 s per target), writes docs/performance.md
// npm run bench -- --short — a quick run for CI (small network, 2 s per target): fails on any error
// The server runs as in production on this machine: WEB_CONCURRENCY worker processes,
// by default one per core (WEB_CONCURRENCY=1 npm run bench measures a single process).
// npm run bench -- --before=<checkout> — side by side with an older build: <checkout> is a
// worktree of an older commit with its node_modules and its build (`npm run build` there); each
// build gets its own network, seeded by its own code, and every target is measured on both in
// alternation (before, after, after, before), so both see the same minutes of the machine.
// npm run bench -- --network=franchise — flat cost (issue 41): the benchmark network and the franchise
// network (ten times as large: 50 branches, 200,000 families, 1,000,000 trials, ~530,000 charges),
// each on a server of its own, every screen and JSON list measured on both in alternation
// (benchmark, franchise, franchise, benchmark); prints the CPU per request on each and the ratio
// (bar: ≤ 1.3). On SQLite the seeded networks are kept in .tmp/bench-networks (a second run copies
// them); on PostgreSQL BENCH_DATABASE_URL and BENCH_FRANCHISE_DATABASE_URL reuse seeded databases.
// BENCH_NETWORK_SCALE=1 with --short measures the full-size networks for the short durations.
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase, setupDatabase } from "../db/index.ts";
import { cachedSqliteNetwork, seedLargeNetwork, type Network } from "./bench-seed.ts";
import { firstSessionDate, latestSessionOnOrBefore } from "../app/domain/calendar/sessions.ts";
import { today } from "../app/domain/calendar/dates.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";
import { freePort, startServer, TEST_SESSION_SECRET, type RunningServer } from "../tests/support/server.ts";
import { startFakeApiPixBank } from "../tests/support/fake-api-pix-bank.ts";

const short = process.argv.includes("--short") || process.env.BENCH_MODE === "short";
const kind = process.env.BENCH_DB === "postgres" ? "postgres" : "sqlite";
const duration = short ? 2 : 10;
const connections = 20;
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism()) || 1);

function month(offset = 0) {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
}

// Each target is warmed up first (not measured): the first seconds of a fresh
// server process measure V8 compiling its code, not the steady state.
const warmup = short ? 1 : 3;

/** CPU time (user + system, ms) used so far by a process and its worker processes. */
function cpuMs(pid: number): number {
  const ticks = (p: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of proc(5))
    } catch {
      return 0;
    }
  };
  return ([pid, ...childrenOf(pid)].reduce((sum, p) => sum + ticks(p), 0) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

let serverPid = 0;

/** Runs a measurement with its CPU counted on this server's processes. */
async function withPid<T>(server: RunningServer, measure: () => Promise<T>): Promise<T> {
  serverPid = server.process.pid!;
  return measure();
}

async function run(url: string, headers: Record<string, string>, time: { warmup: number; duration: number } = { warmup, duration }) {
  if (time.warmup > 0) await autocannon({ url, connections, duration: time.warmup, headers });
  const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
  const result = await autocannon({ url, connections, duration: time.duration, headers });
  const requests = (result.requests as unknown as { total: number }).total;
  const cpu = serverPid ? (cpuMs(serverPid) - cpuBefore) / Math.max(1, requests) : 0;
  return {
    cpu: Math.round(cpu * 100) / 100,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}

function rssMb(pid: number): number {
  const kb = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  // The primary and its worker processes.
  return Math.round([pid, ...childrenOf(pid)].reduce((sum, p) => sum + kb(p), 0) / 1024);
}

// --only=/guardians,/api/users measures only the targets starting with these paths;
// BENCH_DATABASE_URL reuses a network seeded before (by scripts/bench-seed.ts) instead of seeding one.
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
  .filter(Boolean);
const reused = process.env.BENCH_DATABASE_URL;
const beforeRoot = process.argv.find((a) => a.startsWith("--before="))?.slice("--before=".length);
if (beforeRoot && reused) throw new Error("--before seeds a network for each build: leave BENCH_DATABASE_URL unset");
const network = process.argv.find((a) => a.startsWith("--network="))?.slice("--network=".length) ?? "benchmark";
if (network !== "benchmark" && network !== "franchise") throw new Error(`--network=${network}: benchmark or franchise`);
const franchise = network === "franchise";
if (franchise && beforeRoot) throw new Error("--network=franchise compares two networks of this build: leave --before out");

/** A network for the franchise comparison: the cached SQLite file's copy, or a seeded (or given) PostgreSQL database. */
async function networkDatabase(which: Network, given: string | undefined): Promise<{ database: typeof database; sizes: object }> {
  if (given) return { database: { url: given, drop: async () => {} }, sizes: { reused: true } };
  const fresh = await createTestDatabase(kind);
  const start = Date.now();
  console.log(`Preparing the ${which} network on ${kind} (scale ${process.env.BENCH_NETWORK_SCALE ?? (short ? 0.05 : 1)})...`);
  // BENCH_NETWORK_SCALE=1 with --short: the full networks, measured briefly.
  const scale = Number(process.env.BENCH_NETWORK_SCALE ?? (short ? 0.05 : 1));
  let sizes: object;
  if (kind === "sqlite") {
    const cached = await cachedSqliteNetwork(which, scale, fresh.url.replace(/^sqlite:/, ""), setupDatabase);
    sizes = cached.sizes;
    console.log(`${cached.cached ? "Copied the cached" : "Seeded the"} ${which} network in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  } else {
    const sequelize = await setupDatabase(fresh.url);
    sizes = await seedLargeNetwork(sequelize, scale, which);
    await sequelize.close();
    console.log(`Seeded the ${which} network in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  }
  return { database: fresh, sizes };
}

/** A fresh database seeded with the benchmark network by a checkout's own code (its migrations). */
async function seededDatabase(root: string | null, label: string) {
  const database = await createTestDatabase(kind);
  console.log(`Seeding a ${short ? "small" : "large"} network on ${kind}${label}...`);
  const seedStart = Date.now();
  const code = root
    ? {
        setup: (await import(path.resolve(root, "db/index.ts"))).setupDatabase as typeof setupDatabase,
        seed: (await import(path.resolve(root, "scripts/bench-seed.ts"))).seedLargeNetwork as typeof seedLargeNetwork,
      }
    : { setup: setupDatabase, seed: seedLargeNetwork };
  const sequelize = await code.setup(database.url);
  const seeded = await code.seed(sequelize, short ? 0.05 : 1);
  await sequelize.close();
  console.log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s:`, seeded);
  return { database, sizes: seeded as object };
}

let database: { url: string; drop: () => Promise<void> };
let sizes: object = { reused: true };
let big: { database: typeof database; sizes: object } | null = null;
if (franchise) {
  ({ database, sizes } = await networkDatabase("benchmark", reused));
  big = await networkDatabase("franchise", process.env.BENCH_FRANCHISE_DATABASE_URL);
} else if (reused) database = { url: reused, drop: async () => {} };
else ({ database, sizes } = await seededDatabase(null, ""));
const before = beforeRoot ? (await seededDatabase(beforeRoot, ` for the build of ${beforeRoot}`)).database : null;
const selected = (target: string) => !only || only.some((prefix) => target.startsWith(prefix));

/** The roll call of the latest session (on or before today) of the class with the most active enrolments. */
async function rollCallTarget(url: string): Promise<{ classId: string; rollCall: string | null } | null> {
  // No migrations: the network of an older build (--before) keeps its own schema.
  const sequelize = openDatabase(url);
  try {
    const [top] = (await sequelize.query(
      `SELECT "e"."classId", COUNT(*) AS "n" FROM "enrollments" AS "e" WHERE "e"."status" = 'Ativa' GROUP BY "e"."classId" ORDER BY COUNT(*) DESC, "e"."classId" LIMIT 1`,
    )) as [Array<{ classId: string }>, unknown];
    if (!top.length) return null;
    const classId = top[0].classId;
    const [cls] = (await sequelize.query(`SELECT "createdAt" FROM "classes" WHERE "id" = :classId`, { replacements: { classId } })) as [
      Array<{ createdAt: string | Date }>,
      unknown,
    ];
    const [schedules] = (await sequelize.query(
      `SELECT "s"."id", "s"."dayOfWeek", "s"."startTime", "s"."endTime" FROM "class_schedules" AS "l"
       JOIN "classroom_schedules" AS "s" ON "s"."id" = "l"."scheduleId" WHERE "l"."classId" = :classId`,
      { replacements: { classId } },
    )) as [
      Array<{
        id: string;
        dayOfWeek: string;
        startTime: string;
        endTime: string;
      }>,
      unknown,
    ];
    const session = latestSessionOnOrBefore(schedules, firstSessionDate(cls[0].createdAt), today());
    return {
      classId,
      rollCall: session ? `/classes/${classId}/attendance?date=${session.date}&scheduleId=${session.scheduleId}` : null,
    };
  } finally {
    await sequelize.close();
  }
}
const busiest = await rollCallTarget(database.url);
const rollCall = busiest?.rollCall ?? null;
// The roster of the class with the most active enrolments.
const roster = busiest ? `/classes/${busiest.classId}/students` : null;
// The older build's network is seeded alike, its roll call found the same way.
const beforeBusiest = before ? await rollCallTarget(before.url) : null;
const beforeRollCall = beforeBusiest?.rollCall ?? null;
const beforeRoster = beforeBusiest ? `/classes/${beforeBusiest.classId}/students` : null;
// The franchise network's own roll call and roster (the busiest class there).
const bigBusiest = big ? await rollCallTarget(big.database.url) : null;
const bigRollCall = bigBusiest?.rollCall ?? null;
const bigRoster = bigBusiest ? `/classes/${bigBusiest.classId}/students` : null;

/** An administrator's session cookie on a server. */
async function signedIn(server: RunningServer): Promise<Record<string, string>> {
  const email = `bench.admin.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@escola.com.br`;
  const reg = await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Bench Admin",
      email,
      password: "segredo123",
      userType: "Administrator",
    }),
  });
  if (!reg.ok) throw new Error(`register on ${server.baseUrl}: ${reg.status}`);
  return {
    cookie: reg.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

const server = await startServer(database.url, {
  WEB_CONCURRENCY: String(workers),
});
const beforeServer = before
  ? await ((await import(path.resolve(beforeRoot!, "tests/support/server.ts"))).startServer as typeof startServer)(before.url, {
      WEB_CONCURRENCY: String(workers),
    })
  : null;
const bigServer = big ? await startServer(big.database.url, { WEB_CONCURRENCY: String(workers) }) : null;
const failures: string[] = [];
const rows: string[] = [];

/** A target as the tables name it: the roll call's and the roster's URLs carry ids, so they are named. */
function targetLabel(target: string): string {
  if (target === rollCall) return "roll call (`/classes/:id/attendance?date=&scheduleId=`)";
  if (target === roster) return "roster (`/classes/:id/students`)";
  return `\`${target}\``;
}

/** The same target on another network (its own roll call and roster: their class and date are that network's). */
function onNetwork(other: { rollCall: string | null; roster: string | null }) {
  return (target: string) =>
    target === rollCall && other.rollCall ? other.rollCall : target === roster && other.roster ? other.roster : target;
}

/** A round's errors fail the run, each round named by the server that answered it. */
function recordErrors(target: string, rounds: ReadonlyArray<readonly [{ errors: number }, string]>) {
  for (const [r, which] of rounds) if (r.errors > 0) failures.push(`${target} (${which}): ${r.errors} errors`);
}

// ---- Each screen's CPU per request over the bare server's (issue 41's bar) ----
// The app's figures come from the table above (the mean of its rounds); the bare
// node:http server (scripts/bench-baseline.ts) answers the same screen with the same
// domain reads and the same session lookup, as JSON, and is measured the same way
// (its own process's CPU time from /proc over the requests it answered).
type Measured = Awaited<ReturnType<typeof run>>;
const screenCpu = new Map<string, { app: Measured[]; before: Measured[] }>();
const RATIO_BAR = 20;
const P99_BAR = 250;
async function screenRatios(port: number, appHeaders: Record<string, string>): Promise<string[]> {
  const mean = (rs: Measured[]) => rs.reduce((sum, r) => sum + r.cpu, 0) / rs.length;
  const out = [
    "",
    `Each screen's CPU per request (ms, user + system of the server's processes) over the bare node:http server's reading the same rows (\`scripts/bench-baseline.ts\`). Bar: ratio ≤ ${RATIO_BAR}, p99 < ${P99_BAR} ms.`,
    "",
    `| screen | app CPU ms | bare CPU ms | app ÷ bare | app p99 ms | bar met |${screenCpu.values().next().value?.before.length ? " before: CPU ms | before ÷ bare |" : ""}`,
    `|---|---|---|---|---|---|${screenCpu.values().next().value?.before.length ? "---|---|" : ""}`,
  ];
  for (const [target, { app, before }] of screenCpu) {
    serverPid = baselinePid;
    // The short run (CI) checks that the bare server answers every screen without errors: one second each.
    const bare = await run(`http://127.0.0.1:${port}${target}`, appHeaders, short ? { warmup: 0, duration: 1 } : { warmup, duration });
    if (bare.errors > 0) failures.push(`${target} (bare server): ${bare.errors} errors`);
    const ratio = mean(app) / Math.max(0.01, bare.cpu);
    const p99 = Math.max(...app.map((r) => r.p99));
    // A round with no answer in its seconds (a saturated machine) measures nothing.
    const answered = [...app, bare].every((r) => r.rps > 0);
    const met = !answered ? "no answers" : ratio <= RATIO_BAR && p99 < P99_BAR ? "yes" : "NO";
    const label = target === rollCall ? "roll call" : target === roster ? "roster" : `\`${target}\``;
    out.push(
      `| ${label} | ${mean(app).toFixed(2)} | ${bare.cpu.toFixed(2)} | ${ratio.toFixed(1)} | ${p99} | ${met} |` +
        (before.length ? ` ${mean(before).toFixed(2)} | ${(mean(before) / Math.max(0.01, bare.cpu)).toFixed(1)} |` : ""),
    );
    console.log(out.at(-1));
  }
  serverPid = server.process.pid!;
  return out;
}
let baselinePid = 0;

// ---- The bank's Pix webhook (issue 42): the inbox's posts per second ----
// A branch of its own is connected to a fake API Pix bank (tests/support/fake-api-pix-bank.ts) that
// has received every Pix posted (so the jobs that read each one back at the bank find it); each post
// carries one Pix not posted before, as a bank does. Bar: ≥ 500 posts/s, no error. The jobs run meanwhile.
const WEBHOOK_TARGET = "/api/webhooks/pix";
const WEBHOOK_BAR = 500;
async function webhookInbox(headers: Record<string, string>) {
  const bank = await startFakeApiPixBank();
  try {
    const api = (method: string, url: string, body?: unknown) =>
      fetch(server.baseUrl + url, {
        method,
        headers: { ...headers, "Content-Type": "application/json", Origin: server.baseUrl },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A branch of its own: connecting one of the network's would register its open charges at the bank meanwhile (ADR 024).
    const created = await api("POST", "/api/branches", { name: `Unidade Pix ${Date.now()}`, address: "Av. Paulista, 1000", active: true });
    if (created.status !== 201) throw new Error(`a branch for the webhook: ${created.status} ${await created.text()}`);
    const branchId = ((await created.json()) as { id: string }).id;
    const c = bank.connection();
    const put = await api("PUT", `/api/branches/${branchId}/pix-provider`, { provider: "api-pix", pixKey: "bench@escola.com.br", ...c });
    if (!put.ok) throw new Error(`connecting a branch for the webhook: ${put.status} ${await put.text()}`);
    const webhookUrl = ((await put.json()) as { webhookUrl: string }).webhookUrl;
    const path = `${new URL(webhookUrl).pathname}/pix`;
    // More Pix than the run can post: each post is a new one.
    const pool = Array.from({ length: short ? 5_000 : 40_000 }, () => bank.receivePix({ valor: "150.00", chave: "bench@escola.com.br" }));
    let next = 0;
    const post = async (seconds: number) => {
      const cpuBefore = cpuMs(server.process.pid!);
      const result = await autocannon({
        url: server.baseUrl + path,
        connections,
        duration: seconds,
        requests: [
          {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            setupRequest: (req) => {
              const pix = pool[next++ % pool.length];
              return { ...req, body: JSON.stringify({ pix: [{ endToEndId: pix.endToEndId, valor: pix.valor, horario: pix.horario }] }) };
            },
          },
        ],
      });
      const total = (result.requests as unknown as { total: number }).total;
      return {
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpu: Math.round(((cpuMs(server.process.pid!) - cpuBefore) / Math.max(1, total)) * 100) / 100,
        errors: result.errors + result.timeouts + result.non2xx,
      };
    };
    await post(warmup);
    const r = await post(duration);
    if (r.errors > 0) failures.push(`${WEBHOOK_TARGET}: ${r.errors} errors`);
    const goal = r.rps >= WEBHOOK_BAR && r.errors === 0 ? `yes (≥${WEBHOOK_BAR} posts/s)` : `NO (≥${WEBHOOK_BAR} posts/s)`;
    rows.push(
      `| \`POST ${WEBHOOK_TARGET}/:branchId/:secret/pix\` (one new Pix each) | JSON | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpu} | ${r.errors} | – | ${goal} |`,
    );
    console.log(rows.at(-1));
  } finally {
    await bank.close();
  }
}

try {
  const headers = await signedIn(server);

  const screens = [
    "/",
    "/trials",
    `/trials?month=${month(-1)}`,
    "/classes",
    "/today",
    ...(rollCall ? [rollCall] : []),
    ...(roster ? [roster] : []),
    "/guardians",
    "/students",
    "/charges",
    "/billing/overdue",
    `/guardians?q=${encodeURIComponent(short ? "Pessoa 123" : "Pessoa 12345")}`,
    "/users",
    "/offers",
    "/branches",
    "/courses",
    // The reports over the last 12 months (their default period).
    "/reports/funnel",
    "/reports/students",
    "/reports/attendance",
    "/reports/finance",
  ];
  const lists = [
    "/api/courses",
    "/api/branches",
    "/api/offers",
    "/api/classrooms",
    "/api/classes",
    "/api/class-schedules",
    `/api/trials?month=${month()}`,
    "/api/users",
    "/api/reports/funnel",
    "/api/reports/students",
    "/api/reports/attendance",
    "/api/reports/finance",
  ];

  serverPid = server.process.pid!;
  if (bigServer) {
    const bigHeaders = await signedIn(bigServer);
    const onBig = onNetwork({ rollCall: bigRollCall, roster: bigRoster });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    rows.push(
      "Each target measured in the order benchmark, franchise, franchise, benchmark; CPU = the server's processes' CPU time (user + system) per request, the mean of its two rounds. Bar: franchise ÷ benchmark ≤ 1.3.",
      "",
      "| target | kind | benchmark CPU ms/request | franchise CPU ms/request | franchise ÷ benchmark | bar met | benchmark p99 ms | franchise p99 ms | franchise bytes/answer | load (1 min) |",
      "|---|---|---|---|---|---|---|---|---|---|",
    );
    // A whole JSON list (no `limit`) answers every row by contract: ten times the rows on the franchise network.
    // Its first page (`limit=50`, keyset) is what a client pages with, and is measured too.
    const pages = lists.filter((l) => !l.startsWith("/api/reports/")).map((l) => `${l}${l.includes("?") ? "&" : "?"}limit=50`);
    for (const target of [...screens, ...lists, ...pages].filter(selected)) {
      const b1 = await withPid(server, () => run(server.baseUrl + target, headers));
      const f1 = await withPid(bigServer, () => run(bigServer.baseUrl + onBig(target), bigHeaders));
      const f2 = await withPid(bigServer, () => run(bigServer.baseUrl + onBig(target), bigHeaders));
      const b2 = await withPid(server, () => run(server.baseUrl + target, headers));
      recordErrors(target, [
        [b1, "benchmark"],
        [f1, "franchise"],
        [f2, "franchise"],
        [b2, "benchmark"],
      ]);
      const bCpu = mean([b1.cpu, b2.cpu]);
      const fCpu = mean([f1.cpu, f2.cpu]);
      const ratio = fCpu / Math.max(0.01, bCpu);
      const label = targetLabel(target);
      rows.push(
        `| ${label} | ${target.startsWith("/api/") ? "JSON" : "HTML"} | ${bCpu.toFixed(2)} | ${fCpu.toFixed(2)} | ${ratio.toFixed(2)} | ${ratio <= 1.3 ? "yes" : "NO"} | ${Math.max(b1.p99, b2.p99)} | ${Math.max(f1.p99, f2.p99)} | ${Math.round(mean([f1.bytes, f2.bytes]))} | ${os.loadavg()[0].toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    }
    rows.push(
      "",
      `Server memory after the run (RSS, primary and workers): benchmark ${rssMb(server.process.pid!)} MB, franchise ${rssMb(bigServer.process.pid!)} MB.`,
      "",
      `Franchise network: ${JSON.stringify(big!.sizes)}.`,
    );
  } else if (beforeServer) {
    const beforeHeaders = await signedIn(beforeServer);
    // The same target on the older network: the roll call's class and date are its own.
    const onBefore = onNetwork({ rollCall: beforeRollCall, roster: beforeRoster });
    const cell = (r: Awaited<ReturnType<typeof run>>) => `${r.rps} / ${r.p50} / ${r.p99} / ${r.cpu}`;
    const met = (rs: Array<Awaited<ReturnType<typeof run>>>) =>
      rs.every((r) => r.rps >= 150 && r.p99 < 300 && r.errors === 0)
        ? "yes"
        : rs.some((r) => r.rps >= 150 && r.p99 < 300 && r.errors === 0)
          ? "in 1 of 2"
          : "no";
    rows.push(
      `Each cell: requests/s / p50 ms / p99 ms / server CPU ms per request; before = \`${beforeRoot}\`, measured in the order before, after, after, before. Bar: ≥ 150 requests/s, p99 < 300 ms.`,
      "",
      "| target | before, round 1 | after, round 1 | after, round 2 | before, round 2 | bar met: before | bar met: after | load (1 min) |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const target of screens.filter(selected)) {
      const b1 = await withPid(beforeServer, () => run(beforeServer.baseUrl + onBefore(target), beforeHeaders));
      const a1 = await withPid(server, () => run(server.baseUrl + target, headers));
      const a2 = await withPid(server, () => run(server.baseUrl + target, headers));
      const b2 = await withPid(beforeServer, () => run(beforeServer.baseUrl + onBefore(target), beforeHeaders));
      screenCpu.set(target, { app: [a1, a2], before: [b1, b2] });
      recordErrors(target, [
        [b1, "before"],
        [a1, "after"],
        [a2, "after"],
        [b2, "before"],
      ]);
      const label = targetLabel(target);
      rows.push(
        `| ${label} | ${cell(b1)} | ${cell(a1)} | ${cell(a2)} | ${cell(b2)} | ${met([b1, b2])} | ${met([a1, a2])} | ${os.loadavg()[0].toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    }
    serverPid = server.process.pid!;
  } else {
    rows.push(
      "| target | kind | requests/s | p50 ms | p99 ms | CPU ms/request | errors | bytes/answer | target met |",
      "|---|---|---|---|---|---|---|---|---|",
    );
    for (const target of [...screens, ...lists].filter(selected)) {
      const isScreen = !target.startsWith("/api/");
      const r = await run(server.baseUrl + target, headers);
      if (isScreen) screenCpu.set(target, { app: [r], before: [] });
      let goal = "–";
      const screenBar =
        target.startsWith("/trials") ||
        target === "/classes" ||
        target === "/guardians" ||
        target === "/today" ||
        target === rollCall ||
        target === roster ||
        target === "/students" ||
        target.startsWith("/reports/") ||
        target.startsWith("/api/reports/") ||
        target === "/charges" ||
        target === "/billing/overdue";
      if (screenBar) goal = r.rps >= 150 && r.p99 < 300 && r.errors === 0 ? "yes (≥150 rps, p99<300)" : "NO (≥150 rps, p99<300)";
      else if (target.startsWith("/api/trials?month=")) goal = r.rps >= 100 && r.errors === 0 ? "yes (≥100 rps)" : "NO (≥100 rps)";
      else if (!isScreen && r.bytes < 100_000) goal = r.rps >= 300 && r.errors === 0 ? "yes (≥300 rps)" : "NO (≥300 rps)";
      if (r.errors > 0) failures.push(`${target}: ${r.errors} errors`);
      rows.push(
        `| \`${target}\` | ${isScreen ? "HTML" : "JSON"} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpu} | ${r.errors} | ${r.bytes} | ${goal} |`,
      );
      console.log(rows.at(-1));
    }
  }
  if (!bigServer && !beforeServer && selected(WEBHOOK_TARGET)) await webhookInbox(headers);
  rows.push("", `Server memory after the run (RSS, primary and workers): ${rssMb(server.process.pid!)} MB.`);

  // Baseline: the same JSON from a bare node:http server (not in the franchise comparison).
  const port = await freePort();
  const baseline = fork(path.resolve(import.meta.dirname, "bench-baseline.ts"), [], {
    // The app's session secret and zone: the bare server looks the bench's session up as the app does.
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(port), SESSION_SECRET: TEST_SESSION_SECRET, TZ: "America/Sao_Paulo" },
    execArgv: ["--import", "tsx"],
  });
  await new Promise((resolve) => baseline.once("message", resolve));
  baselinePid = baseline.pid!;
  // The machine's speed drifts from one minute to the next: the app and the bare server are
  // measured in alternation (three rounds each, the app first then last), and the ratio is
  // that of their mean requests/s.
  const compared = bigServer ? [] : ["/api/courses", "/api/branches"].filter(selected);
  if (compared.length)
    rows.push("", "| JSON list | app requests/s (rounds) | bare node:http requests/s (rounds) | app ÷ bare |", "|---|---|---|---|");
  // With --before, the older build's app is a third party of each round (its own network: the same seeded lists).
  if (beforeServer) rows.splice(rows.length - 1, 1, "|---|---|---|---|---|---|");
  if (beforeServer)
    rows.splice(
      rows.length - 2,
      1,
      "| JSON list | app requests/s (rounds) | bare node:http requests/s (rounds) | app ÷ bare | before: app requests/s (rounds) | before ÷ bare |",
    );
  const beforeHeaders = beforeServer ? await signedIn(beforeServer) : {};
  for (const target of compared) {
    const app: number[] = [];
    const bare: number[] = [];
    const old: number[] = [];
    for (let round = 0; round < 3; round++) {
      const parties = [
        () => withPid(server, () => run(server.baseUrl + target, headers)).then((r) => app.push(r.rps)),
        () => run(`http://127.0.0.1:${port}${target}`, {}).then((r) => bare.push(r.rps)),
        ...(beforeServer
          ? [() => withPid(beforeServer, () => run(beforeServer.baseUrl + target, beforeHeaders)).then((r) => old.push(r.rps))]
          : []),
      ];
      for (const measure of round % 2 ? parties.reverse() : parties) await measure();
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = (xs: number[]) => (mean(xs) / Math.max(1, mean(bare))).toFixed(2);
    rows.push(
      `| \`${target}\` | ${Math.round(mean(app))} (${app.join(", ")}) | ${Math.round(mean(bare))} (${bare.join(", ")}) | ${ratio(app)} |` +
        (beforeServer ? ` ${Math.round(mean(old))} (${old.join(", ")}) | ${ratio(old)} |` : ""),
    );
    console.log(rows.at(-1));
  }
  rows.push(...(await screenRatios(port, headers)));
  baseline.kill("SIGTERM");
} finally {
  await server.stop();
  await beforeServer?.stop();
  await bigServer?.stop();
  await database.drop();
  await before?.drop();
  await big?.database.drop();
}

const report = [
  `### ${short ? "Short" : "Full"} run on ${kind}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
  "",
  `Load average (1, 5, 15 min) at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}.`,
  "",
  `Command: \`${short ? "npm run bench -- --short" : "npm run bench"}${franchise ? `${short ? "" : " --"} --network=franchise` : ""}${beforeRoot ? `${short ? "" : " --"} --before=${beforeRoot}` : ""}\`${kind === "postgres" ? " with `BENCH_DB=postgres TEST_DATABASE_URL=…`" : ""}; server with ${workers} worker process(es) (WEB_CONCURRENCY); ${connections} connections, ${duration} s per target after ${warmup} s of warm-up; network: ${JSON.stringify(sizes)}.`,
  "",
  ...rows,
  "",
].join("\n");
if (!short && !only && !beforeRoot && !franchise) {
  fs.mkdirSync("docs", { recursive: true });
  fs.writeFileSync(`docs/bench-latest-${kind}.md`, report);
  console.log(`\nWritten to docs/bench-latest-${kind}.md`);
} else {
  console.log("\n" + report);
}
if (failures.length) {
  console.error("Errors under load:\n" + failures.join("\n"));
  process.exit(1);
}
