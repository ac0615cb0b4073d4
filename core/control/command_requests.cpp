#include "control/command_requests.h"

#include <algorithm>
#include <cmath>

#include "base/number_text.h"

namespace contactlab {
namespace {

const char* joint_unit(const Joint& joint) { return joint.type == JointType::Revolute ? "rad" : "m"; }

}  // namespace

Status joint_target_command(const Articulation& articulation, int articulation_index, int link, double position,
                            double time, TimelineCommand& move) {
  const std::string& link_name = articulation.tree.link(link).name;
  const Joint& joint = articulation.tree.link(link).joint;
  if (joint.velocity_size() != 1 || !articulation.actuators[link].present) {
    return Status::failure("link " + quoted(link_name) + ": has a " + joint_type_name(joint.type) +
                           (articulation.actuators[link].present ? " joint" : " joint without an actuator") +
                           "; only a revolute or prismatic joint with an actuator can be moved");
  }
  // As a timeline's targets: within the limits, and within [-100, 100] (docs/scene_format.md).
  const double lowest = std::max(joint.lower, -100.0);
  const double highest = std::min(joint.upper, 100.0);
  if (!(position >= lowest && position <= highest)) {
    return Status::failure("position: must be within the limits of joint " + quoted(link_name) + ", [" +
                           describe_number(lowest) + ", " + describe_number(highest) + "] " +
                           joint_unit(joint) + ", got " + describe_number(position));
  }
  move = TimelineCommand{};
  move.time = time;
  move.kind = CommandKind::MoveJoints;
  move.articulation = articulation_index;
  move.targets.push_back(JointTarget{link, position});
  return Status::success();
}

Status finger_command_kind(const std::string& kind, CommandKind& command_kind) {
  if (kind == "autograsp") {
    command_kind = CommandKind::Autograsp;
  } else if (kind == "open") {
    command_kind = CommandKind::Open;
  } else {
    return Status::failure("command: must be autograsp or open (joints move with set_joint_target), got " +
                           quoted(kind));
  }
  return Status::success();
}

Status finger_command(const Articulation& articulation, int articulation_index, CommandKind kind, double time,
                      TimelineCommand& fingers) {
  int finger_count = 0;
  for (int link = 0; link < articulation.tree.link_count(); ++link) {
    if (articulation.actuators[link].close_direction == 0) continue;
    const Joint& joint = articulation.tree.link(link).joint;
    if (!std::isfinite(joint.lower) || !std::isfinite(joint.upper)) {
      return Status::failure("command: finger joint " + quoted(articulation.tree.link(link).name) +
                             " has no limits to close and open towards");
    }
    ++finger_count;
  }
  if (finger_count == 0) {
    return Status::failure("command: articulation " + quoted(articulation.name) +
                           " has no finger joint (an actuator with close_direction)");
  }
  fingers = TimelineCommand{};
  fingers.kind = kind;
  fingers.time = time;
  fingers.articulation = articulation_index;
  return Status::success();
}

}  // namespace contactlab
