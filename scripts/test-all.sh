#!/usr/bin/env bash
# Every test (`npm test`): typecheck, the README's first command on a fresh clone, unit
# tests, one production build, then against that build the service and HTTP API tests
# on SQLite and PostgreSQL (when TEST_DATABASE_URL is set), the end-to-end tests in
# Chromium (JS on and off on SQLite, JS on on PostgreSQL) beside the date pass
# (scripts/test-dates.sh: the date-sensitive tests with the clock moved), and the short load
# benchmark.
# Lint, format and import-rule checks run when package.json has those scripts.
#
# Steps that share no state run side by side, in groups sized for two cores. A step
# alone prints as it runs; steps side by side write to .tmp/test-all/<step>.log, and
# each log is printed in full when its step ends. Every step of a group runs to its end
# even if another fails; the run goes on to the next groups (a step that needs the build
# is skipped if the build failed), and fails at the end if any step failed. A table of
# each step's wall time and CPU time (user + system, its processes included) and the
# total closes the run, failed or not. No step has a time limit of its own: a slow
# machine makes the run slower, not red.
#
# The browser tests are two runs side by side, each its own server and fresh database:
# SQLite with JS on at E2E_PORT (default 4173), PostgreSQL with JS off at E2E_PORT + 1
# (SQLite when TEST_DATABASE_URL is not set).
#
# `bash scripts/test-all.sh e2e-sqlite e2e-nojs bench` runs only the named steps (in their
# groups; steps that need the build then use the build there is). TEST_ALL_LOGS sets the
# log folder (default .tmp/test-all, emptied when a run begins).
set -uo pipefail
# Each step in its own process group, so that an interrupted run stops the steps' processes too.
set -m
cd "$(dirname "$0")/.."

LOGS=${TEST_ALL_LOGS:-.tmp/test-all}
ONLY=" $* "
rm -rf "$LOGS" && mkdir -p "$LOGS"
E2E_PORT=${E2E_PORT:-4173}
E2E_PG_PORT=$((E2E_PORT + 1))
PG=${TEST_DATABASE_URL:+yes}

usec() { echo "${EPOCHREALTIME/./}"; }
RUN_START=$(usec)

declare -A TITLE CMD RESULT NEEDS
ORDER=()
# step ID TITLE COMMAND [needs=STEP]: a step is a shell command run with bash -c.
step() {
  TITLE[$1]=$2
  CMD[$1]=$3
  NEEDS[$1]=${4:-}
}

SCRIPTS=" $(node -p "Object.keys(require('./package.json').scripts ?? {}).join(' ')") "
script_exists() { [[ $SCRIPTS == *" $1 "* ]]; }

step typecheck "typecheck" "npm run -s typecheck"
step lint "lint (ESLint)" "npm run -s lint"
step format "format check (Prettier)" "npm run -s format:check"
step lint-deps "import rules" "npm run -s lint:deps"
step readme "the README's first command on a fresh clone (install, build, start), then db:seed" \
  "npx vitest run -c vitest.readme.config.ts"
step unit "unit tests" "npx vitest run"
step build "build (shared by every step below)" "npm run -s build > /dev/null"
step service-sqlite "service tests on SQLite" "SERVICE_TEST_DB=sqlite npx vitest run -c vitest.service.config.ts"
step service-pg "service tests on PostgreSQL" "SERVICE_TEST_DB=postgres npx vitest run -c vitest.service.config.ts"
step api-sqlite "API tests on SQLite" "API_TEST_DB=sqlite npx vitest run -c vitest.api.config.ts" build
step api-pg "API tests on PostgreSQL" "API_TEST_DB=postgres npx vitest run -c vitest.api.config.ts" build
# The browser tests: every test once with JavaScript on (SQLite) and once with it off
# (PostgreSQL), so each screen's client side runs in both modes and its server side (the
# same loaders and actions, with or without JS) on both databases. The empty states
# (e2e/*.first.ts, JS on and off) come first in the JS-on run: the project js depends on
# them; the JS-off run skips them (--no-deps).
step e2e-sqlite "end-to-end tests on SQLite (Chromium, JS on)" \
  "E2E_PORT=$E2E_PORT E2E_WORKERS=\${E2E_PAIR_WORKERS:-2} npx playwright test --project=js" build
