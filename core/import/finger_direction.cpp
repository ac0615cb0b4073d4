#include "import/finger_direction.h"

#include <algorithm>
#include <cmath>

#include "base/number_text.h"
#include "import/import_failure.h"

namespace contactlab {
namespace {

// Finger spread: the summed distances between the start positions of every link moved
// by a finger joint (followers included): their centres of mass, or with `geometry`
// the centroids of their collision geometry. Closing a finger decreases it.
double finger_spread(const std::vector<DraftLink>& drafts, const std::vector<int>& moved, bool geometry) {
  const auto point = [&](int d) { return drafts[d].world.to_world(geometry ? drafts[d].centroid : drafts[d].mass.com); };
  double spread = 0;
  for (size_t a = 0; a < moved.size(); ++a) {
    for (size_t b = a + 1; b < moved.size(); ++b) spread += (point(moved[a]) - point(moved[b])).norm();
  }
  return spread;
}

}  // namespace

int finger_close_direction(const std::vector<DraftLink>& drafts, const std::vector<int>& fingers, int d) {
  const DraftLink& draft = drafts[d];
  std::vector<int> moved;
  for (const int f : fingers) {
    for (size_t k = 0; k < drafts.size(); ++k) {
      bool moves = in_subtree(drafts, static_cast<int>(k), f);
      for (size_t g = 0; g < drafts.size(); ++g) {
        moves = moves || (drafts[g].leader == f && in_subtree(drafts, static_cast<int>(k), static_cast<int>(g)));
      }
      if (moves && std::find(moved.begin(), moved.end(), static_cast<int>(k)) == moved.end()) {
        moved.push_back(static_cast<int>(k));
      }
    }
  }
  const UrdfLimit& limit = draft.joint->limit;
  const double step = 1e-3 * std::max(limit.upper - limit.lower, 1e-3);
  std::vector<DraftLink> moving = drafts;
  // Centres of mass first; where they sit on the joint axes (the PR2 gripper's
  // fingers), the centroids of the collision geometry.
  double spread[2][2];
  for (int side = 0; side < 2; ++side) {
    moving[d].position = drafts[d].position + (side == 0 ? -step : step);
    for (DraftLink& other : moving) {
      if (other.leader == d) other.position = other.ratio * moving[d].position + other.offset;
    }
    place_drafts(moving);
    spread[0][side] = finger_spread(moving, moved, false);
    spread[1][side] = finger_spread(moving, moved, true);
  }
  const double* chosen = std::fabs(spread[0][1] - spread[0][0]) >= 1e-9 ? spread[0] : spread[1];
  if (std::fabs(chosen[1] - chosen[0]) < 1e-9) {
    fail_import("--fingers: joint " + contactlab::quoted(draft.joint->name) + ": moving it does not change how far apart the "
                "finger links are; name its closing side (" + draft.joint->name + ":lower or " + draft.joint->name +
                ":upper)");
  }
  return chosen[1] < chosen[0] ? 1 : -1;
}

}  // namespace contactlab
