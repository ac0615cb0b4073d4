#include "formulation/hybrid_guards.h"

#include <algorithm>
#include <cmath>

#include "formulation/hybrid_transitions.h"

namespace contactlab {

void HybridGuards::evaluate(const Eigen::VectorXd& state, double reach, Eigen::VectorXd& guards) {
  const std::vector<HybridActiveContact>& active = dynamics_.active();
  const int pairs = static_cast<int>(bodies_.pairs.size());
  const std::vector<int>& active_limits = dynamics_.active_limits();
  const Eigen::Index limits_at = pairs + 2 * static_cast<Eigen::Index>(active.size());
  const Eigen::Index limit_count = static_cast<Eigen::Index>(bodies_.limits.size());
  const Eigen::Index joints_at = limits_at + limit_count + static_cast<Eigen::Index>(active_limits.size());
  const std::vector<HybridJointFrictionMode>& joint_modes = dynamics_.joint_modes();
  guards.resize(joints_at + static_cast<Eigen::Index>(joint_modes.size()));
  bool joint_sticks = false;
  for (size_t j = 0; j < joint_modes.size(); ++j) {
    // Slip -> stick: s q_dot_j reaching zero.
    guards[joints_at + static_cast<Eigen::Index>(j)] = joint_modes[j].direction * state[bodies_.joint_frictions[j].rate];
    joint_sticks = joint_sticks || joint_modes[j].sticking;
  }
  guards.head(pairs).setConstant(reach);
  for (Eigen::Index l = 0; l < limit_count; ++l) {
    const bool is_active =
        std::find(active_limits.begin(), active_limits.end(), static_cast<int>(l)) != active_limits.end();
    guards[limits_at + l] = is_active ? 1.0 : hybrid_limit_distance(bodies_.limits[l], state);
  }
  hybrid_contact_points(model_, state, reach, bodies_, points_);
  for (const HybridContactPoint& point : points_) {
    const bool is_active = std::any_of(active.begin(), active.end(),
                                       [&](const HybridActiveContact& contact) { return contact.key == point.key; });
    if (!is_active) guards[point.pair] = std::min(guards[point.pair], point.distance);
  }
  if (active.empty() && active_limits.empty() && !joint_sticks) return;
  dynamics_.evaluate(state, derivative_, contacts_);
  for (size_t j = 0; j < joint_modes.size(); ++j) {
    // Stick -> slip: |lambda_j| reaching c.
    if (!joint_modes[j].sticking) continue;
    guards[joints_at + static_cast<Eigen::Index>(j)] =
        bodies_.joint_frictions[j].coulomb - std::abs(dynamics_.joint_friction_torques()[j]);
  }
  for (size_t l = 0; l < active_limits.size(); ++l) {
    guards[limits_at + limit_count + static_cast<Eigen::Index>(l)] =
        dynamics_.limit_forces()[l] + kHybridIdleContactForce;
  }
  for (size_t c = 0; c < active.size(); ++c) {
    const HybridContactState& contact = contacts_[c];
    const Eigen::Index at = pairs + 2 * static_cast<Eigen::Index>(c);
    // Opening: lambda_n below the force the modes let go at (hybrid_transitions.h).
    guards[at] = contact.normal_force - hybrid_release_force(model_, bodies_, active[c].key);
    const double slip = contact.tangential_velocity.norm();
    if (active[c].mode == HybridContactMode::Stick) {
      guards[at + 1] = hybrid_patch_friction(active, contacts_, static_cast<int>(c)).margin;
    } else if (active[c].slow) {
      guards[at + 1] = std::min(contact.tangential_velocity.dot(active[c].slip_direction) - dynamics_.stick_speed(),
                                dynamics_.slow_slip_speed() - slip);
    } else {
      guards[at + 1] = slip - dynamics_.slow_slip_speed();
    }
  }
}

HybridGuardMeaning HybridGuards::meaning(int index) const {
  const int pairs = static_cast<int>(bodies_.pairs.size());
  HybridGuardMeaning meaning;
  if (index < pairs) {
    meaning.pair = index;
    return meaning;
  }
  const int contact_guards = 2 * static_cast<int>(dynamics_.active().size());
  const int limit_count = static_cast<int>(bodies_.limits.size());
  const int joints_at = pairs + contact_guards + limit_count + static_cast<int>(dynamics_.active_limits().size());
  if (index >= joints_at) {
    meaning.joint_friction = index - joints_at;
    meaning.kind = dynamics_.joint_modes()[meaning.joint_friction].sticking ? HybridEventKind::StickToSlip
                                                                           : HybridEventKind::SlipToStick;
    return meaning;
  }
  if (index >= pairs + contact_guards) {
    const int at = index - pairs - contact_guards;
    if (at < limit_count) {
      meaning.limit = at;
    } else {
      meaning.limit = dynamics_.active_limits()[at - limit_count];
      meaning.kind = HybridEventKind::Open;
    }
    return meaning;
  }
  meaning.active = (index - pairs) / 2;
  const bool second = (index - pairs) % 2 == 1;
  const bool sticking = dynamics_.active()[meaning.active].mode == HybridContactMode::Stick;
  meaning.kind = !second ? HybridEventKind::Open
                         : (sticking ? HybridEventKind::StickToSlip : HybridEventKind::SlipToStick);
  return meaning;
}

}  // namespace contactlab
