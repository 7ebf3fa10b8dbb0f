import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Integration tests: real HTTP against the production build (one server per run),
// on SQLite by default and on PostgreSQL when TEST_DATABASE_URL is set.
/**
 * Files about the HTTP process itself, not about the data: a stuck worker's watchdog, secret
 * rotation, the reverse proxy, the body caps, the front door (methods, URL, Host), the security
 * and cache headers, the sign-in redirect, the read lane's route ranking, the read lane's answers
 * against React Router's (both doors read the same database through the same domain functions:
 * their equality is the HTTP layer's) the development server and the production build's files. What they check does not
 * depend on the database, so they run in the SQLite run only; every file about the data runs on
 * both databases.
 */
const PROCESS_ONLY = [
  "watchdog",
  "secrets",
  "reverse-proxy",
  "body-limit",
  "front-door",
  "security-headers",
  "no-store",
  "sign-in-redirect",
  "lane-ranking",
  "lane-router-equality",
  "dev-server",
  "method-not-allowed",
  "production-build",
].map((name) => `tests/api/${name}.test.ts`);

/**
 * Files that need PostgreSQL itself (a streaming replica of the test server): in the
 * PostgreSQL run only.
 */
const POSTGRES_ONLY = ["read-replica"].map((name) => `tests/api/${name}.test.ts`);

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/api/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.API_TEST_DB === "postgres" ? PROCESS_ONLY : POSTGRES_ONLY)],
    environment: "node",
    globalSetup: ["./tests/support/global-server.ts"],
    setupFiles: ["./tests/support/setup-api.ts"],
    // Generous: a machine two or three times slower than usual must not fail a test by itself.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
