#!/usr/bin/env bash
# Builds everything: the native library, CLI, tests and benchmarks (build/native),
# the WebAssembly modules, the main one and the URDF import module (build/wasm ->
# web/src/wasm/; the main one split in two after a profile run in Node, with
# binaryen's wasm-split: scripts/split_main_module.sh), and the page (web/dist).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

# A compiler cache, where the machine has one, as the sanitizer build uses it.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build build/native -j "$jobs"

# Emscripten's optimiser needs Debian's acorn on NODE_PATH.
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm -j "$jobs"

npx vite build --logLevel warn
