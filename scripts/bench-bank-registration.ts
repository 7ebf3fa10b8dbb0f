// npx tsx scripts/bench-bank-registration.ts — a month of the benchmark network generated with
// every branch connected to the fake API Pix bank (tests/support/fake-api-pix-bank.ts): how long
// until every charge is registered there as a `cobv` (issue 42's bar: under 2 minutes), with the
// job queue's runner of one app process.
//   --short   the network at a twentieth of its size
// On SQLite; the seeded network is cached in .tmp/bench-networks (scripts/bench-seed.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setupDatabase } from "../db/index.ts";
import { cachedSqliteNetwork } from "./bench-seed.ts";
import { startFakeApiPixBank } from "../tests/support/fake-api-pix-bank.ts";

const scale = process.argv.includes("--short") ? 0.05 : 1;
process.env.TZ ??= "America/Sao_Paulo";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "escola-bank-registration-"));
const file = path.join(dir, "network.sqlite");
console.log("Preparing the benchmark network...");
await cachedSqliteNetwork("benchmark", scale, file, setupDatabase);
process.env.DATABASE_URL = `sqlite:${file}`;

const bank = await startFakeApiPixBank({ acceptPastDueDates: true });
const { db, closeDb, selectRows } = await import("../app/platform/db.server.ts");
const { User, Branch } = await import("../db/models.ts");
const { generateCharges, nextGenerationMonth, updateBillingSettings } = await import("../app/domain/charges/service.server.ts");
const { updatePixProvider } = await import("../app/domain/bank/service.server.ts");
const { startJobRunner, stopJobRunner } = await import("../app/platform/jobs.server.ts");
const { jobRegistry } = await import("../app/server/jobs.server.ts");
await db();
const admin = await User.create({
  name: "Bench Banco",
  email: `bench.bank.${Date.now()}@escola.com.br`,
  passwordHash: "!unusable",
  userType: "Administrator",
});
const actor = { id: admin.id, userType: "Administrator" };
for (const branch of await Branch.findAll()) {
  await updateBillingSettings(actor, branch.id, { pixKey: "escola@exemplo.com.br", payeeName: "Escola", payeeCity: "São Paulo" });
  await updatePixProvider(actor, branch.id, { provider: "api-pix", ...bank.connection() });
}
startJobRunner(jobRegistry());
const month = await nextGenerationMonth(actor, {});
const start = performance.now();
const generated = await generateCharges(actor, { month });
const generationSeconds = (performance.now() - start) / 1000;
console.log(`${generated.created} charges of ${month} generated in ${generationSeconds.toFixed(1)} s; registering at the bank...`);
const count = async (status: string) =>
  Number(
    (
      await selectRows<{ n: number | string }>(
        `SELECT COUNT(*) AS "n" FROM "charges" WHERE "competence" = :month AND "bankStatus" = :status`,
        {
          month,
          status,
        },
      )
    )[0].n,
  );
const deadline = start + 300_000;
let pending = await count("Pendente");
while (pending > 0 && performance.now() < deadline) {
  await new Promise((r) => setTimeout(r, 1000));
  pending = await count("Pendente");
}
const seconds = (performance.now() - start) / 1000;
const registered = await count("Registrada");
console.log(
  `\n| charges | registered | still pending | generation s | generation + registration s | cobv PUTs at the bank | violations |\n|---|---|---|---|---|---|---|\n` +
    `| ${generated.created} | ${registered} | ${pending} | ${generationSeconds.toFixed(1)} | ${seconds.toFixed(1)} | ${bank.requestsTo("PUT", /^\/cobv\//).length} | ${bank.violations.length} |`,
);
await stopJobRunner();
await closeDb();
await bank.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(pending === 0 ? 0 : 1);
