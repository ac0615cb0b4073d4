#!/usr/bin/env bash
# Builds the PrairieLearn grading image from the lab's own build:
#   bash graders/prairielearn/build_image.sh [TAG]     (default TAG: contactlab-grader)
# after `bash scripts/build.sh` (or the native part of it) made build/native/contactlab.
# Push TAG where the course's PrairieLearn can pull it and name it in info.json's
# externalGradingOptions.image.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary="$here/../../build/native/contactlab"
tag=${1:-contactlab-grader}
[[ -x "$binary" ]] || { echo "build_image.sh: $binary not found; run bash scripts/build.sh first" >&2; exit 2; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$here/Dockerfile" "$binary" "$stage/"
docker build -t "$tag" "$stage"
