import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh database per run: SQLite by default, or E2E_DATABASE_URL (PostgreSQL).
const workDir = `.tmp/e2e-${port}`;
const databaseUrl = process.env.E2E_DATABASE_URL ?? `sqlite:${workDir}/e2e.sqlite`;
// Tests that prepare rows directly (e2e/db.ts) connect to the same database.
process.env.E2E_DB_URL = databaseUrl;

// Chromium's headless shell (Debian's chromium-headless-shell) when it is installed: it runs the
// same engine without the browser's UI process, and the suite runs about a quarter faster on
// two cores. The full browser otherwise; CHROMIUM_PATH chooses another.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ??
  "/usr/bin/chromium";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  // Each run's traces and screenshots in its own folder: `npm test` runs the SQLite and the
  // PostgreSQL runs side by side, and a run empties its output folder when it starts.
  outputDir: `test-results/e2e-${port}`,
  // Every test on its own (fresh users, unique names): tests and files spread over the workers.
  fullyParallel: true,
  // Three browsers at once: on two cores a run spends much of its time waiting on the
  // server and the page, so a third worker cut the JS-on run from about 7 to 4 minutes.
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  // Generous limits: CI shares two cores between the server, PostgreSQL and two browsers,
  // and a machine two or three times slower than usual must not fail a test by itself.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // A failed test keeps its trace (each step's DOM snapshot) and a screenshot of the end. The
    // trace's screencast is left out: encoding a frame of every page change cost a quarter of the
    // run's time on two cores (two files: 70 s with it, 61 s without, 54 s with no trace).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    // Tests tagged @js-only exercise an enhancement (modal focus trap, Escape, Ctrl+B...);
    // tests tagged @nojs-only exercise the fallback markup. Everything else runs in both.
    // First, on the run's fresh database: the empty states of global lists (e2e/*.first.ts),
    // which no other test could see once the others have added rows.
    { name: "first-js", testMatch: /\.first\.ts$/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "first-nojs", testMatch: /\.first\.ts$/, use: { ...chromium, javaScriptEnabled: false }, dependencies: ["first-js"] },
    { name: "js", grepInvert: /@nojs-only/, use: { ...chromium, javaScriptEnabled: true }, dependencies: ["first-nojs"] },
    { name: "nojs", grepInvert: /@js-only/, use: { ...chromium, javaScriptEnabled: false }, dependencies: ["first-nojs"] },
  ],
  webServer: {
    command: `rm -rf ${workDir} && mkdir -p ${workDir} && node server.mjs`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-123456",
      DATA_ENCRYPTION_KEY: "e2eda7a0".repeat(8),
      UPLOAD_DIR: `${workDir}/uploads`,
      APP_NAME: "Escola Teste",
      TZ: "America/Sao_Paulo",
    },
  },
});
