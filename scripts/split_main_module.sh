#!/usr/bin/env bash
# Splits the main WebAssembly module in two (docs/performance.md, "The main module split
# in two"); CMake runs it after linking contactlab_wasm with -sSPLIT_MODULE, which
# writes an instrumented contactlab.wasm and the module itself as contactlab.wasm.orig.
# The instrumented module runs the page's start on the default scene and its common
# actions there (split_profile.mjs); binaryen's wasm-split then writes the functions
# that ran as the primary module, contactlab.wasm, and the rest as
# contactlab.deferred.wasm, which the page fetches beside the primary and instantiates
# into it (web/src/module/secondary_module.js).
#
#   scripts/split_main_module.sh OUTPUT_DIR WORK_DIR
set -euo pipefail
output=$1
work=$2
scripts=$(cd "$(dirname "$0")" && pwd)

mkdir -p "$work/instrumented"
mv -f "$output/contactlab.wasm.orig" "$work/contactlab.whole.wasm"
mv -f "$output/contactlab.wasm" "$work/instrumented/contactlab.wasm"
cp -f "$output/contactlab.mjs" "$work/instrumented/contactlab.mjs"
node "$scripts/split_profile.mjs" "$work/instrumented" "$work/profile.data"
# The module's features as emcc links it: -fwasm-exceptions, -msimd128 (the pair
# kernels, CMakeLists.txt), and Emscripten's defaults.
wasm-split --enable-simd --enable-exception-handling --enable-mutable-globals --enable-sign-ext \
  --export-prefix=% --profile="$work/profile.data" "$work/contactlab.whole.wasm" \
  -o1 "$output/contactlab.wasm" -o2 "$output/contactlab.deferred.wasm"
