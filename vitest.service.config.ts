import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Service tests: the domain's commands and queries called directly (no HTTP) on a
// real database, a fresh SQLite file by default and PostgreSQL with
// SERVICE_TEST_DB=postgres (and TEST_DATABASE_URL). For the rules the HTML
// surface used to hold alone; fast, one process.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/service/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/support/global-database.ts"],
    setupFiles: ["./tests/support/setup-service.ts"],
    fileParallelism: false,
    // Generous: a machine two or three times slower than usual must not fail a test by itself.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
