#include "formulation/compliant_contact_force.h"

#include <algorithm>
#include <cmath>


namespace contactlab {

bool uses_hunt_crossley(const Options& options) { return options.compliant_damping_law == 1; }

StribeckCurve compliant_stribeck_curve(const Options& options) {
  return options.compliant_friction_law == 1 ? StribeckCurve::PiecewiseLinear : StribeckCurve::Smooth;
}

Vec3 compliant_contact_force(double distance, const Vec3& frame_velocity, double normal_inverse_mass,
                             double damping_ratio, double static_coefficient, double kinetic_coefficient,
                             const Options& options) {
  if (!(distance < 0)) return Vec3::Zero();
  const double stiffness = options.compliant_stiffness;  // k [N/m]
  // The spring's depth is capped at v_max sqrt(m_eff / k): the energy it stores,
  // k d^2 / 2, then ejects the contact at no more than v_max = max_recovery_speed.
  const double depth =
      normal_inverse_mass > 0
          ? std::min(-distance, options.max_recovery_speed / std::sqrt(stiffness * normal_inverse_mass))
          : -distance;
  double normal_force = 0;
  if (uses_hunt_crossley(options)) {
    // f_n = max(0, k d (1 - d_hc v_n)): zero at d = 0; never pulls.
    normal_force = std::max(0.0, stiffness * depth * (1 - options.compliant_dissipation * frame_velocity.x()));
  } else {
    // c = 2 zeta sqrt(k m_eff) [N s/m], critical damping scaled by zeta for the contact's
    // effective mass m_eff = 1 / (n^T M^-1 n).
    const double damping =
        normal_inverse_mass > 0 ? 2 * damping_ratio * std::sqrt(stiffness / normal_inverse_mass) : 0.0;
    // f_n = max(0, k d - c v_n): v_n < 0 approaches; the damper never pulls.
    normal_force = std::max(0.0, stiffness * depth - damping * frame_velocity.x());
  }
  const Eigen::Vector2d friction =
      stribeck_friction_force(frame_velocity.tail<2>(), normal_force, options.compliant_stiction_speed,
                              static_coefficient, kinetic_coefficient, compliant_stribeck_curve(options));
  return Vec3(normal_force, friction.x(), friction.y());
}

}  // namespace contactlab
