// A scene's timeline: controller commands at given times (docs/scene_format.md,
// "Timeline"), so that a command-line run reproduces the page's demo.
#pragma once

#include <vector>

#include "base/math_types.h"

namespace contactlab {

enum class CommandKind {
  MoveJoints,  // some joints' set points to new targets (seed 002 §5), see MoveProfile
  Autograsp,   // close every finger joint at one speed until it stalls (seed 002 §6)
  Open,        // every finger joint back to its open limit
  MoveCartesian,  // a link's frame along a straight line, orientation kept, by inverse kinematics
};

const char* command_kind_name(CommandKind kind);

// How a MoveJoints command takes the set points to their targets.
enum class MoveProfile {
  Smooth,  // one synchronised quintic trajectory within the actuators' limits (seed 002 §5)
  Linear,  // each joint at the constant `speed` (seed 003's commanded positions)
  Step,    // the set points jump to the targets at once (seed 003's q_cmd as an input)
};

const char* move_profile_name(MoveProfile profile);

struct JointTarget {
  int link = -1;      // whose joint
  double position = 0;  // [rad] or [m]
};

struct TimelineCommand {
  double time = 0;  // [s]
  CommandKind kind = CommandKind::MoveJoints;
  int articulation = -1;
  std::vector<JointTarget> targets;  // MoveJoints
  MoveProfile profile = MoveProfile::Smooth;  // MoveJoints
  // Autograsp / Open: joint speed [rad/s or m/s], 0: the fingers' slowest
  // max_velocity; MoveCartesian: the path's peak speed [m/s]; MoveJoints with the
  // linear profile: every joint's constant speed [rad/s or m/s], > 0.
  double speed = 0;
  int link = -1;                   // MoveCartesian: whose frame moves
  Vec3 position = Vec3::Zero();    // MoveCartesian: where its origin goes, world [m]
};

}  // namespace contactlab
