// A regularised Coulomb friction law for compliant contact (seed 004, "Compliant
// Contact Models", the continuous approximation of its Stribeck figure): the friction
// force is a function of the tangential velocity alone,
//
//   f_t = -mu(s) f_n v_t / |v_t|,   s = |v_t| / v_s   (v_s: the stiction speed [m/s])
//
//   mu(s) = mu_s s (2 - s)                               0 <= s <= 1
//         = mu_s - (mu_s - mu_d) psi((s - 1) / 2)        1 <= s <= 3
//         = mu_d                                         s >= 3
//   psi(x) = x^2 (3 - 2 x)   (a smooth step: psi(0) = 0, psi(1) = 1, psi'(0) = psi'(1) = 0)
//
// The plateau at s >= 3 and the smooth step from mu_s to mu_d over 1 <= s <= 3 follow
// Drake's "Continuous Approximation of Coulomb Friction"
// (drake.mit.edu/doxygen_cxx/group__stribeck__approximation.html). Below s = 1 that
// law rises as mu_s psi(s), with zero slope at rest; here the parabola mu_s s (2 - s)
// of Castro et al. ("A Transition-Aware Method for the Simulation of Compliant Contact
// with Regularized Friction", RA-L 2020) takes its place. It starts with the finite
// slope 2 mu_s: near rest friction is a viscous damper of coefficient 2 mu_s f_n / v_s,
// which sets the creep speed under a load below mu_s f_n and would set the largest step
// an explicit integration of it could take (compliant contact integrates it linearly
// implicitly instead, implicit_friction.h). mu is continuous with a continuous slope.
//
// The piecewise-linear curve (options.compliant_friction_law = piecewise_linear) is the
// seed's own figure ("A continuous piecewise-linear approximation of friction (green)"):
//
//   mu(s) = mu_s s                                        0 <= s <= 1
//         = mu_s - (mu_s - mu_d) (s - 1) / 2              1 <= s <= 3
//         = mu_d                                          s >= 3
//
// continuous, with corners at s = 1 and s = 3: a viscous slope mu_s f_n / v_s below the
// stiction speed, mu_s at it, mu_d from 3 v_s on.
#pragma once

#include "base/math_types.h"

namespace contactlab {

// Which curve mu(s) is: the smooth law above (the default) or the seed's piecewise-linear one.
enum class StribeckCurve { Smooth = 0, PiecewiseLinear = 1 };

// mu(s) for s = |v_t| / v_s >= 0 (negative s is read as 0).
double stribeck_coefficient(double speed_ratio, double static_coefficient,
                            double kinetic_coefficient, StribeckCurve curve = StribeckCurve::Smooth);

// mu(s) / s, finite at s = 0 where it is 2 mu_s (mu_s on the piecewise-linear curve):
// the friction force per unit tangential velocity is -f_n (mu(s) / s) / v_s.
double stribeck_coefficient_per_speed_ratio(double speed_ratio, double static_coefficient,
                                            double kinetic_coefficient,
                                            StribeckCurve curve = StribeckCurve::Smooth);

// mu'(s) = d mu / ds for s >= 0 (negative s is read as 0): 2 mu_s (1 - s) on the rise
// of the smooth law, -(mu_s - mu_d) psi'((s - 1) / 2) / 2 on its step, 0 on the
// plateau; mu_s, -(mu_s - mu_d) / 2 and 0 on the piecewise-linear curve (the right-hand
// slope at its corners). The friction force's slope along the slip is f_n mu'(s) / v_s.
double stribeck_slope(double speed_ratio, double static_coefficient, double kinetic_coefficient,
                      StribeckCurve curve = StribeckCurve::Smooth);

// The friction force (f_t1, f_t2) [N] in the tangent plane for the tangential velocity
// (v_t1, v_t2) [m/s] of body B relative to body A: opposes it, |f_t| = mu(s) f_n.
Eigen::Vector2d stribeck_friction_force(const Eigen::Vector2d& tangential_velocity,
                                        double normal_force, double stiction_speed,
                                        double static_coefficient, double kinetic_coefficient,
                                        StribeckCurve curve = StribeckCurve::Smooth);

}  // namespace contactlab
