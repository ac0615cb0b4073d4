// A URDF link's mass properties, or a part of them, in the frame of the scene link that
// carries it: mass, centre of mass, inertia about the centre of mass. Of a collision
// shape at unit density, the mass is its volume.
#pragma once

#include <vector>

#include "base/math_types.h"

namespace contactlab {

struct MassPart {
  double mass = 0;           // [kg], or [m^3] at unit density
  Vec3 com = Vec3::Zero();   // [m]
  Mat3 inertia = Mat3::Zero();
};

// The parts as one body: summed mass, the mass-weighted centre, and each part's
// inertia moved to it (parallel axis theorem). Without mass, the mass and the
// weighted sum of centres, the inertia zero.
MassPart combine_mass_parts(const std::vector<MassPart>& parts);

}  // namespace contactlab
