// Two builds side by side, for a device's on/off comparison on a shared machine:
//   npx tsx scripts/bench-ab.ts <build dir A> <build dir B> "/trials?month=2026-10,/classes" [rounds] [--compressed]
// Both servers (one process each) run on the same database and are loaded at the
// same time (10 connections each, `rounds` × 8 s per target after 3 s of warm-up),
// so both see the same machine; each round prints the CPU milliseconds per request
// of each. The server loaded second measured a few per cent cheaper with the same
// build on both sides: run both orders (A B, then B A) and average.
// --compressed sends `Accept-Encoding: gzip, deflate, br`, as browsers do.
// --root-a=<dir> / --root-b=<dir> serve A / B from another checkout (its server.mjs and test
// helper, e.g. a worktree of an older commit, with its build): a before/after comparison.
// BENCH_DATABASE_URL reuses a seeded network; without it a SQLite one is seeded (~30 s).
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { setupDatabase } from "../db/index.ts";
import { seedLargeNetwork } from "./bench-seed.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";
import { startServer, type RunningServer } from "../tests/support/server.ts";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const compressed = process.argv.includes("--compressed");
const [buildA, buildB, targetList] = args;
if (!buildA || !buildB || !targetList) {
  console.error(
    'usage: npx tsx scripts/bench-ab.ts <build A> <build B> "<target>,<target>" [rounds] [--compressed] [--root-a=<dir>] [--root-b=<dir>]',
  );
  process.exit(2);
}
const targets = targetList.split(",");
const rounds = Number(args[3] ?? 3);
type Start = (url: string, env: Record<string, string>) => Promise<RunningServer>;
async function starter(flag: string): Promise<Start> {
  const root = process.argv.find((a) => a.startsWith(`${flag}=`))?.slice(flag.length + 1);
  return root ? (await import(path.resolve(root, "tests/support/server.ts"))).startServer : startServer;
}
const [startA, startB] = [await starter("--root-a"), await starter("--root-b")];

const database = process.env.BENCH_DATABASE_URL
  ? { url: process.env.BENCH_DATABASE_URL, drop: async () => {} }
  : await createTestDatabase("sqlite");
if (!process.env.BENCH_DATABASE_URL) {
  const sequelize = await setupDatabase(database.url);
  await seedLargeNetwork(sequelize, 1);
  await sequelize.close();
}

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
/** CPU time (user + system, ms) of a process and its children so far. */
function cpuMs(pid: number): number {
  const ticks = (p: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  return ([pid, ...childrenOf(pid)].reduce((sum, p) => sum + ticks(p), 0) * 1000) / 100;
}

async function start(build: string, label: string, serve: Start = startServer) {
  process.env.BUILD_DIR = build;
  const server = await serve(database.url, { WEB_CONCURRENCY: "1" });
  const reg = await fetch(`${server.baseUrl}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Bench Admin",
      email: `bench.ab.${label}.${Date.now()}@escola.com.br`,
      password: "segredo123",
      userType: "Administrator",
    }),
  });
  const headers: Record<string, string> = {
    cookie: reg.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
  if (compressed) headers["accept-encoding"] = "gzip, deflate, br";
  return { server, headers };
}

const a = await start(buildA, "a", startA);
const b = await start(buildB, "b", startB);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
try {
  console.log(`| target | ${buildA}: CPU ms/request per round | mean | ${buildB}: per round | mean | B saves |`);
  console.log("|---|---|---|---|---|---|");
  for (const target of targets) {
    const load = (x: typeof a, duration: number) =>
      autocannon({ url: x.server.baseUrl + target, connections: 10, duration, headers: x.headers });
    await Promise.all([load(a, 3), load(b, 3)]);
    const cpu: [number[], number[]] = [[], []];
    for (let r = 0; r < rounds; r++) {
      const before = [cpuMs(a.server.process.pid!), cpuMs(b.server.process.pid!)];
      const results = await Promise.all([load(a, 8), load(b, 8)]);
      results.forEach((result, i) => {
        const failed = result.errors + result.timeouts + result.non2xx;
        if (failed) console.error(`${target}: ${failed} errors on ${i ? buildB : buildA}`);
        const done = (result.requests as unknown as { total: number }).total;
        cpu[i].push((cpuMs([a, b][i].server.process.pid!) - before[i]) / Math.max(1, done));
      });
    }
    const [ma, mb] = cpu.map(mean);
    const f = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" ");
    console.log(
      `| \`${target}\` | ${f(cpu[0])} | ${ma.toFixed(2)} | ${f(cpu[1])} | ${mb.toFixed(2)} | ${((100 * (ma - mb)) / ma).toFixed(1)} % |`,
    );
  }
} finally {
  await a.server.stop();
  await b.server.stop();
  await database.drop();
}
