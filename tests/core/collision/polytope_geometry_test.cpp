#include "collision/polytope_geometry.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "geometry/convex_hull.h"

namespace contactlab {
namespace {

// The unit cube's loops are counter-clockwise seen from outside and agree with their
// normals; every edge has one face on each side, running in opposite directions.
TEST(PolytopeGeometry, UnitCubeTopologyIsConsistent) {
  const ConvexHullData& cube = unit_cube_topology();
  ASSERT_EQ(cube.faces.size(), 6u);
  for (size_t f = 0; f < cube.faces.size(); ++f) {
    const auto& loop = cube.faces[f];
    for (size_t i = 0; i < loop.size(); ++i) {
      const Vec3& a = cube.vertices[loop[i]];
      const Vec3& b = cube.vertices[loop[(i + 1) % 4]];
      const Vec3& c = cube.vertices[loop[(i + 2) % 4]];
      EXPECT_EQ((b - a).cross(c - b).normalized(), cube.face_normals[f]);
      EXPECT_EQ(cube.face_normals[f].dot(a), 1.0);
    }
  }
  SmallArray<std::array<int, 2>, 128> edge_faces;
  compute_edge_faces(cube, edge_faces);
  ASSERT_EQ(edge_faces.size(), 12);
  for (int k = 0; k < 12; ++k) {
    const auto [i, j] = cube.edges[k];
    ASSERT_GE(edge_faces[k][0], 0);
    ASSERT_GE(edge_faces[k][1], 0);
    // Both faces hold both end points.
    for (const int f : edge_faces[k]) {
      const auto& loop = cube.faces[f];
      EXPECT_NE(std::find(loop.begin(), loop.end(), i), loop.end());
      EXPECT_NE(std::find(loop.begin(), loop.end(), j), loop.end());
    }
    EXPECT_NE(edge_faces[k][0], edge_faces[k][1]);
  }
}

TEST(PolytopeGeometry, BoxVerticesAndNormalsInTheWorld) {
  Shape box;
  box.type = ShapeType::Box;
  box.half_extents = Vec3(0.1, 0.2, 0.3);
  const Mat3 rotation = Eigen::AngleAxisd(0.5, Vec3::UnitZ()).toRotationMatrix();
  PolytopeGeometry polytope;
  build_polytope_geometry(box, Pose{Vec3(1, 2, 3), rotation}, polytope);
  ASSERT_EQ(polytope.vertex_count(), 8);
  EXPECT_TRUE(polytope.vertices[7].isApprox(Vec3(1, 2, 3) + rotation * Vec3(0.1, 0.2, 0.3), 1e-15));
  EXPECT_TRUE(polytope.centroid.isApprox(Vec3(1, 2, 3), 1e-15));
  EXPECT_NEAR(polytope.bounding_radius, Vec3(0.1, 0.2, 0.3).norm(), 1e-15);
  EXPECT_TRUE(polytope.face_normals[1].isApprox(rotation.col(0), 1e-15));
  EXPECT_NEAR(polytope.face_offset(5), Vec3(0, 0, 1).dot(Vec3(1, 2, 3)) + 0.3, 1e-15);
  EXPECT_EQ(support_vertex(polytope, Vec3(0, 0, -1)), 0);  // lowest index among the bottom four
}

}  // namespace
}  // namespace contactlab
