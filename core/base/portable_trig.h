// cos and sin with + - * / and std::floor only, so that every platform (x86-64 glibc,
// WebAssembly musl) returns the same bits; libm's cos/sin differ in the last place.
#pragma once

namespace contactlab {

// cosine = cos(angle), sine = sin(angle) for any finite angle [rad].
// Accuracy: within about one ulp of the correctly rounded values for |angle| below
// 2^20 pi/2 (~1.6e6), where the reduction by multiples of pi/2 is exact to ~1e-32.
// Larger angles still give finite values of unit length, with an absolute error that
// grows like |angle| * 1e-16. A non-finite angle gives NaN for both.
// The results are exactly odd (sine) and even (cosine) in the angle.
void portable_cos_sin(double angle, double& cosine, double& sine);

}  // namespace contactlab