# Without TEST_DATABASE_URL the JS-off run goes on SQLite, so JS off is never skipped.
if [ -n "$PG" ]; then
  step e2e-nojs "end-to-end tests on PostgreSQL (Chromium, JS off)" \
    "E2E_PORT=$E2E_PG_PORT E2E_WORKERS=\${E2E_PAIR_WORKERS:-2} npx tsx scripts/with-pg-database.ts npx playwright test --project=nojs --no-deps" build
else
  step e2e-nojs "end-to-end tests on SQLite (Chromium, JS off)" \
    "E2E_PORT=$E2E_PG_PORT E2E_WORKERS=\${E2E_PAIR_WORKERS:-2} npx playwright test --project=nojs --no-deps" build
fi
step bench "load benchmark, short mode (no errors under load)" "npx tsx scripts/bench.ts --short" build
# The date-sensitive service and API tests again, with the clock moved (libfaketime) to the last
# day of a month on a Saturday evening (already Sunday the 1st in UTC) and to Sunday the 1st.
step dates "date pass: month end on a Saturday evening, Sunday the 1st (SQLite)" "bash scripts/test-dates.sh" build
for id in "$@"; do
  [ -n "${TITLE[$id]:-}" ] || { echo "no step named '$id'; the steps: ${!TITLE[*]}" >&2; exit 2; }
done

# Runs one step in this (sub)shell: its start, end and CPU time go to $LOGS/ID.*.
run_step() {
  local id=$1 rc
  usec > "$LOGS/$id.start"
  bash -c "${CMD[$id]}" < /dev/null
  rc=$?
  # The children's line of `times`: the CPU time of the step's processes (those waited for).
  times > "$LOGS/$id.cpu"
  usec > "$LOGS/$id.end"
  return "$rc"
}

# Whether a step runs: it is skipped when it needs PostgreSQL without TEST_DATABASE_URL, or
# a script package.json does not have (yet), or a step that failed.
runnable() {
  local id=$1 need=${NEEDS[$1]}
  if [ "$ONLY" != "  " ] && [[ $ONLY != *" $id "* ]]; then
    RESULT[$id]="not selected"
    return 1
  fi
  ORDER+=("$id")
  case $id in
    *-pg)
      if [ -z "$PG" ]; then RESULT[$id]="skipped (TEST_DATABASE_URL not set)"; return 1; fi ;;
    lint) script_exists lint || { RESULT[$id]="skipped (no lint script)"; return 1; } ;;
    format) script_exists format:check || { RESULT[$id]="skipped (no format:check script)"; return 1; } ;;
    lint-deps) script_exists lint:deps || { RESULT[$id]="skipped (no lint:deps script)"; return 1; } ;;
  esac
  if [ -n "$need" ] && [ "${RESULT[$need]:-}" != "ok" ] && [ "${RESULT[$need]:-}" != "not selected" ]; then
    RESULT[$id]="skipped ($need failed)"
    return 1
  fi
}

record() {
  local id=$1 rc=$2
  if [ "$rc" -eq 0 ]; then RESULT[$id]="ok"; else RESULT[$id]="FAILED (exit $rc)"; fi
}

