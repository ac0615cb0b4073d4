// Cartesian jog (seed 002 §5): a link's frame moves by a displacement along a straight
// line with its orientation kept, as a move_cartesian command driven by the actuated
// joints of the arm between the root and the link.
#pragma once

#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "control/robot_control.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"

namespace contactlab {

// The largest displacement [m], per component and in length; the path's peak speed
// [m/s]; the fewest actuated joints of an arm that keeps an orientation.
constexpr double kMaxJog = 0.2;
constexpr double kJogSpeed = 0.1;
constexpr int kArmJoints = 6;

// The hand: the deepest link above every finger joint (the palm), -1 without fingers.
// The links below it (fingers, knuckles) belong to the hand, not to the arm.
int hand_link(const Articulation& articulation);

// A link a jog accepts: on the arm (not below the hand), with at least kArmJoints
// actuated joints between the root and it.
bool joggable(const Articulation& articulation, int link);

// The move_cartesian command of a jog of `link` (of articulation number
// `articulation_index`) by `displacement` [m, world axes], started at `time`. Jogs
// of the same link add up: a jog starts from where the running move is heading,
// else from the link's pose at the set points. Each component must be finite and
// within [-kMaxJog, kMaxJog], the displacement at most kMaxJog long, the link
// joggable, and every point of the line reachable with the orientation kept (inverse
// kinematics within the joint limits); otherwise the message says why.
Status plan_jog(const Articulation& articulation, int articulation_index, const ArticulationState& state,
                const RobotControl& robot, int link, const Vec3& displacement, double time,
                TimelineCommand& move);

}  // namespace contactlab
