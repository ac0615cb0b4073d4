// The "prescribed_motion" of an articulation (docs/scene_format.md, "Prescribed
// motion"): joints whose rate follows a profile over time, seed 004's bilateral
// velocity constraints (dynamics/articulation/prescribed_motion.h).
#pragma once

#include <map>
#include <string>

#include "base/status.h"
#include "dynamics/articulation/articulation_model.h"
#include "scene/json_fields.h"

namespace contactlab {

// Reads `articulation`'s optional "prescribed_motion" into articulation.prescribed.
// Its tree, actuators, joint friction and couplings are complete; `link_index` maps
// its link names to indices. Each entry names a revolute or prismatic joint once, one
// without an actuator, Coulomb friction or finite limits (the drive is what moves it),
// and its profile's peak |velocity| + |amplitude| is at most kMaxSpeed.
Status read_prescribed_motions(const FieldReader& fields, const std::string& path,
                               const std::map<std::string, int>& link_index, Articulation& articulation);

}  // namespace contactlab
