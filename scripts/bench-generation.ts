// npx tsx scripts/bench-generation.ts — times generating a month's charges (POST
// /api/charges/generate's service) on the benchmark network and on the franchise
// network (ten times as large), each in a process of its own, twice in a row (the
// second run creates nothing: idempotent), and reports each process's peak RSS.
//   --network=benchmark   only one network (default: both)
//   --short               the networks at a twentieth of their size (as `npm run bench -- --short`)
//   BENCH_DB=postgres TEST_DATABASE_URL=postgres://…   on PostgreSQL (a fresh database seeded for each network)
// On SQLite the seeded networks are cached in .tmp/bench-networks (scripts/bench-seed.ts).
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setupDatabase } from "../db/index.ts";
import { cachedSqliteNetwork, NETWORKS, seedLargeNetwork, type Network } from "./bench-seed.ts";
import { createTestDatabase } from "../tests/support/test-db.ts";

interface GenerationRun {
  month: string;
  created: number;
  skipped: number;
  seconds: number;
  cpuSeconds: number;
  again: { created: number; seconds: number };
  rssBeforeMb: number;
  peakRssMb: number;
}

if (process.argv.includes("--child")) {
  // One network's generation, in a fresh process: its peak RSS is the generation's.
  process.env.TZ ??= "America/Sao_Paulo";
  const { db, closeDb } = await import("../app/platform/db.server.ts");
  const { generateCharges, nextGenerationMonth } = await import("../app/domain/charges/service.server.ts");
  const { User } = await import("../db/models.ts");
  await db();
  const admin = await User.create({
    name: "Bench Financeiro",
    email: `bench.generation.${Date.now()}@escola.com.br`,
    passwordHash: "!unusable",
    userType: "Administrator",
  });
  const actor = { id: admin.id, userType: "Administrator" };
  const month = await nextGenerationMonth(actor, {});
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 1e6);
  let start = performance.now();
  const cpu = process.cpuUsage();
  const first = await generateCharges(actor, { month });
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  start = performance.now();
  const second = await generateCharges(actor, { month });
  const again = { created: second.created, seconds: (performance.now() - start) / 1000 };
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  await closeDb();
  const run: GenerationRun = { month, created: first.created, skipped: first.skipped, seconds, cpuSeconds, again, rssBeforeMb, peakRssMb };
  process.send!(run);
  process.exit(0);
}

const scale = process.argv.includes("--short") ? 0.05 : 1;
const kind = process.env.BENCH_DB === "postgres" ? "postgres" : "sqlite";
const chosen = process.argv.find((a) => a.startsWith("--network="))?.slice("--network=".length);
const networks: Network[] = chosen ? (chosen.split(",") as Network[]).filter((n) => NETWORKS.includes(n)) : [...NETWORKS];

async function seeded(network: Network): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-generation-"));
    const file = path.join(dir, "network.sqlite");
    await cachedSqliteNetwork(network, scale, file, setupDatabase);
    return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const database = await createTestDatabase("postgres");
  const sequelize = await setupDatabase(database.url);
  await seedLargeNetwork(sequelize, scale, network);
  await sequelize.close();
  return database;
}

const rows: string[] = [
  `Month generation on ${kind}${scale < 1 ? " (short: networks at a twentieth)" : ""} (${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}):`,
  "",
  "| network | month | charges created | seconds | CPU seconds (this process; SQLite's work included) | second run (created / seconds) | RSS before MB | peak RSS MB |",
  "|---|---|---|---|---|---|---|---|",
];
for (const network of networks) {
  console.log(`Preparing the ${network} network on ${kind}...`);
  const database = await seeded(network);
  try {
    const child = fork(import.meta.filename, ["--child"], {
      env: { ...process.env, DATABASE_URL: database.url },
      execArgv: ["--import", "tsx"],
    });
    const run = await new Promise<GenerationRun>((resolve, reject) => {
      child.once("message", (m) => resolve(m as GenerationRun));
      child.once("exit", (code) => (code ? reject(new Error(`generation on ${network}: exit ${code}`)) : undefined));
    });
    rows.push(
      `| ${network} | ${run.month} | ${run.created} | ${run.seconds.toFixed(2)} | ${run.cpuSeconds.toFixed(2)} | ${run.again.created} / ${run.again.seconds.toFixed(2)} | ${run.rssBeforeMb} | ${run.peakRssMb} |`,
    );
    console.log(rows.at(-1));
  } finally {
    await database.drop();
  }
}
console.log("\n" + rows.join("\n"));
