#include "import/joint_limit_bounds.h"

#include <algorithm>
#include <string>

#include "base/number_text.h"

namespace contactlab {
namespace {

constexpr double kMaxLimit = 100;   // the scene's joint limits and positions: [-100, 100]
constexpr double kMaxEffort = 1e6;  // the scene's max_effort cap

}  // namespace

void bound_joint_limits(UrdfRobot& robot, ImportReport& report) {
  for (UrdfJoint& joint : robot.joints) {
    const bool movable = joint.type == UrdfJointType::Revolute || joint.type == UrdfJointType::Prismatic;
    UrdfLimit& limit = joint.limit;
    const std::string where = "joint " + contactlab::quoted(joint.name) + " (line " + std::to_string(joint.line) + ")";
    if (movable && !limit.bounded) {
      report.warn(where + ": no <limit> lower or upper; " +
                  (joint.type == UrdfJointType::Revolute ? "imported as a continuous joint (no limits)"
                                                         : "its limits are +-100 m (the scene's range)"));
      if (joint.type == UrdfJointType::Revolute) {
        joint.type = UrdfJointType::Continuous;
      } else {
        limit.lower = -kMaxLimit;
        limit.upper = kMaxLimit;
      }
    }
    if (!limit.present) continue;
    if (movable && (limit.lower < -kMaxLimit || limit.upper > kMaxLimit)) {
      if (joint.type == UrdfJointType::Revolute && limit.lower < -kMaxLimit && limit.upper > kMaxLimit) {
        joint.type = UrdfJointType::Continuous;
        report.warn(where + " <limit>: lower and upper past +-100 rad; imported as a continuous joint (no limits)");
      } else {
        limit.lower = std::max(limit.lower, -kMaxLimit);
        limit.upper = std::min(limit.upper, kMaxLimit);
        report.warn(where + " <limit>: a bound past +-100 (the scene's range) is taken as +-100");
      }
    }
    if (limit.effort > kMaxEffort) {
      limit.effort = 0;
      report.warn(where + " <limit>: effort past 1e6 is taken as none");
    }
  }
}

}  // namespace contactlab
