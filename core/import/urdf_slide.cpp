#include "import/urdf_slide.h"

#include <cmath>
#include <set>
#include <string>

namespace contactlab {

Status put_on_vertical_slide(UrdfRobot& robot, const Mat3& base_rotation, const UrdfSlide& slide) {
  const bool in_range = std::isfinite(slide.lower) && std::isfinite(slide.upper) && slide.lower >= -10 &&
                        slide.upper <= 10 && slide.lower <= 0 && slide.upper >= 0;
  if (!in_range) {
    return Status::failure("--lift: limits must be finite, within [-10, 10] m and hold 0 (lower <= 0 <= upper)");
  }
  std::set<std::string> children;
  for (const UrdfJoint& joint : robot.joints) children.insert(joint.child);
  const UrdfLink* root = nullptr;
  for (const UrdfLink& link : robot.links) {
    if (link.name == "world") {
      return Status::failure("--lift: the robot already has a link \"world\" (line " + std::to_string(link.line) +
                             "); mount it by its own joints instead");
    }
    if (children.count(link.name) == 0 && root == nullptr) root = &link;
  }
  if (root == nullptr) return Status::failure("--lift: the robot has no root link");
  UrdfJoint lift;
  lift.name = "lift";
  lift.type = UrdfJointType::Prismatic;
  lift.parent = "world";
  lift.child = root->name;
  lift.axis = base_rotation.transpose() * Vec3::UnitZ();
  lift.limit.present = true;
  lift.limit.lower = slide.lower;
  lift.limit.upper = slide.upper;
  lift.limit.velocity = kSlideVelocity;
  UrdfLink world;
  world.name = "world";
  robot.joints.push_back(lift);
  robot.links.insert(robot.links.begin(), world);
  return Status::success();
}

}  // namespace contactlab
