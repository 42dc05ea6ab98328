#!/usr/bin/env bash
# Runs `npm test` in both time zones at the hours where date arithmetic breaks: just after
# midnight, just past noon and just before midnight in Argentina (TEST_CLOCK moves the clock
# of every test file; see test/support/shifted-clock.ts). Prints one line per run and fails if
# any run fails. Takes six times as long as `npm test`; not part of CI.
set -uo pipefail
cd "$(dirname "$0")/.."

day=$(date -u +%F)
failed=0
for zone in UTC America/Argentina/Buenos_Aires; do
  for hour in 02:00 12:30 23:59; do
    started=$(date +%s)
    log=$(mktemp)
    if TZ="$zone" TEST_CLOCK="${day}T${hour}:00-03:00" npx vitest run >"$log" 2>&1; then outcome=passed; else outcome=FAILED; failed=1; fi
    printf '%-32s %s Argentina: %s in %ss (%s)\n' "$zone" "$hour" "$outcome" "$(( $(date +%s) - started ))" "$log"
  done
done
exit "$failed"
