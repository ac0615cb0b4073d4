// Baumgarte's stabilisation of a bilateral position constraint phi(q) = 0 (seed 004,
// "Bilateral Position Constraints", where the constraint is called h(q)): instead of
// phi'' = 0, which lets the numerical drift of phi grow, the constraint force asks for
//
//   phi'' + 2 alpha phi' + beta^2 phi = 0,
//
// a damped spring that pulls phi back to zero; beta = alpha is the seed's critically
// damped phi'' = -2 alpha phi' - alpha^2 phi. At the velocity level of a time step
// (seed 002: v^{l+1} is the unknown, q^{l+1} = q^l + h v^{l+1}), phi' after the step
// is the rate its velocity gives the constraint, phi'^{l+1} = H(q^l) v^{l+1}, so that
// phi^{l+1} = phi^l + h phi'^{l+1} to first order. Taking the damping at the end of
// the step and the spring at its start,
//
//   (phi'^{l+1} - phi'^l) / h = -2 alpha phi'^{l+1} - beta^2 phi^l
//   =>  H(q^l) v^{l+1} = (phi'^l - h beta^2 phi^l) / (1 + 2 alpha h),
//
// with phi'^l = H(q^{l-1}) v^l the rate of the step before. alpha = beta = 0 is the
// plain velocity constraint H v^{l+1} = phi'^l (= 0 from rest): no correction, phi
// drifts by the linearisation error of each step. The discrete oscillator is stable
// for every alpha >= 0 while h^2 beta^2 < 4 (1 + alpha h).
#pragma once

namespace contactlab {

// The target of a loop row, H v^{l+1} = target: `rate` phi'^l [m/s or rad/s],
// `error` phi^l [m or rad], `time_step` h [s], `alpha` and `beta` [1/s].
inline double baumgarte_target(double rate, double error, double time_step, double alpha,
                               double beta) {
  return (rate - time_step * beta * beta * error) / (1 + 2 * alpha * time_step);
}

}  // namespace contactlab
