#include "collision/polytope_geometry.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace contactlab {
namespace {

ConvexHullData make_unit_cube() {
  ConvexHullData cube;
  for (int i = 0; i < 8; ++i) {
    cube.vertices.emplace_back((i & 1) ? 1.0 : -1.0, (i & 2) ? 1.0 : -1.0, (i & 4) ? 1.0 : -1.0);
  }
  // Loops counter-clockwise seen from outside (checked by the tests).
  cube.faces = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
  cube.face_normals = {Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, -1, 0),
                       Vec3(0, 1, 0),  Vec3(0, 0, -1), Vec3(0, 0, 1)};
  cube.edges = {{0, 1}, {0, 2}, {0, 4}, {1, 3}, {1, 5}, {2, 3},
                {2, 6}, {3, 7}, {4, 5}, {4, 6}, {5, 7}, {6, 7}};
  return cube;
}

int find_edge(const ConvexHullData& hull, int a, int b) {
  const std::pair<int, int> key(std::min(a, b), std::max(a, b));
  const auto found = std::lower_bound(hull.edges.begin(), hull.edges.end(), key);
  if (found == hull.edges.end() || *found != key) return -1;
  return static_cast<int>(found - hull.edges.begin());
}

}  // namespace

const ConvexHullData& unit_cube_topology() {
  static const ConvexHullData cube = make_unit_cube();
  return cube;
}

void build_polytope_geometry(const Shape& shape, const Pose& pose, PolytopeGeometry& polytope) {
  const bool is_box = shape.type == ShapeType::Box;
  const ConvexHullData& topology = is_box ? unit_cube_topology() : *shape.hull;
  const Vec3 scale = is_box ? shape.half_extents : Vec3(1, 1, 1);
  polytope.topology = &topology;
  const int vertex_count = static_cast<int>(topology.vertices.size());
  polytope.vertices.resize(vertex_count);
  Vec3 sum = Vec3::Zero();
  for (int i = 0; i < vertex_count; ++i) {
    polytope.vertices[i] = pose.to_world(topology.vertices[i].cwiseProduct(scale));
    sum += polytope.vertices[i];
  }
  polytope.centroid = sum / static_cast<double>(vertex_count);
  double radius_squared = 0;
  for (int i = 0; i < vertex_count; ++i) {
    radius_squared = std::max(radius_squared, (polytope.vertices[i] - polytope.centroid).squaredNorm());
  }
  polytope.bounding_radius = std::sqrt(radius_squared);
  const int face_count = static_cast<int>(topology.faces.size());
  polytope.face_normals.resize(face_count);
  for (int f = 0; f < face_count; ++f) polytope.face_normals[f] = pose.rotation * topology.face_normals[f];
}

void compute_edge_faces(const ConvexHullData& hull, SmallArray<std::array<int, 2>, 128>& edge_faces) {
  const int edge_count = static_cast<int>(hull.edges.size());
  edge_faces.resize(edge_count);
  for (int k = 0; k < edge_count; ++k) edge_faces[k] = {-1, -1};
  for (int f = 0; f < static_cast<int>(hull.faces.size()); ++f) {
    const std::vector<int>& loop = hull.faces[f];
    const int n = static_cast<int>(loop.size());
    for (int i = 0; i < n; ++i) {
      const int a = loop[i], b = loop[(i + 1) % n];
      const int edge = find_edge(hull, a, b);
      if (edge >= 0) edge_faces[edge][a < b ? 0 : 1] = f;
    }
  }
}

const std::array<int, 2>* edge_faces(const ConvexHullData& hull, SmallArray<std::array<int, 2>, 128>& scratch) {
  static const std::vector<std::array<int, 2>> cube_edge_faces = [] {
    SmallArray<std::array<int, 2>, 128> faces;
    compute_edge_faces(unit_cube_topology(), faces);
    return std::vector<std::array<int, 2>>(faces.data(), faces.data() + faces.size());
  }();
  if (&hull == &unit_cube_topology()) return cube_edge_faces.data();
  compute_edge_faces(hull, scratch);
  return scratch.data();
}

int support_vertex(const PolytopeGeometry& polytope, const Vec3& direction) {
  int best = 0;
  double best_value = direction.dot(polytope.vertices[0]);
  for (int i = 1; i < polytope.vertex_count(); ++i) {
    const double value = direction.dot(polytope.vertices[i]);
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return best;
}

}  // namespace contactlab
