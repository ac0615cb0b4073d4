// Compliant contact's coefficient of restitution: its damping ratio (compliant_island.h).
//
// A contact of effective mass m is a spring k and a damper c = 2 zeta sqrt(k m) while
// their force pushes, f = k d + c d' > 0 (d the depth; the damper never pulls). Met at
// d = 0 with d' = v0, it ends where f returns to zero, not where d does, and the body
// leaves at -e v0 with (w = sqrt(k / m), time in units of 1 / w):
//
//   zeta < 1:  d = exp(-zeta t) sin(s t) / s,  s = sqrt(1 - zeta^2); f = 0 at
//              s t = theta = atan2(2 zeta s, 2 zeta^2 - 1), where d' = -exp(-zeta t):
//              ln e = -zeta theta / s;
//   zeta = 1:  d = t exp(-t), f = 0 at t = 2:  ln e = -2;
//   zeta > 1:  d = exp(-zeta t) sinh(r t) / r,  r = sqrt(zeta^2 - 1); f = 0 at
//              r t = 2 ln(zeta + r):  ln e = -(2 zeta / r) ln(zeta + r).
//
// e falls from 1 (zeta = 0, no damper) through 0.135 (zeta = 1, critical damping: a
// damper that never pulls still lets the body go at e^-2 of its speed) towards 0 as
// zeta grows (e ~ 1 / (4 zeta^2)), so every e in (0, 1] has one damping ratio. Gravity
// and the explicit substeps shift the bounce a little (docs/restitution.md).
#pragma once

#include <utility>
#include <vector>

namespace contactlab {

// ln e of a damping ratio zeta >= 0, as above.
double log_restitution_of_damping_ratio(double damping_ratio);

// The damping ratio zeta whose contact has restitution e in (0, 1], by bisection on
// log_restitution_of_damping_ratio to a relative 1e-14; 0 for e = 1.
double damping_ratio_of_restitution(double restitution);

// damping_ratio_of_restitution remembered per e: a scene has a few material pairs, and
// each inversion takes about a hundred logarithms. Forgets everything past 64 values
// (an e swept live through the page's control).
class DampingRatioTable {
 public:
  double of_restitution(double restitution);

 private:
  std::vector<std::pair<double, double>> known_;  // (e, zeta)
};

}  // namespace contactlab
