import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit and component tests live beside the code (app/**, db/**); checks of the code itself in tests/architecture.
// HTTP tests against the built server live in tests/api and have their own config.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/support/setup-unit.ts"],
  },
});
