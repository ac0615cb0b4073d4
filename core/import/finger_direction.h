// Which way a finger joint closes when --fingers names no side (docs/urdf.md): the side
// toward which a small move of the joint (a thousandth of its range; its followers
// moved with it) brings the links of every finger closer together, their summed
// distances between centres of mass, or, where those sit on the joint axes (the PR2
// gripper's fingers), between the centroids of their collision geometry. A joint
// whose move changes neither is refused, asking for its side (import_failure.h).
#pragma once

#include <vector>

#include "import/draft_links.h"

namespace contactlab {

// (drafts at their start poses, the drafts of every finger joint) => +1 when joint d
// closes toward its upper limit, -1 toward the lower.
int finger_close_direction(const std::vector<DraftLink>& drafts, const std::vector<int>& fingers, int d);

}  // namespace contactlab
