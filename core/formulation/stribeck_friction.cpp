#include "formulation/stribeck_friction.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// psi(x) = x^2 (3 - 2 x) on [0, 1].
double smooth_step(double x) { return x * x * (3 - 2 * x); }

// The seed's piecewise-linear mu(s), s > 0.
double piecewise_linear_coefficient(double s, double static_coefficient, double kinetic_coefficient) {
  if (s <= 1) return static_coefficient * s;
  if (s < 3) return static_coefficient - (static_coefficient - kinetic_coefficient) * 0.5 * (s - 1);
  return kinetic_coefficient;
}

}  // namespace

double stribeck_coefficient(double speed_ratio, double static_coefficient,
                            double kinetic_coefficient, StribeckCurve curve) {
  const double s = speed_ratio;
  if (!(s > 0)) return 0;
  if (curve == StribeckCurve::PiecewiseLinear) {
    return piecewise_linear_coefficient(s, static_coefficient, kinetic_coefficient);
  }
  if (s <= 1) return static_coefficient * s * (2 - s);
  if (s < 3) {
    return static_coefficient - (static_coefficient - kinetic_coefficient) * smooth_step(0.5 * (s - 1));
  }
  return kinetic_coefficient;
}

double stribeck_coefficient_per_speed_ratio(double speed_ratio, double static_coefficient,
                                            double kinetic_coefficient, StribeckCurve curve) {
  const double s = speed_ratio;
  if (curve == StribeckCurve::PiecewiseLinear) {
    if (!(s > 1)) return static_coefficient;
    return piecewise_linear_coefficient(s, static_coefficient, kinetic_coefficient) / s;
  }
  if (!(s > 0)) return 2 * static_coefficient;
  if (s <= 1) return static_coefficient * (2 - s);
  return stribeck_coefficient(s, static_coefficient, kinetic_coefficient) / s;
}

double stribeck_slope(double speed_ratio, double static_coefficient, double kinetic_coefficient,
                      StribeckCurve curve) {
  const double s = std::max(speed_ratio, 0.0);
  if (curve == StribeckCurve::PiecewiseLinear) {
    if (s < 1) return static_coefficient;
    if (s < 3) return -0.5 * (static_coefficient - kinetic_coefficient);
    return 0;
  }
  if (s <= 1) return 2 * static_coefficient * (1 - s);
  if (s < 3) {
    // d/ds of psi((s - 1) / 2) = psi'(x) / 2 with psi'(x) = 6 x (1 - x).
    const double x = 0.5 * (s - 1);
    return -(static_coefficient - kinetic_coefficient) * 3 * x * (1 - x);
  }
  return 0;
}

Eigen::Vector2d stribeck_friction_force(const Eigen::Vector2d& tangential_velocity,
                                        double normal_force, double stiction_speed,
                                        double static_coefficient, double kinetic_coefficient,
                                        StribeckCurve curve) {
  const double speed = std::sqrt(tangential_velocity.x() * tangential_velocity.x() +
                                 tangential_velocity.y() * tangential_velocity.y());
  const double per_speed_ratio = stribeck_coefficient_per_speed_ratio(
      speed / stiction_speed, static_coefficient, kinetic_coefficient, curve);
  // f_t = -f_n mu(s) v_t / |v_t| = -(f_n / v_s) (mu(s) / s) v_t.
  const double per_velocity = normal_force * per_speed_ratio / stiction_speed;
  return -per_velocity * tangential_velocity;
}

}  // namespace contactlab
