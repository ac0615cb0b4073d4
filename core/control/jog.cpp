#include "control/jog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "base/number_text.h"
#include "dynamics/articulation/inverse_kinematics.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {
namespace {

// True when `ancestor` lies on the path from the root to `link` (or is `link`).
bool on_path(const Articulation& articulation, int ancestor, int link) {
  for (int i = link; i >= 0; i = articulation.tree.link(i).parent) {
    if (i == ancestor) return true;
  }
  return false;
}

// The jog's line from `start` to `target` (orientation kept) checked as the moving
// arm will follow it: inverse kinematics at kJogChecks points, each from the last
// solution. `worst` gets the largest position [m] and rotation [rad] errors left;
// true when every point converged.
constexpr int kJogChecks = 8;
bool jog_reachable(const Articulation& articulation, int link, const std::vector<int>& joints, const Pose& start,
                   const Vec3& target, Eigen::VectorXd q, IkResult& worst) {
  TreeKinematics scratch;
  IkSettings settings;
  settings.max_iterations = 50;
  bool reached = true;
  for (int k = 1; k <= kJogChecks; ++k) {
    Pose point = start;
    point.position = start.position + (static_cast<double>(k) / kJogChecks) * (target - start.position);
    const IkResult result = solve_link_pose(articulation.tree, link, point, joints, settings, q, scratch);
    reached = reached && result.converged;
    worst.position_error = std::max(worst.position_error, result.position_error);
    worst.rotation_error = std::max(worst.rotation_error, result.rotation_error);
  }
  return reached;
}

}  // namespace

int hand_link(const Articulation& articulation) {
  std::vector<int> fingers;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].close_direction != 0) fingers.push_back(link);
  }
  if (fingers.empty()) return -1;
  int hand = articulation.tree.link(fingers.front()).parent;
  for (int finger : fingers) {
    while (hand >= 0 && !on_path(articulation, hand, articulation.tree.link(finger).parent)) {
      hand = articulation.tree.link(hand).parent;
    }
  }
  return hand;
}

bool joggable(const Articulation& articulation, int link) {
  const int hand = hand_link(articulation);
  return (hand < 0 || on_path(articulation, link, hand)) &&
         static_cast<int>(driven_chain(articulation, link).size()) >= kArmJoints;
}

Status plan_jog(const Articulation& articulation, int articulation_index, const ArticulationState& state,
                const RobotControl& robot, int link, const Vec3& displacement, double time,
                TimelineCommand& move) {
  const std::string& link_name = articulation.tree.link(link).name;
  const char* const field[3] = {"dx", "dy", "dz"};
  const std::string range = "[" + describe_number(-kMaxJog) + ", " + describe_number(kMaxJog) + "] m";
  for (int k = 0; k < 3; ++k) {
    if (!(std::abs(displacement[k]) <= kMaxJog)) {
      return Status::failure(std::string(field[k]) + ": must be finite and within " + range + ", got " +
                             describe_number(displacement[k]));
    }
  }
  if (!(displacement.norm() <= kMaxJog)) {
    return Status::failure("dx, dy, dz: the jog must be at most " + describe_number(kMaxJog) + " m long, got " +
                           describe_number(displacement.norm()) + " m");
  }
  const int hand = hand_link(articulation);
  if (hand >= 0 && !on_path(articulation, link, hand)) {
    const std::string& palm = articulation.tree.link(hand).name;
    return Status::failure("link " + quoted(link_name) + ": belongs to the hand below " + quoted(palm) +
                           "; jog " + quoted(palm) + " or a link of the arm above it");
  }
  const std::vector<int> joints = driven_chain(articulation, link);
  if (static_cast<int>(joints.size()) < kArmJoints) {
    return Status::failure("link " + quoted(link_name) + ": is moved by " + std::to_string(joints.size()) +
                           " actuated joints; a jog keeps the orientation and needs an arm of at least " +
                           std::to_string(kArmJoints));
  }

  const Eigen::VectorXd q = set_point_positions(articulation, state);
  TreeKinematics kinematics;
  forward_kinematics(articulation.tree, q, kinematics);
  const Pose start = kinematics.link_pose[link];
  const bool adding = robot.cartesian.active && robot.cartesian.link == link;
  const Vec3 target = (adding ? robot.cartesian.end : start.position) + displacement;
  IkResult worst;
  if (!jog_reachable(articulation, link, joints, start, target, q, worst)) {
    char shortfall[64];
    std::snprintf(shortfall, sizeof shortfall, "%.1f mm and %.3f rad", 1000 * worst.position_error,
                  worst.rotation_error);
    return Status::failure("dx, dy, dz: link " + quoted(link_name) + " cannot reach (" +
                           describe_number(target.x()) + ", " + describe_number(target.y()) + ", " +
                           describe_number(target.z()) + ") m with its orientation kept (" + shortfall +
                           " short within the joint limits); nothing moved");
  }
  move = TimelineCommand{};
  move.time = time;
  move.kind = CommandKind::MoveCartesian;
  move.articulation = articulation_index;
  move.link = link;
  move.position = target;
  move.speed = kJogSpeed;
  return Status::success();
}

}  // namespace contactlab
