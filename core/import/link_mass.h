// A scene link's mass properties from the URDF links it carries (docs/urdf.md):
// - an <inertial> with mass, turned into the scene link's frame, its inertia kept when
//   a rigid body can have it. A point mass or a singular tensor (smallest principal
//   moment below 1e-9 of the largest: a missing <inertia>, all zeros) takes the inertia
//   of its collision geometry scaled to its mass; principal moments that break the
//   triangle inequality by at most 10 % of the largest (CAD rounding) are raised to meet
//   it, half the excess each, as MuJoCo's balanceinertia does. Negative moments and
//   larger breaks are refused;
// - a link without <inertial> gets the mass and inertia of its collision geometry at
//   `density`;
// - mass 0 (PyBullet's static base, a placeholder) is kept at 0 when the rest of the
//   scene link has mass, else taken from the collision geometry as a missing <inertial>.
// Each estimate or change is a warning. A scene link without mass, without collision
// geometry or with a singular inertia in the end is refused (import_failure.h).
#pragma once

#include "import/draft_links.h"
#include "import/import_report.h"
#include "import/urdf_model.h"

namespace contactlab {

// (the draft's carried links, their unit-density volumes) => draft.mass and
// draft.centroid (of its collision geometry, the centre of mass without one).
void assign_link_mass(const UrdfRobot& robot, double density, DraftLink& draft, ImportReport& report);

}  // namespace contactlab
