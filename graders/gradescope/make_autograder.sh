#!/usr/bin/env bash
# Zips a Gradescope autograder for a contactlab exercise (graders/gradescope/README.md):
#   bash graders/gradescope/make_autograder.sh EXERCISE.json OUT.zip
# The zip holds setup.sh and run_autograder at its top, as Gradescope wants them, with
# exercise.json and the contactlab tool (CONTACTLAB, default build/native/contactlab:
# build it on the image's system, see the README). The exercise is checked first as
# `contactlab grade --self-test` checks it, so a broken exercise is never uploaded.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[[ $# -eq 2 ]] || { echo "usage: make_autograder.sh EXERCISE.json OUT.zip" >&2; exit 2; }
exercise=$1
out=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
contactlab=${CONTACTLAB:-$here/../../build/native/contactlab}
"$contactlab" grade --self-test "$exercise" >/dev/null || {
  echo "make_autograder.sh: $exercise: its self-test failed (contactlab grade --self-test $exercise says why)" >&2
  exit 2
}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$here/setup.sh" "$here/run_autograder" "$stage/"
cp "$exercise" "$stage/exercise.json"
cp "$contactlab" "$stage/contactlab"
chmod +x "$stage/setup.sh" "$stage/run_autograder" "$stage/contactlab"
rm -f "$out"
(cd "$stage" && zip -q -X "$out" setup.sh run_autograder exercise.json contactlab)
echo "$out: setup.sh, run_autograder, exercise.json, contactlab"