# group ID...: the steps side by side (one alone prints as it runs).
group() {
  local ids=() id pid rc
  for id in "$@"; do runnable "$id" && ids+=("$id"); done
  [ ${#ids[@]} -eq 0 ] && return 0
  if [ ${#ids[@]} -eq 1 ]; then
    id=${ids[0]}
    printf '\n=== %s ===\n' "${TITLE[$id]}"
    # In the background too (its own process group): Ctrl-C reaches this script, which stops it.
    ( run_step "$id" 2>&1 | tee "$LOGS/$id.log"; exit "${PIPESTATUS[0]}" ) &
    wait $!
    record "$id" "$?"
    return 0
  fi
  printf '\n=== side by side:%s ===\n' "$(for id in "${ids[@]}"; do printf ' [%s]' "${TITLE[$id]}"; done)"
  declare -A step_of=()
  for id in "${ids[@]}"; do
    run_step "$id" > "$LOGS/$id.log" 2>&1 &
    step_of[$!]=$id
  done
  while [ ${#step_of[@]} -gt 0 ]; do
    wait -n -p pid "${!step_of[@]}"
    rc=$?
    id=${step_of[$pid]}
    unset "step_of[$pid]"
    record "$id" "$rc"
    printf '\n=== %s: %s (output follows, %s) ===\n' "${TITLE[$id]}" "${RESULT[$id]}" "$LOGS/$id.log"
    cat "$LOGS/$id.log"
    printf '=== end of %s ===\n' "${TITLE[$id]}"
  done
}

fmt_s() { awk -v u="$1" 'BEGIN { s = u / 1e6; printf "%dm%04.1fs", int(s / 60), s - 60 * int(s / 60) }'; }
# The second line of `times` ("1m2.345s 0m1.000s": the children's user and system time) -> microseconds.
cpu_usec() { awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] } printf "%d", t * 1e6 }' "$1"; }

# The failed tests a step's log names (Vitest's "FAIL file > test", Playwright's "✘ … › test"),
# so that the end of the output, which may be all a reader gets, says what failed.
failed_tests() {
  sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$1.log" | grep -a -E '^ *(FAIL |✘ )|^ +[0-9]+\) \[' | sort -u | head -20 | sed 's/^ */      /'
}

summary() {
  local id total=$(( $(usec) - RUN_START )) cpu_total=0 wall cpu at failed=0 cut=0
  printf '\n=== time per step (wall clock; CPU = user + system of the step and its processes) ===\n'
  printf '%-58s %10s %10s %10s  %s\n' "step" "began at" "wall" "CPU" "result"
  for id in "${ORDER[@]}"; do
    if [ -f "$LOGS/$id.end" ]; then
      at=$(( $(cat "$LOGS/$id.start") - RUN_START ))
      wall=$(( $(cat "$LOGS/$id.end") - $(cat "$LOGS/$id.start") ))
      cpu=$(cpu_usec "$LOGS/$id.cpu")
      cpu_total=$((cpu_total + cpu))
      printf '%-58.58s %10s %10s %10s  %s\n' "${TITLE[$id]}" "$(fmt_s "$at")" "$(fmt_s "$wall")" "$(fmt_s "$cpu")" "${RESULT[$id]:-interrupted}"
    else
      printf '%-58.58s %10s %10s %10s  %s\n' "${TITLE[$id]}" "" "" "" "${RESULT[$id]:-interrupted}"
    fi
    case ${RESULT[$id]:-interrupted} in FAILED*) failed=$((failed + 1)) ;; interrupted) cut=$((cut + 1)) ;; esac
  done
  printf '%-58s %10s %10s %10s\n' "total" "" "$(fmt_s "$total")" "$(fmt_s "$cpu_total")"
  echo "load average now: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
  if [ "$failed" -gt 0 ]; then
    echo "$failed step(s) failed:"
    for id in "${ORDER[@]}"; do
      case ${RESULT[$id]:-} in FAILED*) echo "  - ${TITLE[$id]} (log: $LOGS/$id.log)"; failed_tests "$id" ;; esac
    done
    return 1
  fi
  if [ "$cut" -gt 0 ]; then
    echo "run interrupted: $cut step(s) cut short"
    return 1
  fi
  echo "all tests passed"
}

interrupted() {
  trap - INT TERM
  echo "interrupted: stopping the steps still running"
  local pid
  # SIGINT, as from Ctrl-C: Playwright and Vitest then stop their servers and drop their databases.
  for pid in $(jobs -p); do kill -INT -- "-$pid" 2>/dev/null; done
  # Half a minute to finish; then SIGTERM, and ten seconds later SIGKILL.
  for _ in $(seq 30); do [ -z "$(jobs -pr)" ] && break; sleep 1; done
  for pid in $(jobs -pr); do kill -TERM -- "-$pid" 2>/dev/null; done
  for _ in $(seq 10); do [ -z "$(jobs -pr)" ] && break; sleep 1; done
  for pid in $(jobs -pr); do kill -KILL -- "-$pid" 2>/dev/null; done
  wait
  summary
  exit 130
}
trap interrupted INT TERM

[ -n "$PG" ] || echo "(TEST_DATABASE_URL not set: the PostgreSQL steps are skipped)"

# The groups, in order. Each is sized so that two cores stay busy without a step starving.
group lint format lint-deps
group typecheck unit build
group readme service-sqlite service-pg
group api-sqlite api-pg
# The two browser runs side by side with two workers each: a run alone keeps the two cores
# about a third busy (its time goes in waiting on the page and the server); four browsers
# from two runs fill them better than three, and six (two runs of three) starve each other.
# The date pass beside them: the two browser runs leave about a third of the two cores idle,
# about what the date pass needs.
group e2e-sqlite e2e-nojs dates
group bench

summary
