import { defineConfig } from "vitest/config";

// The README's own commands on a fresh clone (install, build, start, seed): slow, run on their own.
export default defineConfig({
  test: {
    include: ["tests/readme/**/*.test.ts"],
    environment: "node",
    testTimeout: 12 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
