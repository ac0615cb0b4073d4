#!/usr/bin/env bash
# Builds everything: the native library, CLI, tests and benchmarks (build/native),
# the WebAssembly module (build/wasm -> web/src/wasm/) and the page (web/dist).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$jobs"

# Emscripten's optimiser needs Debian's acorn on NODE_PATH.
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j "$jobs"

npx vite build --logLevel warn
