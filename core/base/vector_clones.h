// Kernels compiled twice on x86-64, for the baseline (SSE2: two doubles a vector
// instruction) and for AVX (four), the copy chosen once at load by the CPU it runs on.
// Bit for bit the same results: the kernels so marked do element by element what their
// loop says, in its order (no sum is reassociated, -fno-fast-math, and no multiply-add
// is fused, -ffp-contract=off, which the AVX copy inherits; AVX without FMA could not
// fuse anyway), so only the width of the instructions differs. Elsewhere (WebAssembly)
// the marker is empty.
#pragma once

#if defined(__x86_64__) && defined(__has_attribute) && !defined(__EMSCRIPTEN__)
#if __has_attribute(target_clones)
#define CONTACTLAB_VECTOR_CLONES __attribute__((target_clones("avx", "default")))
#endif
#endif
#ifndef CONTACTLAB_VECTOR_CLONES
#define CONTACTLAB_VECTOR_CLONES
#endif

// A helper of such a kernel, inlined into each of its copies (and so compiled for each).
#define CONTACTLAB_INLINE_IN_CLONES inline __attribute__((always_inline))
