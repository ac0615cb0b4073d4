// Collision shapes. Every shape is described in its own geom frame; capsules and
// cylinders have their axis along local z, a plane is the half-space z <= 0 with
// outward normal +z (planes only belong to static bodies).
#pragma once

#include <memory>
#include <vector>

#include "base/math_types.h"

namespace contactlab {

enum class ShapeType { Plane, Sphere, Box, Capsule, Cylinder, ConvexHull };

// A convex polytope: vertices, faces as vertex loops counter-clockwise seen from
// outside, outward unit face normals, and unique undirected edges.
struct ConvexHullData {
  std::vector<Vec3> vertices;
  std::vector<std::vector<int>> faces;
  std::vector<Vec3> face_normals;
  std::vector<std::pair<int, int>> edges;
};

struct Shape {
  ShapeType type = ShapeType::Sphere;
  Vec3 half_extents = Vec3::Zero();  // box [m]
  double radius = 0;                 // sphere, capsule, cylinder [m]
  double half_length = 0;            // capsule, cylinder: half the axis length [m]
  std::shared_ptr<const ConvexHullData> hull;  // convex hull
};

const char* shape_type_name(ShapeType type);

}  // namespace contactlab
