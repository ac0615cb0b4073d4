#include "formulation/implicit_friction.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

Eigen::Matrix2d friction_damping(const Eigen::Vector2d& slip, double normal_force, double stiction_speed,
                                 double static_coefficient, double kinetic_coefficient, StribeckCurve curve,
                                 double substep, const Eigen::Matrix2d& tangent_gram) {
  if (!(normal_force > 0)) return Eigen::Matrix2d::Zero();
  const double speed = slip.norm();
  const double s = speed / stiction_speed;
  // a = f_n mu(s) / (s v_s), the secant; f_n mu'(0) / v_s at rest.
  const double secant =
      normal_force * stribeck_coefficient_per_speed_ratio(s, static_coefficient, kinetic_coefficient, curve) /
      stiction_speed;
  if (!(speed > 0)) return secant * Eigen::Matrix2d::Identity();
  const Eigen::Vector2d direction = slip / speed;  // d
  const double slope =
      normal_force * stribeck_slope(s, static_coefficient, kinetic_coefficient, curve) / stiction_speed;
  // c = max(f_n mu'(s) / v_s, a - 1 / (h_s W_dd), 0): the law's slope, never an
  // anti-damper, and enough to stop the slip at rest rather than past it.
  double along = std::max(slope, 0.0);
  const double direction_gram = direction.dot(tangent_gram * direction);  // W_dd
  if (direction_gram > 0) along = std::max(along, secant - 1 / (substep * direction_gram));
  const Eigen::Matrix2d projection = direction * direction.transpose();  // d d^T
  return secant * (Eigen::Matrix2d::Identity() - projection) + along * projection;
}

namespace {

// J_t v: contact c's slip (v_t1, v_t2) at `velocity`, the frame's two tangent rows.
Eigen::Vector2d tangential_velocity(const IslandRows& rows, int c, const Eigen::VectorXd& velocity) {
  Eigen::Vector2d value = Eigen::Vector2d::Zero();
  for (int p = 2 * c; p < 2 * c + 2; ++p) {
    const MemberJacobian& jacobian = rows.frame_jacobians[p];
    if (jacobian.member < 0) continue;
    const int n = static_cast<int>(jacobian.rows.cols());
    for (int j = 0; j < n; ++j) {
      const double rate = velocity[jacobian.offset + j];
      value.x() += jacobian.rows(1, j) * rate;
      value.y() += jacobian.rows(2, j) * rate;
    }
  }
  return value;
}

// velocity += M^-1 J_t^T p for a tangential impulse p of contact c.
void apply_tangential_impulse(const IslandRows& rows, int c, const Eigen::Vector2d& impulse,
                              Eigen::VectorXd& velocity) {
  for (int p = 2 * c; p < 2 * c + 2; ++p) {
    const MemberJacobian& jacobian = rows.frame_jacobians[p];
    if (jacobian.member < 0) continue;
    const int n = static_cast<int>(jacobian.mobility.rows());
    for (int j = 0; j < n; ++j) {
      velocity[jacobian.offset + j] += jacobian.mobility(j, 1) * impulse.x() + jacobian.mobility(j, 2) * impulse.y();
    }
  }
}

}  // namespace

int solve_implicit_friction(const IslandRows& rows, std::vector<LinearisedFriction>& friction, double substep,
                            double tolerance, int max_sweeps, std::vector<Vec3>& impulses,
                            Eigen::VectorXd& velocity) {
  // (C, W_tt, f_t(u0), u0) => p = h_s (f - C (u_others + W_tt p - u0)), solved for p:
  // (I + h_s C W_tt) p = h_s (f + C u0) - h_s C u_others
  bool any = false;
  for (int c = 0; c < rows.contact_count; ++c) {
    LinearisedFriction& law = friction[c];
    if (law.damping.isZero(0)) continue;  // no normal force: no friction
    any = true;
    law.gram = rows.self_block(c).bottomRightCorner<2, 2>();
    const Eigen::Matrix2d inverse = (Eigen::Matrix2d::Identity() + substep * law.damping * law.gram).inverse();
    law.response = substep * inverse * law.damping;
    law.offset = substep * inverse * (law.force + law.damping * law.slip);
  }
  if (!any) return 0;
  int sweeps = 0;
  while (sweeps < max_sweeps) {
    ++sweeps;
    double largest_change = 0;  // of any contact's slip in this sweep [m/s]
    for (int c = 0; c < rows.contact_count; ++c) {
      const LinearisedFriction& law = friction[c];
      if (law.damping.isZero(0)) continue;
      const Eigen::Vector2d impulse = impulses[c].tail<2>();
      // (v) => u_others = u - W_tt p_c, the slip without this contact's own impulse
      const Eigen::Vector2d others = tangential_velocity(rows, c, velocity) - law.gram * impulse;
      const Eigen::Vector2d solved = law.offset - law.response * others;
      const Eigen::Vector2d change = solved - impulse;
      apply_tangential_impulse(rows, c, change, velocity);
      impulses[c].tail<2>() = solved;
      largest_change = std::max(largest_change, (law.gram * change).norm());
    }
    if (!(largest_change > tolerance)) break;
  }
  return sweeps;
}

}  // namespace contactlab
