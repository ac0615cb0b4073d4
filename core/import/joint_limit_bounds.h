// A URDF's <limit> values brought within the scene's ranges before the import maps
// the robot (docs/urdf.md), each change reported naming the joint:
// - values written for "none" (ROS: +-1e16; the Neobotix bases' wheels): a revolute
//   joint with both bounds past +-100 is continuous; another bound past it is +-100
//   (the scene's range for limits: 16 turns, 100 m); an effort past 1e6 (the scene's
//   max_effort) is none;
// - a revolute or prismatic joint without <limit>, or whose <limit> has neither lower
//   nor upper (PyBullet's minitaur's knees), has none, as PyBullet reads it (urdfdom
//   refuses the first and locks the second at 0): a revolute joint is continuous, a
//   prismatic one within +-100 m.
#pragma once

#include "import/import_report.h"
#include "import/urdf_model.h"

namespace contactlab {

void bound_joint_limits(UrdfRobot& robot, ImportReport& report);

}  // namespace contactlab
