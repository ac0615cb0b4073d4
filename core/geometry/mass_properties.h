// Volume, centre of mass and inertia of the collision shapes, and of a body made of
// several of them: what a dynamic body gets when its scene gives no inertia.
//
// A solid's properties are given at unit density (1 kg/m^3), so its mass equals its
// volume and a density rho scales them: m = rho V, I = rho I_unit. Only + - * / and
// sqrt are used, so the results are the same on every platform.
#pragma once

#include <vector>

#include "base/math_types.h"
#include "geometry/shape.h"

namespace contactlab {

struct MassProperties {
  double volume = 0;             // V [m^3], also the mass at unit density
  Vec3 centroid = Vec3::Zero();  // centre of mass [m]
  Mat3 inertia = Mat3::Zero();   // about the centroid, unit density [m^5]
};

// Each in its own geom frame (capsule and cylinder axis along z).
// True when `inertia` (symmetric) has principal moments >= 0, each at most the sum of
// the other two, as every mass distribution's has (I1 = integral of (y^2 + z^2) dm,
// ...): the second moment tr(I)/2 E - I is positive semi-definite, within
// `tolerance` relative to the inertia's largest entry.
bool has_rigid_body_moments(const Mat3& inertia, double tolerance);

MassProperties sphere_mass_properties(double radius);
MassProperties box_mass_properties(const Vec3& half_extents);
// A cylinder of radius r and length 2 h closed by two hemispheres.
MassProperties capsule_mass_properties(double radius, double half_length);
MassProperties cylinder_mass_properties(double radius, double half_length);
// Exact polyhedral integration over the hull's faces (fan-triangulated); the faces
// must be counter-clockwise seen from outside.
MassProperties convex_hull_mass_properties(const ConvexHullData& hull);
// Any shape; a plane (unbounded, static bodies only) has zero volume.
MassProperties shape_mass_properties(const Shape& shape);

// The same solid seen in a parent frame in which its frame has pose `pose`:
// centroid -> R c + p, inertia -> R I R^T.
MassProperties transform_mass_properties(const MassProperties& part, const Pose& pose);

// The union of solids given in one frame, overlaps counted twice: volumes add, the
// centroid is the volume-weighted mean, and each part's inertia is moved to the
// common centroid by the parallel-axis theorem, I + V (|d|^2 1 - d d^T).
MassProperties combine_mass_properties(const std::vector<MassProperties>& parts);

struct PlacedShape {
  Shape shape;
  Pose pose;  // of the shape's frame in the body frame
};

// Mass, centre of mass and inertia of a rigid body.
struct BodyMassProperties {
  double mass = 0;                     // [kg]
  Vec3 center_of_mass = Vec3::Zero();  // in the body frame [m]
  Mat3 inertia = Mat3::Zero();         // about the centre of mass, body frame [kg m^2]
};

// The shapes filled with the uniform density that gives the body `mass` (> 0). The
// shapes' total volume must be positive (no planes only).
BodyMassProperties body_mass_properties(const std::vector<PlacedShape>& shapes, double mass);

}  // namespace contactlab
