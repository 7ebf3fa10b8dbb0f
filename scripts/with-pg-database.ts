// Runs a command with E2E_DATABASE_URL set to a fresh PostgreSQL database created
// next to TEST_DATABASE_URL, and drops it afterwards:  tsx scripts/with-pg-database.ts npx playwright test
import { spawnSync } from "node:child_process";
import { createTestDatabase } from "../tests/support/test-db.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-pg-database.ts <command> [args...]");
  process.exit(2);
}
const database = await createTestDatabase("postgres");
let status = 1;
try {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, E2E_DATABASE_URL: database.url } });
  status = result.status ?? 1;
} finally {
  await database.drop();
}
process.exit(status);
