#!/usr/bin/env bash
# Fuzzing (docs/robustness.md): each libFuzzer target of tests/fuzz/ (scene JSON,
# options, LCP files, timeline commands, URDF and mesh files, the page's XML trees, run
# and exercise links) for SECONDS seconds (default 600), or the
# test command's reproducible slice (--slice, below), built with AddressSanitizer and
# UndefinedBehaviorSanitizer in build/sanitize. The seeds are tests/fuzz/corpus/TARGET/
# and, for scene, the built-in scenes; what a timed run adds to them is kept in
# build/fuzz-corpus/ for the next one. A crash, a sanitizer report, an input slower
# than 10 s or one that needs more than 2 GB fails the run and leaves the input in
# build/fuzz-findings/ (replay: build/sanitize/fuzz_NAME FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600
slice=0
if (($# == 2)) && [[ $1 == --seconds ]]; then
  seconds=$2
elif (($# == 1)) && [[ $1 == --slice ]]; then
  slice=1
elif (($# != 0)); then
  echo "usage: scripts/fuzz.sh [--seconds SECONDS | --slice]" >&2
  exit 2
fi
targets=(scene options lcp timeline import link xml_tree_json)
bash scripts/build_sanitize.sh "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
mkdir -p build/fuzz-findings
# --slice, the test command's: a fixed number of inputs per target (a few seconds'
# worth) from libFuzzer's seed 1, into an empty corpus, so the inputs are the same on
# every machine and a slice that passes here passes in CI.
declare -A slice_runs=([scene]=1500 [options]=100 [lcp]=150000 [timeline]=4000 [import]=20000 [link]=8000
  [xml_tree_json]=15000)
# One target; prints its number of runs, or the finding.
fuzz_one() {
  local target=$1 seconds=$2 runs=$3 corpus=build/fuzz-corpus/$1 seeds=(tests/fuzz/corpus/$1) budget log status
  [[ $target == scene ]] && seeds+=(assets/scenes)
  if ((runs > 0)); then
    corpus=$(mktemp -d)
    budget=(-runs="$runs" -seed=1)
  else
    budget=(-max_total_time="$seconds")
  fi
  mkdir -p "$corpus"
  log=$(build/sanitize/fuzz_$target "$corpus" "${seeds[@]}" "${budget[@]}" -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix=build/fuzz-findings/ 2>&1) && status=0 || status=$?
  ((runs > 0)) && rm -rf "$corpus"
  if ((status != 0)); then
    echo "== fuzz_$target: a finding (exit code $status)"
    grep -E '^(==[0-9]+==|SUMMARY)|ERROR|fuzz:|runtime error|Test unit written|^ +#[0-9]+ .* in contactlab' <<<"$log"
    exit 255
  fi
  echo "fuzz_$target: $(grep -oP '^stat::number_of_executed_units: \K[0-9]+' <<<"$log") inputs"
}
export -f fuzz_one
# Two targets at a time, one per core of the test machine.
for target in "${targets[@]}"; do
  echo "$target $seconds $((slice ? slice_runs[$target] : 0))"
done | xargs -P 2 -L 1 bash -c 'fuzz_one "$@"' _
if ((slice)); then
  echo "fuzzing: ${#targets[@]} targets, the fixed slice from seed 1, no finding"
else
  echo "fuzzing: ${#targets[@]} targets, $seconds s each, no finding"
fi
