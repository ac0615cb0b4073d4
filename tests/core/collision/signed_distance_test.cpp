// The signed distance against a brute-force maximisation of the separation over
// directions (phi = max over unit n of separation_along): a dense spiral of
// directions refined by a shrinking pattern search. Any direction gives a lower bound,
// so the brute force can only under-estimate; signed_distance may only fall below it
// by its documented face preference (10% of its value, at least 1e-6 of the size).
#include "collision/signed_distance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "collision/gjk.h"
#include "geometry/convex_hull.h"
#include "test_constants.h"

namespace contactlab {
namespace {

double brute_force(const ConvexSet& a, const ConvexSet& b, Vec3& best_normal) {
  double best = -1e300;
  const int count = 4000;
  for (int i = 0; i < count; ++i) {
    const double z = 1 - 2 * (i + 0.5) / count, radius = std::sqrt(1 - z * z), angle = i * 2.399963229728653;
    const Vec3 n(radius * std::cos(angle), radius * std::sin(angle), z);
    const double s = separation_along(a, b, n);
    if (s > best) {
      best = s;
      best_normal = n;
    }
  }
  for (double step = 0.02; step > 1e-13;) {
    bool improved = false;
    for (int k = 0; k < 6; ++k) {
      Vec3 n = best_normal;
      n[k / 2] += (k % 2 ? step : -step);
      n.normalize();
      const double s = separation_along(a, b, n);
      if (s > best) {
        best = s;
        best_normal = n;
        improved = true;
      }
    }
    if (!improved) step *= 0.5;
  }
  return best;
}

// A box, a cylinder, a capsule, a sphere and a hull of 20 random points.
std::vector<Shape> one_of_each_shape(std::mt19937& generator) {
  std::uniform_real_distribution<double> uniform(-1, 1);
  std::vector<Shape> shapes(5);
  shapes[0].type = ShapeType::Box;
  shapes[0].half_extents = Vec3(0.2, 0.15, 0.1);
  shapes[1].type = ShapeType::Cylinder;
  shapes[1].radius = 0.08;
  shapes[1].half_length = 0.12;
  shapes[2].type = ShapeType::Capsule;
  shapes[2].radius = 0.03;
  shapes[2].half_length = 0.1;
  shapes[3].type = ShapeType::Sphere;
  shapes[3].radius = 0.05;
  std::vector<Vec3> points;
  for (int i = 0; i < 20; ++i) points.emplace_back(0.15 * uniform(generator), 0.1 * uniform(generator), 0.12 * uniform(generator));
  auto hull = std::make_shared<ConvexHullData>();
  if (build_convex_hull(points, *hull).ok()) {
    shapes[4].type = ShapeType::ConvexHull;
    shapes[4].hull = hull;
  }
  return shapes;
}

TEST(SignedDistance, NeverBelowABruteForceMaximum) {
  std::mt19937 generator(11);
  std::uniform_real_distribution<double> uniform(-1, 1);
  const std::vector<Shape> shapes = one_of_each_shape(generator);
  ASSERT_TRUE(shapes[4].hull);
  int exact = 0, total = 0;
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) {
      for (const double target : {-1e-3, -1e-5, 1e-4}) {
        for (int trial = 0; trial < 3; ++trial) {
          auto random_rotation = [&] {
            return Quat(uniform(generator), uniform(generator), uniform(generator), uniform(generator)).normalized().toRotationMatrix();
          };
          const Pose pa{Vec3::Zero(), random_rotation()};
          Pose pb{Vec3(uniform(generator), uniform(generator), uniform(generator)) * 0.3, random_rotation()};
          PolytopeGeometry ga, gb;
          const ConvexSet a = make_convex_set(shapes[i], pa, ga);
          ConvexSet b = make_convex_set(shapes[j], pb, gb);
          // Move b along the best direction so that the pair is near `target`.
          Vec3 normal;
          const double before = brute_force(a, b, normal);
          pb.position += (target - before) * normal;
          b = make_convex_set(shapes[j], pb, gb);
          const double reference = brute_force(a, b, normal);
          SignedDistance result;
          ASSERT_TRUE(signed_distance(a, b, 1.0, result));
          const double bias = std::max(0.1 * std::abs(result.distance), 1e-6 * (a.size + b.size));
          EXPECT_GE(result.distance, reference - bias - 1e-11) << i << " " << j << " target " << target;
          exact += result.distance >= reference - 1e-11 ? 1 : 0;
          ++total;
          EXPECT_NEAR(separation_along(a, b, result.normal), result.distance, 1e-15);
        }
      }
    }
  }
  // Near-ties between a face and another direction are rare on random poses.
  EXPECT_GE(exact, total * 9 / 10);
}

