// A loaded scene described as JSON for the page: its name, description, duration,
// options, bodies with their geoms (shape parameters, hull vertices and faces, local
// poses, colours) and articulations with their links (each saying whether a jog
// accepts it), joints, couplings and loop closures, and the bodies its view keeps in
// sight (keep_in_view, by name).
#pragma once

#include <string>

#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

std::string describe_scene(const Model& model, const Options& options);

}  // namespace contactlab
