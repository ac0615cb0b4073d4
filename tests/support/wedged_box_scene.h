// A 0.2 m cube of 1 kg pressed 5 mm into each of two static walls 0.19 m apart: each
// wall's contacts ask the cube to leave it (the error reduction's push, contact_rows.h),
// one along +x and the other along -x, so no impulse can satisfy both. An ill-posed
// island in every formulation whose contacts are hard: seed 002's LCP has no solution
// (Lemke ends on a ray, the frictionless LCP too, and the island is held still), nor has
// the convex QP.
#pragma once

#include <string>

namespace contactlab {

inline std::string wedged_box_scene_text(const std::string& formulation) {
  return R"({"name": "wedged_box", "description": "a cube wedged between two walls closer than its width",
    "duration": 0.01, "options": {"time_step": 0.0025, "friction_edges": 4, "formulation": ")" + formulation +
         R"(", "contact_threshold": 0.0001, "gravity": [0, 0, -9.81]},
    "friction": {"default": {"static": 0.5, "kinetic": 0.5}},
    "bodies": [
      {"name": "wall_west", "static": true, "position": [-0.145, 0, 0.5],
       "geoms": [{"type": "box", "half_extents": [0.05, 0.3, 0.3]}]},
      {"name": "wall_east", "static": true, "position": [0.145, 0, 0.5],
       "geoms": [{"type": "box", "half_extents": [0.05, 0.3, 0.3]}]},
      {"name": "box", "mass": 1, "position": [0, 0, 0.5],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}]})";
}

}  // namespace contactlab