// The bound of a point's signed distance from a core is never below the brute force's
// maximum for a point core there, and is exact wherever it is finite: against GJK's
// distance outside, against the box's and the cylinder's own depths (in their frames)
// inside.
TEST(SignedDistance, PointBoundIsTheSignedDistanceOfThePoint) {
  std::mt19937 generator(5);
  std::uniform_real_distribution<double> uniform(-1, 1);
  const std::vector<Shape> shapes = one_of_each_shape(generator);
  ASSERT_TRUE(shapes[4].hull);
  Shape point;
  point.type = ShapeType::Sphere;
  for (int i = 0; i < 5; ++i) {
    int finite = 0, inside = 0;
    for (int trial = 0; trial < 60; ++trial) {
      const Pose pose{Vec3(uniform(generator), uniform(generator), uniform(generator)) * 0.1,
                      Quat(uniform(generator), uniform(generator), uniform(generator), uniform(generator))
                          .normalized()
                          .toRotationMatrix()};
      PolytopeGeometry geometry, unused;
      const ConvexSet set = make_convex_set(shapes[i], pose, geometry);
      const Vec3 q = pose.position + 0.15 * Vec3(uniform(generator), uniform(generator), uniform(generator));
      const ConvexSet at_q = make_convex_set(point, Pose{q, Mat3::Identity()}, unused);
      Vec3 normal;
      const double lower = brute_force(set, at_q, normal);
      const double bound = signed_distance_bound(set, q);
      EXPECT_GE(bound, lower - 1e-12) << i << " trial " << trial;
      if (!std::isfinite(bound)) continue;
      ++finite;
      const GjkResult gjk = gjk_distance(set, at_q);
      const Vec3 local = pose.to_local(q);
      if (!gjk.overlap) {
        EXPECT_NEAR(bound, gjk.distance, 1e-12) << i << " trial " << trial;
      } else if (shapes[i].type == ShapeType::Box) {
        EXPECT_NEAR(bound, (local.cwiseAbs() - shapes[i].half_extents).maxCoeff(), 1e-15);
        ++inside;
      } else if (shapes[i].type == ShapeType::Cylinder) {
        EXPECT_NEAR(bound, std::max(std::abs(local.z()) - 0.12, std::hypot(local.x(), local.y()) - 0.08), 1e-15);
        ++inside;
      }
    }
    const bool polytope = shapes[i].type == ShapeType::Box || shapes[i].type == ShapeType::ConvexHull;
    EXPECT_GE(finite, polytope ? 15 : 60) << i;
    const bool has_depths = shapes[i].type == ShapeType::Box || shapes[i].type == ShapeType::Cylinder;
    EXPECT_GE(inside, has_depths ? 5 : 0) << i;
  }
}

