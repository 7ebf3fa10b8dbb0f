import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit and component tests live beside the code (app/**, db/**); tests/architecture
// checks the import rules over the whole tree.
// HTTP tests against the built server live in tests/api and have their own config.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/setup-unit.ts"],
    // Generous: a machine two or three times slower than usual must not fail a test by itself.
    testTimeout: 30_000,
  },
});
