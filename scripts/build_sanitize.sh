#!/usr/bin/env bash
# Builds TARGET... in build/sanitize: clang 14 with AddressSanitizer and
# UndefinedBehaviorSanitizer at -O1 and the libFuzzer targets (CMake options
# CONTACTLAB_SANITIZE and CONTACTLAB_FUZZ; docs/robustness.md). One core library
# serves the sanitizer suite (scripts/sanitize.sh) and the fuzzing (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if (($# == 0)); then
  echo "usage: scripts/build_sanitize.sh TARGET..." >&2
  exit 2
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCONTACTLAB_FUZZ=ON "${launcher[@]}" >/dev/null
cmake --build build/sanitize -j "$(nproc)" --target "$@"
