#!/usr/bin/env bash
# The soak (docs/robustness.md): every built-in scene in every formulation (hybrid: all
# but bin_pile) for 60 s of simulated time (--seconds S for another span), with the native command line of
# build/native. Fails when any state row of the CSV holds an infinity or a NaN, or a
# run does not end normally. The test command runs a slice (scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
if (($# == 2)) && [[ $1 == --seconds ]]; then
  seconds=$2
elif (($# != 0)); then
  echo "usage: scripts/soak.sh [--seconds S]" >&2
  exit 2
fi
cli=build/native/contactlab
[[ -x $cli ]] || { echo "soak: $cli not built (scripts/build.sh)" >&2; exit 2; }

# One scene in one formulation; prints what went wrong, if anything.
soak_one() {
  local scene=$1 formulation=$2 seconds=$3 rows status
  local name="$(basename "$scene" .json) $formulation"
  # %.17g prints a non-finite double as inf, -inf, nan or -nan: count the CSV's rows
  # with one (the summary on stdout is dropped); the status is the run's.
  rows=$("$cli" run "$scene" --duration "$seconds" --set formulation="$formulation" \
    --csv /dev/fd/3 3>&1 >/dev/null | grep -cE '(^|,)-?(inf|nan)(,|$)'
    exit "${PIPESTATUS[0]}") && status=0 || status=$?
  if ((status != 0)); then
    echo "soak: $name: the run ended with exit code $status"
    exit 255
  elif ((rows > 0)); then
    echo "soak: $name: $rows state rows with a non-finite value"
    exit 255
  fi
}
export -f soak_one
export cli
# Two runs at a time, one per core of the test machine.
# hybrid too, but not on bin_pile: once its pile rests, every step spends the hybrid
# step's budget (docs/hybrid.md), about 0.5 s of CPU, minutes per simulated second.
for scene in assets/scenes/*.json; do
  for formulation in lcp convex soft quasistatic compliant hybrid; do
    [[ $formulation == hybrid && $scene == */bin_pile.json ]] && continue
    echo "$scene $formulation $seconds"
  done
done | xargs -P 2 -L 1 bash -c 'soak_one "$@"' _
echo "soak: every scene in every formulation stayed finite for $seconds s"
