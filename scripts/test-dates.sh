#!/usr/bin/env bash
# The date-sensitive tests on the days that break date code (`npm test` runs it as the step
# "dates"): the service and API test files about calendar dates, money and reports,
# on SQLite against the production build, with the clock of every process (Vitest, the server,
# its workers) moved by libfaketime to two instants in São Paulo that between them hold the
# four days that break date code:
#
#   Saturday 2027-07-31 22:30 (-03:00)   the last day of a month, a Saturday evening, and
#                                        already Sunday the 1st of the next month in UTC
#   Sunday   2027-08-01 11:00            the first day of a month, a Sunday
#
# A test that passes on the day it was written but not on one of these (a charge due on the
# 28th that is late from the 29th on, a "next Monday" that is today, a date taken in UTC) fails
# here on any day the suite runs. The clock is moved by an offset (libfaketime's "+Ns"), so it
# goes on ticking: timers, timeouts and session expiry behave as usual; the monotonic clock is
# left alone. PostgreSQL has its own clock, so the pass runs on SQLite (no query reads the
# database's clock: every date comes from the app).
#
# Needs libfaketime (Debian: `apt-get install faketime`). `bash scripts/test-dates.sh FILE...`
# runs only those API test files (the service files still run).
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null 2>&1; then
  echo "libfaketime is missing: install it (Debian: apt-get install faketime) to run the date pass" >&2
  exit 1
fi

INSTANTS=(
  "the last day of a month, a Saturday evening (already Sunday the 1st in UTC)|2027-08-01T01:30:00Z"
  "the first day of a month, a Sunday|2027-08-01T14:00:00Z"
)

# The service files about dates (sessions and roll calls, enrolments, trials, charges and
# payments, the family's money, reports, the demo's calendar, the audit trail's days).
SERVICE_FILES=(
  tests/service/attendance.test.ts
  tests/service/audit.test.ts
  tests/service/bank-payments.test.ts
  tests/service/charge-fee-terms-and-scope.test.ts
  tests/service/charge-rules.test.ts
  tests/service/charges.test.ts
  tests/service/demo-seed.test.ts
  tests/service/enrollments.test.ts
  tests/service/family-finance.test.ts
  tests/service/report-finance.test.ts
  tests/service/report-numbers.test.ts
  tests/service/reports.test.ts
  tests/service/students.test.ts
  tests/service/trials.test.ts
)

# The API files whose answers depend on today's date (calendars, sessions, enrolments, money,
# the family's space). Files about the HTTP process itself do not, nor the reports' endpoints
# (their numbers, and the dates they depend on, are the service files').
API_FILES=(
  tests/api/attendance.test.ts
  tests/api/attendance-screens.test.ts
  tests/api/audit.test.ts
  tests/api/charges.test.ts
  tests/api/contract-edges.test.ts
  tests/api/enrollments.test.ts
  tests/api/family-actions.test.ts
  tests/api/family-lgpd.test.ts
  tests/api/makeups.test.ts
  tests/api/makeup-screens.test.ts
  tests/api/school-time-zone.test.ts
  tests/api/students.test.ts
  tests/api/students-screens.test.ts
  tests/api/trial-enroll.test.ts
  tests/api/trial-enroll-screen.test.ts
  tests/api/trial-outcomes.test.ts
  tests/api/trials.test.ts
)
[ $# -gt 0 ] && API_FILES=("$@")

# Every process started from here on reads the moved clock; the monotonic one is real.
export FAKETIME_DONT_FAKE_MONOTONIC=1
# File times stay the kernel's (a file written now is not dated in the moved clock).
export NO_FAKE_STAT=1

failed=()
for entry in "${INSTANTS[@]}"; do
  name=${entry%%|*}
  instant=${entry#*|}
  offset=$(($(date -u -d "$instant" +%s) - $(date -u +%s)))
  printf '\n--- %s (%s, the clock moved by %+ds) ---\n' "$name" "$instant" "$offset"
  clock=(faketime -m -f "+${offset}s")
  "${clock[@]}" node -e 'console.log("the clock reads", new Date().toISOString())'
  if ! SERVICE_TEST_DB=sqlite "${clock[@]}" npx vitest run -c vitest.service.config.ts --reporter=dot "${SERVICE_FILES[@]}"; then
    failed+=("service tests on $name")
  fi
  if ! API_TEST_DB=sqlite "${clock[@]}" npx vitest run -c vitest.api.config.ts --reporter=dot "${API_FILES[@]}"; then
    failed+=("API tests on $name")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  printf 'the date pass failed:\n' >&2
  printf '  - %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "the date pass passed on every instant"
