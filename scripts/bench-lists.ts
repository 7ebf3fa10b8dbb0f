// npx tsx scripts/bench-lists.ts — memory of the big JSON lists under concurrency.
// Seeds the benchmark network (scripts/bench-seed.ts) into a fresh database, starts the
// production build (WEB_CONCURRENCY processes, one per core by default), fires
// BENCH_CONCURRENT (20) simultaneous full `GET /api/trials` (no parameters: the whole
// list) and, meanwhile, samples the RSS of every server process every 50 ms and the
// latency of `GET /healthz` (one request after another, each on its own connection).
// Prints a Markdown summary. BUILD_DIR=… measures another build (e.g. of an older commit).
//   BENCH_DB=postgres TEST_DATABASE_URL=postgres://… npx tsx scripts/bench-lists.ts
//   BENCH_LISTS_DB=sqlite:.tmp/bench-net.sqlite  reuse (or create once and keep) a seeded SQLite file
//   BENCH_PATH=/api/trials/all-histories   another list
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import { setupDatabase } from "../db/index.ts";
import { seedLargeNetwork } from "./bench-seed.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";
import { startServer } from "../tests/support/server.ts";

const kind = process.env.BENCH_DB === "postgres" ? "postgres" : "sqlite";
const concurrent = Number(process.env.BENCH_CONCURRENT ?? 20);
const target = process.env.BENCH_PATH ?? "/api/trials";
const probePath = process.env.BENCH_PROBE ?? "/healthz";
const scale = Number(process.env.BENCH_SCALE ?? 1);
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism()) || 1);

function processTree(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...children.flatMap(processTree)];
  } catch {
    return [pid];
  }
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

let database: { url: string; drop: () => Promise<void> };
const keep = process.env.BENCH_LISTS_DB;
if (keep) {
  const file = keep.replace(/^sqlite:/, "");
  database = { url: keep, drop: async () => {} };
  if (!fs.existsSync(file)) {
    console.log(`Seeding ${keep}...`);
    const sequelize = await setupDatabase(keep);
    console.log(await seedLargeNetwork(sequelize, scale));
    await sequelize.close();
  }
} else {
  database = await createTestDatabase(kind);
  console.log(`Seeding the benchmark network on ${kind}...`);
  const sequelize = await setupDatabase(database.url);
  console.log(await seedLargeNetwork(sequelize, scale));
  await sequelize.close();
}

const server = await startServer(database.url, { WEB_CONCURRENCY: String(workers) });
try {
  const email = `bench.lists.${Date.now()}@escola.com.br`;
  const reg = await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench Lists", email, password: "segredo123", userType: "Administrator" }),
  });
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  // Warm-up: one full answer (compiles the code paths), then let memory settle.
  const warm = await fetch(server.baseUrl + target, { headers: { cookie, "accept-encoding": "identity" } });
  const warmBytes = (await warm.arrayBuffer()).byteLength;
  await new Promise((r) => setTimeout(r, 2000));
  const pids = processTree(server.process.pid!);
  const idle = pids.map(rssKb);

  const peak = new Map<number, number>(pids.map((p) => [p, 0]));
  let peakTotal = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      let total = 0;
      for (const p of pids) {
        const kb = rssKb(p);
        total += kb;
        if (kb > (peak.get(p) ?? 0)) peak.set(p, kb);
      }
      peakTotal = Math.max(peakTotal, total);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  // Each probe on a new connection (no pool shared with the list requests), as a load balancer does.
  const probe = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${server.baseUrl}${probePath}`, { agent: false }, (res) => {
          res.resume();
          res.on("end", resolve);
        })
        .on("error", reject);
    });
  const health: number[] = [];
  const prober = (async () => {
    while (running) {
      const start = performance.now();
      await probe();
      health.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: concurrent }, async () => {
      // Uncompressed, as the issue measured it (36 MB); compression would add the same CPU before and after.
      const res = await fetch(server.baseUrl + target, { headers: { cookie, "accept-encoding": "identity" } });
      // Read the body as a client would, without keeping it.
      let bytes = 0;
      const reader = res.body!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
      return { status: res.status, bytes, ms: performance.now() - started };
    }),
  );
  const elapsed = performance.now() - started;
  running = false;
  await Promise.all([sampler, prober]);

  const sorted = [...health].sort((a, b) => a - b);
  const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mb = (kb: number) => Math.round(kb / 1024);
  const lines = [
    `### \`GET ${target}\` × ${concurrent} at once on ${kind}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `Server: ${workers} worker process(es) (WEB_CONCURRENCY), processes ${pids.length} (primary + workers). One answer: ${warmBytes} bytes.`,
    "",
    `| measure | value |`,
    `|---|---|`,
    `| statuses | ${[...new Set(answers.map((a) => a.status))].join(", ")} |`,
    `| bytes per answer | ${[...new Set(answers.map((a) => a.bytes))].join(", ")} |`,
    `| all ${concurrent} answers done after | ${(elapsed / 1000).toFixed(1)} s |`,
    `| RSS before (per process) | ${idle.map(mb).join(" / ")} MB |`,
    `| peak RSS (per process) | ${pids.map((p) => mb(peak.get(p) ?? 0)).join(" / ")} MB |`,
    `| peak RSS (sum of processes) | ${mb(peakTotal)} MB |`,
    `| \`${probePath}\` during the run | ${health.length} probes, p50 ${pct(0.5).toFixed(0)} ms, p90 ${pct(0.9).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms |`,
    "",
  ];
  console.log(lines.join("\n"));
} finally {
  await server.stop();
  await database.drop();
}
