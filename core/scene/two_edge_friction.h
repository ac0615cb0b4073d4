// A scene that asks for friction_edges = 2 (friction along +-t2 only, contact/
// friction_cone.h: for a floor the x axis) poses seed 004's one-dimensional brick,
// f = f+ - f-: that is the friction of a body that moves in the x-z plane. The reader
// accepts it only for such a scene: no articulations, gravity without a y component,
// and every free body starting with no velocity along y and no turn about x or z.
#pragma once

#include "base/status.h"
#include "dynamics/model.h"

namespace contactlab {

// Success unless model.options.friction_edges is 2 and the scene is not planar; the
// message names the field that is not and what is allowed.
Status check_two_edge_friction(const Model& model);

}  // namespace contactlab
