#include "geometry/convex_hull.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <tuple>

namespace contactlab {
namespace {

std::vector<Vec3> box_corners(const Vec3& half) {
  std::vector<Vec3> points;
  for (int i = 0; i < 8; ++i) {
    points.emplace_back((i & 1) ? half.x() : -half.x(), (i & 2) ? half.y() : -half.y(),
                        (i & 4) ? half.z() : -half.z());
  }
  return points;
}

// Invariants of every closed convex polytope: Euler's formula, unit outward normals,
// planar counter-clockwise loops (seen from outside), unique sorted edges that are
// exactly the loops' edges, and every input point inside or on the hull.
void expect_valid_hull(const ConvexHullData& hull, const std::vector<Vec3>& points, double tolerance) {
  const int v = static_cast<int>(hull.vertices.size());
  const int e = static_cast<int>(hull.edges.size());
  const int f = static_cast<int>(hull.faces.size());
  EXPECT_EQ(v - e + f, 2);
  ASSERT_EQ(hull.face_normals.size(), hull.faces.size());
  Vec3 centroid = Vec3::Zero();
  for (const Vec3& vertex : hull.vertices) centroid += vertex;
  centroid /= v;
  std::set<std::pair<int, int>> loop_edges;
  for (int k = 0; k < f; ++k) {
    const std::vector<int>& loop = hull.faces[k];
    const Vec3& normal = hull.face_normals[k];
    EXPECT_NEAR(normal.norm(), 1.0, 1e-15);
    const double offset = normal.dot(hull.vertices[loop[0]]);
    EXPECT_GT(offset - normal.dot(centroid), 0) << "face " << k << " normal points inwards";
    for (size_t i = 0; i < loop.size(); ++i) {
      const Vec3& a = hull.vertices[loop[i]];
      const Vec3& b = hull.vertices[loop[(i + 1) % loop.size()]];
      const Vec3& c = hull.vertices[loop[(i + 2) % loop.size()]];
      EXPECT_NEAR(normal.dot(a), offset, tolerance);
      EXPECT_GT((b - a).cross(c - b).dot(normal), 0) << "face " << k << " is not counter-clockwise";
      loop_edges.emplace(std::min(loop[i], loop[(i + 1) % loop.size()]),
                         std::max(loop[i], loop[(i + 1) % loop.size()]));
    }
    for (const Vec3& point : points) EXPECT_LE(normal.dot(point), offset + tolerance);
  }
  EXPECT_TRUE(std::is_sorted(hull.edges.begin(), hull.edges.end()));
  const std::set<std::pair<int, int>> listed(hull.edges.begin(), hull.edges.end());
  EXPECT_EQ(listed, loop_edges);
  EXPECT_EQ(static_cast<int>(loop_edges.size()), e);
}

TEST(ConvexHull, CubeWithInteriorAndDuplicatePointsHasEightVerticesSixQuadsTwelveEdges) {
  const Vec3 half(0.1, 0.2, 0.3);
  std::vector<Vec3> points = box_corners(half);
  points.emplace_back(0, 0, 0);
  points.emplace_back(0.05, -0.1, 0.2);
  points.push_back(points[3]);
  points.push_back(points[6]);
  ConvexHullData hull;
  ASSERT_TRUE(build_convex_hull(points, hull).ok());
  ASSERT_EQ(hull.vertices.size(), 8u);
  ASSERT_EQ(hull.faces.size(), 6u);
  EXPECT_EQ(hull.edges.size(), 12u);
  for (const auto& face : hull.faces) EXPECT_EQ(face.size(), 4u);
  // The faces of an axis-aligned box have exactly axis-aligned normals.
  std::set<std::tuple<double, double, double>> normals;
  for (const Vec3& n : hull.face_normals) normals.emplace(n.x(), n.y(), n.z());
  const std::set<std::tuple<double, double, double>> expected = {
      {-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
  EXPECT_EQ(normals, expected);
  expect_valid_hull(hull, points, 1e-12);
}

TEST(ConvexHull, PointsOnFacesAndEdgesAreNotVertices) {
  std::vector<Vec3> points;
  // Face centres and edge midpoints first, so they enter the hull before the corners.
  for (int axis = 0; axis < 3; ++axis) {
    for (const double side : {-1.0, 1.0}) {
      Vec3 p = Vec3::Zero();
      p[axis] = side;
      points.push_back(p);
      Vec3 q = Vec3::Constant(side);
      q[axis] = 0;
      points.push_back(q);
    }
  }
  for (const Vec3& corner : box_corners(Vec3(1, 1, 1))) points.push_back(corner);
  ConvexHullData hull;
  ASSERT_TRUE(build_convex_hull(points, hull).ok());
  EXPECT_EQ(hull.vertices.size(), 8u);
  EXPECT_EQ(hull.faces.size(), 6u);
  EXPECT_EQ(hull.edges.size(), 12u);
  expect_valid_hull(hull, points, 1e-12);
}

TEST(ConvexHull, TetrahedronAndOctahedron) {
  const std::vector<Vec3> tetrahedron = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  ConvexHullData hull;
  ASSERT_TRUE(build_convex_hull(tetrahedron, hull).ok());
  EXPECT_EQ(hull.vertices.size(), 4u);
  EXPECT_EQ(hull.faces.size(), 4u);
  EXPECT_EQ(hull.edges.size(), 6u);
  expect_valid_hull(hull, tetrahedron, 1e-12);

  const std::vector<Vec3> octahedron = {Vec3(1, 0, 0),  Vec3(-1, 0, 0), Vec3(0, 1, 0),
                                        Vec3(0, -1, 0), Vec3(0, 0, 1),  Vec3(0, 0, -1)};
  ASSERT_TRUE(build_convex_hull(octahedron, hull).ok());
  EXPECT_EQ(hull.vertices.size(), 6u);
  EXPECT_EQ(hull.faces.size(), 8u);
  EXPECT_EQ(hull.edges.size(), 12u);
  expect_valid_hull(hull, octahedron, 1e-12);
}

// A prism over a regular 16-gon: 32 vertices, 16 side quads + 2 caps, 48 edges. The
// caps are split into many coplanar triangles during construction and merged back.
TEST(ConvexHull, PrismMergesCoplanarTrianglesIntoPolygons) {
  std::vector<Vec3> points;
  for (int k = 0; k < 16; ++k) {
    const double angle = k * 3.14159265358979323846 / 8;
    for (const double z : {-0.2, 0.2}) points.emplace_back(0.1 * std::cos(angle), 0.1 * std::sin(angle), z);
  }
  ConvexHullData hull;
  ASSERT_TRUE(build_convex_hull(points, hull).ok());
  EXPECT_EQ(hull.vertices.size(), 32u);
  EXPECT_EQ(hull.faces.size(), 18u);
  EXPECT_EQ(hull.edges.size(), 48u);
  int caps = 0;
  for (const auto& face : hull.faces) caps += face.size() == 16 ? 1 : 0;
  EXPECT_EQ(caps, 2);
  expect_valid_hull(hull, points, 1e-12);
}

TEST(ConvexHull, RandomCloudsSatisfyTheInvariants) {
  std::mt19937 generator(7);
  std::uniform_real_distribution<double> uniform(-1, 1);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<Vec3> points;
    for (int i = 0; i < 60; ++i) points.emplace_back(uniform(generator), uniform(generator), 0.5 * uniform(generator));
    ConvexHullData hull;
    ASSERT_TRUE(build_convex_hull(points, hull).ok());
    expect_valid_hull(hull, points, 1e-12);
    for (const Vec3& vertex : hull.vertices) {
      EXPECT_TRUE(std::find(points.begin(), points.end(), vertex) != points.end());
    }
  }
}

// Tolerances scale with the cloud: a millimetre cube and a kilometre cube with the same
// relative noise (1e-12 of their size, below the 1e-9 tolerance) give the same hull.
TEST(ConvexHull, ToleranceScalesWithTheCloud) {
  std::mt19937 generator(3);
  std::uniform_real_distribution<double> noise(-1e-12, 1e-12);
  for (const double size : {1e-3, 1.0, 1e3}) {
    std::vector<Vec3> points = box_corners(Vec3::Constant(size));
    for (int i = 0; i < 8; ++i) {
      Vec3 face_point = points[i] * 0.5;
      face_point.z() = (i & 4 ? size : -size) * (1 + noise(generator));
      points.push_back(face_point);
    }
    ConvexHullData hull;
    ASSERT_TRUE(build_convex_hull(points, hull).ok()) << size;
    EXPECT_EQ(hull.vertices.size(), 8u) << size;
    EXPECT_EQ(hull.faces.size(), 6u) << size;
  }
}

TEST(ConvexHull, SameInputGivesIdenticalOutput) {
  std::mt19937 generator(5);
  std::uniform_real_distribution<double> uniform(-1, 1);
  std::vector<Vec3> points;
  for (int i = 0; i < 40; ++i) points.emplace_back(uniform(generator), uniform(generator), uniform(generator));
  ConvexHullData first, second;
  ASSERT_TRUE(build_convex_hull(points, first).ok());
  ASSERT_TRUE(build_convex_hull(points, second).ok());
  EXPECT_EQ(first.vertices, second.vertices);
  EXPECT_EQ(first.faces, second.faces);
  EXPECT_EQ(first.face_normals, second.face_normals);
  EXPECT_EQ(first.edges, second.edges);
}

TEST(ConvexHull, RejectsDegenerateInput) {
  ConvexHullData hull;
  const Status too_few = build_convex_hull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)}, hull);
  EXPECT_FALSE(too_few.ok());
  EXPECT_NE(too_few.message().find("at least 4 points, got 3"), std::string::npos) << too_few.message();

  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Status not_finite =
      build_convex_hull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, nan)}, hull);
  EXPECT_FALSE(not_finite.ok());
  EXPECT_NE(not_finite.message().find("point 3"), std::string::npos) << not_finite.message();

  const Status coplanar =
      build_convex_hull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0), Vec3(0.5, 0.2, 0)}, hull);
  EXPECT_FALSE(coplanar.ok());
  EXPECT_NE(coplanar.message().find("coplanar"), std::string::npos) << coplanar.message();

  const Status collinear =
      build_convex_hull({Vec3(0, 0, 0), Vec3(1, 1, 1), Vec3(2, 2, 2), Vec3(3, 3, 3)}, hull);
  EXPECT_FALSE(collinear.ok());
  EXPECT_NE(collinear.message().find("collinear"), std::string::npos) << collinear.message();

  const Status coincident = build_convex_hull(std::vector<Vec3>(5, Vec3(1, 2, 3)), hull);
  EXPECT_FALSE(coincident.ok());
  EXPECT_NE(coincident.message().find("coincide"), std::string::npos) << coincident.message();
}

}  // namespace
}  // namespace contactlab
