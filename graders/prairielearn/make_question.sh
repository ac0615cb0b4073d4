#!/usr/bin/env bash
# Makes a PrairieLearn question of a contactlab exercise (graders/prairielearn/README.md):
#   bash graders/prairielearn/make_question.sh EXERCISE.json LAB_URL OUT_DIR [--image TAG] [--name NAME]
# OUT_DIR gets info.json (external grading by TAG, default contactlab-grader),
# question.html (the lab embedded at the exercise's link, with its answer boxes, Check
# and "download answer"; the upload of the downloaded answer file; the results) and
# tests/ (exercise.json and run.sh, the grader's entrypoint). NAME (default the file's
# name without .json, as the shipped exercises are named) names the answer file.
# CONTACTLAB: the command-line tool (default build/native/contactlab).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: make_question.sh EXERCISE.json LAB_URL OUT_DIR [--image TAG] [--name NAME]"
[[ $# -ge 3 ]] || { echo "$usage" >&2; exit 2; }
exercise=$1 lab=$2 out=$3
shift 3
image=contactlab-grader
name=$(basename "$exercise" .json)
while [[ $# -gt 0 ]]; do
  case $1 in
    --image) image=${2:?--image: missing value}; shift 2 ;;
    --name) name=${2:?--name: missing value}; shift 2 ;;
    *) echo "make_question.sh: $1: unknown argument" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
[[ $lab =~ [\"\'\<\>] ]] && { echo "make_question.sh: LAB_URL: no quotes or angle brackets, got '$lab'" >&2; exit 2; }
[[ $name =~ ^[A-Za-z0-9_-]{1,64}$ ]] || { echo "make_question.sh: --name: 1 to 64 of A-Z a-z 0-9 _ -, got '$name'" >&2; exit 2; }
contactlab=${CONTACTLAB:-$here/../../build/native/contactlab}
# The link checks the exercise as `contactlab grade` does and leaves out its answer key.
address=$("$contactlab" exercise-link "$exercise" --lab "$lab")
# the lab embedded: ?embed shows it without the page's chrome (docs/embedding.md)
case $address in
  *\?*) embedded=${address/\?/?embed\&} ;;
  *) embedded=${address/\#/?embed#} ;;
esac
mkdir -p "$out/tests"
cp "$exercise" "$out/tests/exercise.json"
cp "$here/run.sh" "$out/tests/run.sh"
uuid=$(cat /proc/sys/kernel/random/uuid)
cat >"$out/info.json" <<JSON
{
  "uuid": "$uuid",
  "title": "$name",
  "topic": "contact dynamics",
  "tags": ["contactlab"],
  "type": "v3",
  "singleVariant": true,
  "gradingMethod": "External",
  "externalGradingOptions": {
    "enabled": true,
    "image": "$image",
    "entrypoint": "/grade/tests/run.sh",
    "timeout": 120
  }
}
JSON
cat >"$out/question.html" <<HTML
<pl-question-panel>
  <p>Work in the lab below: set what the task asks for, type your answers into its boxes and
  press <strong>Check</strong> as often as you like. When you are done, press
  <strong>download answer</strong> and upload the file it saves, <code>$name.answer.json</code>.</p>
  <iframe src="$embedded" title="contactlab: $name" style="width: 100%; height: 720px; border: 0"></iframe>
</pl-question-panel>

<pl-file-upload file-names="$name.answer.json"></pl-file-upload>

<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
HTML
echo "$out: info.json, question.html, tests/exercise.json, tests/run.sh"
