#include "scene/two_edge_friction.h"

#include <string>

#include "base/number_text.h"

namespace contactlab {
namespace {

const char kWhat[] =
    "options.friction_edges: 2 edges give friction along x only (seed 004's brick, f = f+ - f-), for "
    "bodies moving in the x-z plane";
const char kAllowed[] = " (allowed: 2 for such a scene, otherwise an even whole number from 4 to 32)";

}  // namespace

Status check_two_edge_friction(const Model& model) {
  if (model.options.friction_edges != 2) return Status::success();
  if (!model.articulations.empty()) {
    return Status::failure(std::string(kWhat) + "; this scene has articulations" + kAllowed);
  }
  if (model.options.gravity.y() != 0) {
    return Status::failure(std::string(kWhat) + "; options.gravity has y = " +
                           describe_number(model.options.gravity.y()) + kAllowed);
  }
  for (const Body& body : model.bodies) {
    if (body.is_static) continue;
    const Vec3& v = body.initial_linear_velocity;
    const Vec3& w = body.initial_angular_velocity;
    if (v.y() != 0) {
      return Status::failure(std::string(kWhat) + "; body " + quoted(body.name) +
                             " has linear_velocity y = " + describe_number(v.y()) + kAllowed);
    }
    if (w.x() != 0 || w.z() != 0) {
      return Status::failure(std::string(kWhat) + "; body " + quoted(body.name) +
                             " turns about x or z (angular_velocity " + describe_number(w.x()) + ", " +
                             describe_number(w.y()) + ", " + describe_number(w.z()) + ")" + kAllowed);
    }
  }
  return Status::success();
}

}  // namespace contactlab
