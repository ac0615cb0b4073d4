#include "import/draft_links.h"

#include <Eigen/Geometry>

namespace contactlab {
namespace {

// The draft's joint at its position: a turn about the axis or a slide along it.
Pose joint_motion(const DraftLink& draft) {
  if (draft.joint == nullptr) return Pose{};
  const Vec3 axis = draft.joint->axis;
  if (draft.type == "revolute") return Pose{Vec3::Zero(), Eigen::AngleAxisd(draft.position, axis).toRotationMatrix()};
  if (draft.type == "prismatic") return Pose{draft.position * axis, Mat3::Identity()};
  return Pose{};
}

}  // namespace

int draft_of_joint(const std::vector<DraftLink>& drafts, const std::string& joint_name) {
  for (size_t d = 0; d < drafts.size(); ++d) {
    if (drafts[d].joint != nullptr && drafts[d].joint->name == joint_name) return static_cast<int>(d);
  }
  return -1;
}

bool is_movable(const DraftLink& draft) { return draft.type == "revolute" || draft.type == "prismatic"; }

bool in_subtree(const std::vector<DraftLink>& drafts, int link, int ancestor) {
  for (int d = link; d >= 0; d = drafts[d].parent) {
    if (d == ancestor) return true;
  }
  return false;
}

void place_drafts(std::vector<DraftLink>& drafts) {
  for (DraftLink& draft : drafts) {
    const Pose parent = draft.parent < 0 ? Pose{} : drafts[draft.parent].world;
    draft.world = parent.compose(draft.origin).compose(joint_motion(draft));
  }
}

}  // namespace contactlab
