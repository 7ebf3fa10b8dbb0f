import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Integration tests: real HTTP against the production build (one server per run),
// on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/api/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/support/global-server.ts"],
    setupFiles: ["./tests/support/setup-api.ts"],
    // Generous: a machine two or three times slower than usual must not fail a test by itself.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
