// The robot commands a user starts by hand (the page's joint sliders and buttons):
// checked against the articulation, then built as the timeline command that carries
// them out (control/robot_control.h starts it).
#pragma once

#include <string>

#include "base/status.h"
#include "dynamics/model.h"

namespace contactlab {

// A move_joints command taking the set point of `link` (of articulation number
// `articulation_index`) to `position` [rad or m] along a smooth trajectory, started at
// `time`. The link's joint must be revolute or prismatic with an actuator, and the
// position within its limits and within [-100, 100] (as a timeline's targets).
Status joint_target_command(const Articulation& articulation, int articulation_index, int link, double position,
                            double time, TimelineCommand& move);

// The kind of a finger command: "autograsp" or "open".
Status finger_command_kind(const std::string& kind, CommandKind& command_kind);

// An autograsp or open command for every finger joint of the articulation, started at
// `time`. The articulation must have finger joints (actuators with a close
// direction), each with finite limits to close and open towards.
Status finger_command(const Articulation& articulation, int articulation_index, CommandKind kind, double time,
                      TimelineCommand& fingers);

}  // namespace contactlab
