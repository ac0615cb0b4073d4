#!/bin/sh
# PrairieLearn's external grader entrypoint for a contactlab exercise
# (graders/prairielearn/README.md): grades the student's answer file with
# `contactlab grade` and writes PrairieLearn's results, /grade/results/results.json.
#
# The question's tests/ folder (copied to /grade/tests) holds exercise.json; the
# student's upload (pl-file-upload, copied to /grade/student) is NAME.answer.json, the
# file the lab's "download answer" saves. A missing, malformed or not gradable answer gets
# results with "gradable": false and the reason, and no attempt is lost.
#
# GRADE_ROOT (default /grade) and CONTACTLAB (default: contactlab on PATH) are read
# so the layout can be tried outside the container.
set -u
root=${GRADE_ROOT:-/grade}
contactlab=${CONTACTLAB:-contactlab}
mkdir -p "$root/results"
answer=$(ls "$root"/student/*.answer.json 2>/dev/null | head -n 1)
"$contactlab" grade "$root/tests/exercise.json" "${answer:-$root/student/answer.json}" \
  -o "$root/results/results.json" --format prairielearn
code=$?
if [ "$code" -ne 0 ]; then
  # The exercise itself is broken (exit code 2) or the results cannot be written:
  # told to the course staff as not gradable rather than as a score.
  printf '{"gradable": false, "format_errors": ["the grader failed (contactlab grade exit code %s); tell the course staff"], "tests": []}\n' \
    "$code" >"$root/results/results.json"
fi
exit 0
