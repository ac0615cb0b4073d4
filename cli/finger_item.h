// One item of `contactlab import --fingers` (docs/urdf.md), a comma-separated list of
// JOINT, JOINT:lower or JOINT:upper: the finger joint and the side it closes toward
// (without one, the import finds it from the geometry). Joint names may hold ':'
// (xacro prefixes such as "hand:finger_joint"): the side is split off at the last ':'
// only when a side word, lower or upper, follows it; otherwise the whole item is the
// joint name.
#pragma once

#include <string>

#include "base/status.h"
#include "import/urdf_scene.h"

namespace contactlab {

// Fails naming --fingers, the item and the allowed forms and sides when the item has
// no joint name; `finger` is left as it was then.
Status parse_finger(const std::string& item, FingerRequest& finger);

}  // namespace contactlab