// Contacts whose best candidate is proven optimal (GJK and the refinement skipped),
// against their closed forms: a tilted cylinder's rim into a box's face, a box's vertex
// into a cylinder's side, a box's edge across a lying cylinder's side, and a segment
// across it, apart.
TEST(SignedDistance, ProvenCandidatesGiveTheClosedForms) {
  Shape box;
  box.type = ShapeType::Box;
  Shape cylinder;
  cylinder.type = ShapeType::Cylinder;
  cylinder.radius = 0.05;
  cylinder.half_length = 0.08;
  const double depth = 1e-3;
  PolytopeGeometry ga, gb;
  SignedDistance result;
  {
    box.half_extents = Vec3(0.2, 0.2, 0.1);
    const ConvexSet a = make_convex_set(box, Pose(), ga);
    const double angle = 0.4;
    const double reach = 0.08 * std::cos(angle) + 0.05 * std::sin(angle);
    const Pose tilted{Vec3(0.03, -0.02, 0.1 + reach - depth), Eigen::AngleAxisd(angle, Vec3::UnitX()).toRotationMatrix()};
    const ConvexSet b = make_convex_set(cylinder, tilted, gb);
    ASSERT_TRUE(signed_distance(a, b, 0.01, result));
    EXPECT_NEAR(result.distance, -depth, 1e-15);
    EXPECT_EQ(result.normal, Vec3(0, 0, 1));
  }
  {
    box.half_extents = Vec3(0.03, 0.02, 0.025);
    const Mat3 turn = Eigen::AngleAxisd(0.7, Vec3(1, 2, 3).normalized()).toRotationMatrix();
    PolytopeGeometry at_origin;
    const ConvexSet unplaced = make_convex_set(box, Pose{Vec3::Zero(), turn}, at_origin);
    const Vec3 vertex = support_point(unplaced, -Vec3::UnitX());
    const ConvexSet a = make_convex_set(cylinder, Pose(), ga);
    const ConvexSet b = make_convex_set(box, Pose{Vec3(0.05 - depth, 0, 0.01) - vertex, turn}, gb);
    ASSERT_TRUE(signed_distance(a, b, 0.01, result));
    EXPECT_NEAR(result.distance, -depth, 1e-15);
    EXPECT_TRUE(result.normal.isApprox(Vec3(1, 0, 0), 1e-15));
  }
  const Pose lying{Vec3::Zero(), Eigen::AngleAxisd(kPi / 2, Vec3::UnitY()).toRotationMatrix()};
  {
    box.half_extents = Vec3(0.02, 0.1, 0.02);
    const ConvexSet a = make_convex_set(cylinder, lying, ga);
    const Pose on_edge{Vec3(0.01, 0.02, 0.05 - depth + 0.02 * std::sqrt(2.0)),
                       Eigen::AngleAxisd(kPi / 4, Vec3::UnitY()).toRotationMatrix()};
    const ConvexSet b = make_convex_set(box, on_edge, gb);
    ASSERT_TRUE(signed_distance(a, b, 0.01, result));
    EXPECT_NEAR(result.distance, -depth, 1e-15);
    EXPECT_TRUE(result.normal.isApprox(Vec3(0, 0, 1), 1e-15));
  }
  {
    Shape capsule;
    capsule.type = ShapeType::Capsule;
    capsule.radius = 0.01;
    capsule.half_length = 0.1;
    const ConvexSet a = make_convex_set(capsule, Pose{Vec3(0.02, 0, 0.05 + depth), Eigen::AngleAxisd(kPi / 2, Vec3::UnitX()).toRotationMatrix()}, ga);
    const ConvexSet b = make_convex_set(cylinder, lying, gb);
    ASSERT_TRUE(signed_distance(a, b, 0.01, result));
    EXPECT_NEAR(result.distance, depth, 1e-15);
    EXPECT_TRUE(result.normal.isApprox(Vec3(0, 0, -1), 1e-15));
  }
}

TEST(SignedDistance, BeyondTheMarginIsRejected) {
  Shape box;
  box.type = ShapeType::Box;
  box.half_extents = Vec3(0.1, 0.1, 0.1);
  PolytopeGeometry ga, gb;
  const ConvexSet a = make_convex_set(box, Pose(), ga);
  const ConvexSet b = make_convex_set(box, Pose{Vec3(0.205, 0, 0), Mat3::Identity()}, gb);
  SignedDistance result;
  EXPECT_FALSE(signed_distance(a, b, 0.004, result));
  ASSERT_TRUE(signed_distance(a, b, 0.006, result));
  EXPECT_NEAR(result.distance, 0.005, 1e-15);
  EXPECT_EQ(result.normal, Vec3(1, 0, 0));
}

}  // namespace
}  // namespace contactlab
