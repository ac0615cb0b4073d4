// Boxes and convex hulls in world space, as the polytope that the narrow phase works on.
//
// A box is the unit cube's topology with its vertices scaled by the half extents, so
// box and hull pairs share one code path (and give the same contacts for the same
// geometry).
#pragma once

#include <array>

#include "base/math_types.h"
#include "collision/small_array.h"
#include "geometry/shape.h"

namespace contactlab {

// The cube [-1, 1]^3 as a hull: vertex i has x = +1 if bit 0 of i is set, y from bit 1,
// z from bit 2; faces -x, +x, -y, +y, -z, +z in that order.
const ConvexHullData& unit_cube_topology();

struct PolytopeGeometry {
  const ConvexHullData* topology = nullptr;
  SmallArray<Vec3, 64> vertices;      // world [m]
  SmallArray<Vec3, 64> face_normals;  // world, unit, outward
  Vec3 centroid = Vec3::Zero();       // mean of the vertices, an interior point [m]
  double bounding_radius = 0;         // max distance of a vertex from the centroid [m]

  int vertex_count() const { return vertices.size(); }
  int face_count() const { return face_normals.size(); }
  const std::vector<int>& face(int f) const { return topology->faces[f]; }
  // Offset of face f's plane: face_normal . x for x on the face.
  double face_offset(int f) const { return face_normals[f].dot(vertices[topology->faces[f][0]]); }
};

// Fills `polytope` for a box or convex-hull shape at `pose`.
void build_polytope_geometry(const Shape& shape, const Pose& pose, PolytopeGeometry& polytope);

// For every edge k = (i, j), i < j, of `hull`: {the face whose loop runs i -> j, the face
// whose loop runs j -> i}; -1 where a face is missing. Edges must be sorted and unique
// as build_convex_hull makes them.
void compute_edge_faces(const ConvexHullData& hull, SmallArray<std::array<int, 2>, 128>& edge_faces);

// Edge adjacency of `hull`: a table computed once for the unit cube, else filled into
// `scratch`.
const std::array<int, 2>* edge_faces(const ConvexHullData& hull, SmallArray<std::array<int, 2>, 128>& scratch);

// The index of the vertex farthest along `direction` (the lowest index on ties).
int support_vertex(const PolytopeGeometry& polytope, const Vec3& direction);

}  // namespace contactlab
