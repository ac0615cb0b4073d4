#include "formulation/hybrid_guards.h"

#include <algorithm>

namespace contactlab {

void HybridGuards::evaluate(const Eigen::VectorXd& state, double reach, Eigen::VectorXd& guards) {
  const std::vector<HybridActiveContact>& active = dynamics_.active();
  const int pairs = static_cast<int>(bodies_.pairs.size());
  guards.resize(pairs + 2 * static_cast<Eigen::Index>(active.size()));
  guards.head(pairs).setConstant(reach);
  hybrid_contact_points(model_, state, reach, bodies_, points_);
  for (const HybridContactPoint& point : points_) {
    const bool is_active = std::any_of(active.begin(), active.end(),
                                       [&](const HybridActiveContact& contact) { return contact.key == point.key; });
    if (!is_active) guards[point.pair] = std::min(guards[point.pair], point.distance);
  }
  if (active.empty()) return;
  dynamics_.evaluate(state, derivative_, contacts_);
  for (size_t c = 0; c < active.size(); ++c) {
    const HybridContactState& contact = contacts_[c];
    const Eigen::Index at = pairs + 2 * static_cast<Eigen::Index>(c);
    guards[at] = contact.normal_force;
    guards[at + 1] = active[c].mode == HybridContactMode::Stick
                         ? hybrid_patch_friction(active, contacts_, static_cast<int>(c)).margin
                         : contact.tangential_velocity.dot(active[c].slip_direction);
  }
}

HybridGuardMeaning HybridGuards::meaning(int index) const {
  const int pairs = static_cast<int>(bodies_.pairs.size());
  HybridGuardMeaning meaning;
  if (index < pairs) {
    meaning.pair = index;
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
