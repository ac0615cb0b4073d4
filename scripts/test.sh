#!/usr/bin/env bash
# Runs every test: native (GoogleTest through ctest), the sanitizer suite, bounded
# fuzzing and a slice of the soak (docs/robustness.md), the external LCP validation set
# (when ../shared is beside the clone), the page's modules and the wasm module in Node,
# and the page in headless Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/build.sh || exit 1
echo "== set-up and build: $SECONDS s"

passed=0
failed=0
# The end-to-end suite (the page in headless Chromium) starts first and runs beside the
# others, which may fill the moments it waits on the page's timers and frames (a cold
# run took 1,565 s so against 1,578 s one after the other: docs/performance.md). One file at a
# time (two would halve each one's share of the 2 cores), all against one server for
# the page scripts/build.sh has just built and one browser (tests/e2e/run_suite.mjs).
# Its report follows the others'.
e2e_log=$(mktemp)
e2e_start=$SECONDS
CONTACTLAB_E2E_PAGE=web/dist node tests/e2e/run_suite.mjs >"$e2e_log" 2>&1 &
e2e_pid=$!
# Each suite says how long it took: the whole run must stay under 25 minutes on 2 cores.
suite() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "== $name FAILED"; fi
  echo "== $name: $((SECONDS - start)) s"
}

suite "native tests" ctest --test-dir build/native --output-on-failure -j "$(nproc)"
# docs/robustness.md: the checked build, a bounded and reproducible fuzzing run and a
# slice of the soak.
suite "sanitizer tests" bash scripts/sanitize.sh
suite "fuzzing, the reproducible slice" bash scripts/fuzz.sh --slice
suite "soak slice, 0.25 s per scene and formulation" bash scripts/soak.sh --seconds 0.25
validation=../shared/validation/siconos-lcp
if [[ -d "$validation" ]]; then
  suite "siconos LCP validation" node tests/validation/siconos_lcp.mjs build/native/contactlab "$validation"
else
  echo "== siconos LCP validation skipped: $validation not found"
fi
# Node runs one test file at a time on a 2-core machine unless told: these files each
# keep one core busy (the wasm module runs on Node's main thread), so two at a time.
suite "page module tests" node --test --test-concurrency=2 tests/web/
suite "wasm tests" node --test --test-concurrency=2 tests/wasm/
suite "grader tests" node --test --test-concurrency=2 tests/graders/
echo "== end-to-end tests"
if wait "$e2e_pid"; then passed=$((passed + 1)); else failed=$((failed + 1)); e2e_failed=1; fi
cat "$e2e_log"
rm -f "$e2e_log"
[[ -v e2e_failed ]] && echo "== end-to-end tests FAILED"
echo "== end-to-end tests: $((SECONDS - e2e_start)) s, beside the suites above"

echo "test suites: $passed passed, $failed failed, $SECONDS s in all"
((failed == 0))
