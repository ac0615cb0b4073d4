// The load a joint's motor drives at the start pose, for the gain rule
// (pd_gain_rule.h): about a revolute joint's axis, the inertia I and the largest
// gravity torque tau_g of the links below it (each link's mass at its distance from
// the axis, plus its own inertia about the axis); along a prismatic joint, their mass
// and weight. The joints that follow it (<mimic>, ratio r) add r^2 I and |r| tau_g of
// their own subtrees.
#pragma once

#include <vector>

#include "import/draft_links.h"
#include "import/pd_gain_rule.h"

namespace contactlab {

// (drafts at their start poses, their masses) => the load of the joint of draft d.
JointLoad joint_load(const std::vector<DraftLink>& drafts, int d);

}  // namespace contactlab
