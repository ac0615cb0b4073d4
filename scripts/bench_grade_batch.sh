#!/usr/bin/env bash
# Grading at scale (docs/exercises.md, "Command line"; docs/performance.md): N answers
# (200 unless --answers N) to assets/exercises/incline_friction_angle.json - a
# bisection of 12 halvings (14 runs) and one run of the student's settings - graded by
# one `contactlab grade --batch` and by N separate `contactlab grade` calls, each of
# which recomputes the bisection. Checks that both wrote the same bytes and prints both
# wall-clock times and their ratio. Run it on an idle machine: it is not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
answers=200
jobs=1
while (($# > 0)); do
  case $1 in
    --answers) answers=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    *) echo "usage: scripts/bench_grade_batch.sh [--answers N] [--jobs N]" >&2; exit 2 ;;
  esac
done
cli=build/native/contactlab
[[ -x $cli ]] || { echo "bench_grade_batch: $cli not built (scripts/build.sh)" >&2; exit 2; }
exercise=assets/exercises/incline_friction_angle.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/answers" "$work/batch" "$work/separate"

# Answers spread over the friction coefficient and the numeric answer, right and wrong.
for ((i = 0; i < answers; i++)); do
  mu=$(awk -v i="$i" 'BEGIN { printf "%.4f", 0.2 + 0.4 * (i % 40) / 40 }')
  guess=$(awk -v i="$i" 'BEGIN { printf "%.5f", 0.30 + 0.1 * (i % 17) / 17 }')
  printf '{"exercise": "incline_friction_angle", "settings": {"options": {"friction_coefficient": %s}}, "answers": {"mu_hold": %s}}\n' \
    "$mu" "$guess" >"$work/answers/answer_$(printf %04d "$i").json"
done

start=$(date +%s.%N)
"$cli" grade "$exercise" --batch "$work/answers" -o "$work/batch" --jobs "$jobs" >/dev/null
batch_end=$(date +%s.%N)
for file in "$work"/answers/*.json; do
  "$cli" grade "$exercise" "$file" -o "$work/separate/$(basename "$file")"
done
separate_end=$(date +%s.%N)

diff -r "$work/batch" "$work/separate" >/dev/null || { echo "bench_grade_batch: the results differ" >&2; exit 1; }
awk -v n="$answers" -v j="$jobs" -v s="$start" -v b="$batch_end" -v e="$separate_end" 'BEGIN {
  printf "%d answers: batch (--jobs %d) %.2f s, separate calls %.2f s, %.1fx; the results are the same bytes\n",
         n, j, b - s, e - b, (e - b) / (b - s) }'
