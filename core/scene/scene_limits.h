// Limits of scene files shared by the readers of its sections (scene_loader.cpp,
// articulation_reader.cpp). docs/scene_format.md lists them.
#pragma once

#include <cstddef>

#include "scene/json_fields.h"

namespace contactlab {

// Bodies of "bodies" and links of "articulations" together: every link is a body.
inline constexpr std::size_t kMaxBodies = 200;
inline constexpr double kMaxSpeed = 1000;  // [m/s] and [rad/s]

inline constexpr NumberRange kBodyPositionRange{-1000, 1000, true, true, "m"};  // world
inline constexpr NumberRange kLocalPositionRange{-100, 100, true, true, "m"};   // in a body
inline constexpr NumberRange kLinearVelocityRange{-kMaxSpeed, kMaxSpeed, true, true, "m/s"};
inline constexpr NumberRange kAngularVelocityRange{-kMaxSpeed, kMaxSpeed, true, true, "rad/s"};

}  // namespace contactlab
