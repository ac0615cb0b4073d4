// log and atan2 with + - * /, std::sqrt and std::frexp only (both exact on every
// platform), so that native and WebAssembly runs get the same bits, as
// portable_trig.h does for cos and sin; libm's log and atan2 may differ in the last
// place. Used where a physical parameter comes from a transcendental relation
// (compliant contact's damping ratio from a coefficient of restitution).
#pragma once

namespace contactlab {

// The natural logarithm of x > 0 (finite), within a few ulp; NaN for x <= 0 or a
// non-finite x.
double portable_log(double x);

// The angle of (x, y) in [-pi, pi], within a few ulp, as std::atan2 for finite x, y
// (atan2(0, 0) = 0, atan2(+0, x < 0) = pi); NaN when either is not finite.
double portable_atan2(double y, double x);

}  // namespace contactlab
