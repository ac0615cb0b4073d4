// The "loops" of an articulation (docs/scene_format.md, "Loop closures"): point and
// hinge constraints between two of its links that close kinematic loops
// (dynamics/articulation/loop_closure.h, seed 004's bilateral constraints).
#pragma once

#include <map>
#include <string>

#include "base/status.h"
#include "dynamics/articulation/articulation_model.h"
#include "scene/json_fields.h"

namespace contactlab {

// Reads `articulation`'s optional "loops" into articulation.loops. Its tree and
// initial positions are complete; `link_index` maps its link names to indices, and
// `other_names` the scene's other bodies and links to where they are defined (for
// the message when a loop names one). Each loop must be closed at the initial q
// within kLoopGapTolerance (and a hinge's axes parallel within kLoopAngleTolerance).
Status read_loop_closures(const FieldReader& fields, const std::string& path,
                          const std::map<std::string, int>& link_index,
                          const std::map<std::string, std::string>& other_names,
                          Articulation& articulation);

inline constexpr double kLoopGapTolerance = 1e-3;    // [m]
inline constexpr double kLoopAngleTolerance = 1e-2;  // [rad]

}  // namespace contactlab
