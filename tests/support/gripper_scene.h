// A parallel gripper with a 5 cm box between its fingers, as scene JSON: a palm
// welded 0.1 m above the ground and two prismatic fingers whose axes point at the
// box, so both close toward their upper limit (close_direction 1). Each finger's
// inner face is 0.055 - q from the middle: it meets the box at q = 0.03 m.
#pragma once

#include <string>

namespace contactlab {

// `timeline` is the JSON array of commands (may be "[]").
inline std::string gripper_scene_json(const std::string& timeline) {
  return R"({
  "name": "gripper_test",
  "bodies": [
    {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
    {"name": "box", "mass": 0.2, "position": [0, 0, 0.02505],
     "geoms": [{"type": "box", "half_extents": [0.025, 0.025, 0.025]}]}
  ],
  "articulations": [{
    "name": "gripper",
    "links": [
      {"name": "palm", "joint": {"type": "fixed", "origin": {"position": [0, 0, 0.1]}},
       "mass": 0.5, "geoms": [{"type": "box", "half_extents": [0.02, 0.08, 0.01]}]},
      {"name": "left", "parent": "palm",
       "joint": {"type": "prismatic", "origin": {"position": [0, 0.06, -0.05]}, "axis": [0, -1, 0],
                 "limits": [0, 0.05],
                 "actuator": {"stiffness": 2000, "damping": 60, "max_effort": 10,
                              "max_velocity": 0.05, "max_acceleration": 1, "close_direction": 1}},
       "mass": 0.05, "geoms": [{"type": "box", "half_extents": [0.01, 0.005, 0.04]}]},
      {"name": "right", "parent": "palm",
       "joint": {"type": "prismatic", "origin": {"position": [0, -0.06, -0.05]}, "axis": [0, 1, 0],
                 "limits": [0, 0.05],
                 "actuator": {"stiffness": 2000, "damping": 60, "max_effort": 10,
                              "max_velocity": 0.05, "max_acceleration": 1, "close_direction": 1}},
       "mass": 0.05, "geoms": [{"type": "box", "half_extents": [0.01, 0.005, 0.04]}]}
    ]
  }],
  "timeline": )" + timeline + R"(
})";
}

}  // namespace contactlab
