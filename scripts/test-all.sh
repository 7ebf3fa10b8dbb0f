#!/usr/bin/env bash
# Every test: typecheck, lint and formatting, the README's commands on a fresh clone, unit, build, service tests and HTTP API tests on SQLite (and PostgreSQL when
# TEST_DATABASE_URL is set), then end-to-end tests in Chromium with JS on and off (on PostgreSQL, JS on).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's title, with the minutes and seconds since the run began (to see where the time goes).
step() { printf '\n=== %s === (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

step "typecheck"
npm run -s typecheck

step "lint (ESLint, zero warnings) and formatting (Prettier)"
npm run -s lint
npm run -s format:check

step "the README's first command on a fresh clone (install, build, start), then db:seed"
npx vitest run -c vitest.readme.config.ts

step "unit tests"
npx vitest run

step "build"
npm run -s build > /dev/null

step "service tests on SQLite (commands and queries called directly)"
SERVICE_TEST_DB=sqlite npx vitest run -c vitest.service.config.ts

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "service tests on PostgreSQL"
  SERVICE_TEST_DB=postgres npx vitest run -c vitest.service.config.ts
fi

step "API tests on SQLite"
API_TEST_DB=sqlite npx vitest run -c vitest.api.config.ts

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL"
  API_TEST_DB=postgres npx vitest run -c vitest.api.config.ts
else
  echo "(TEST_DATABASE_URL not set: PostgreSQL run skipped)"
fi

step "end-to-end tests on SQLite (Chromium, JS on and off)"
npx playwright test

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Every screen again on PostgreSQL, with JavaScript on. The JS-off run stays on SQLite
  # only: what differs between the databases is the server's, and the no-JS forms' server
  # side runs on PostgreSQL in the API tests (the *-screens files). It halves this step.
  step "end-to-end tests on PostgreSQL (Chromium, JS on)"
  E2E_PORT=4174 npx tsx scripts/with-pg-database.ts npx playwright test --project=js
fi

step "load benchmark, short mode (no errors under load)"
npx tsx scripts/bench.ts --short

step "all tests passed"
