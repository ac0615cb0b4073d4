// collide() over every pair of shape types, in both argument orders, on random poses
// near contact. Invariants: swapping the arguments flips the normals and keeps the
// points; normals are unit; distances never exceed the margin; points are distinct;
// the deepest distance equals the exact separation of the shapes along its normal.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "collision/collide.h"
#include "collision/convex_set.h"
#include "geometry/convex_hull.h"

namespace contactlab {
namespace {

constexpr double kDispatchMargin = 0.003;

std::vector<Shape> all_shapes() {
  std::vector<Shape> shapes(6);
  shapes[0].type = ShapeType::Plane;
  shapes[1].type = ShapeType::Sphere;
  shapes[1].radius = 0.06;
  shapes[2].type = ShapeType::Box;
  shapes[2].half_extents = Vec3(0.1, 0.07, 0.05);
  shapes[3].type = ShapeType::Capsule;
  shapes[3].radius = 0.03;
  shapes[3].half_length = 0.08;
  shapes[4].type = ShapeType::Cylinder;
  shapes[4].radius = 0.05;
  shapes[4].half_length = 0.07;
  shapes[5].type = ShapeType::ConvexHull;
  auto hull = std::make_shared<ConvexHullData>();
  EXPECT_TRUE(build_convex_hull({Vec3(0.1, 0, 0), Vec3(-0.05, 0.08, 0), Vec3(-0.05, -0.08, 0), Vec3(0, 0, 0.1),
                                 Vec3(0, 0, -0.06), Vec3(0.04, 0.04, 0.04)},
                                *hull)
                  .ok());
  shapes[5].hull = hull;
  return shapes;
}

Mat3 random_rotation(std::mt19937& generator) {
  std::normal_distribution<double> normal(0, 1);
  return Quat(normal(generator), normal(generator), normal(generator), normal(generator)).normalized().toRotationMatrix();
}

// Signed distance of the shapes along unit n (a to b), from exact support functions;
// a plane is the half-space below its frame's xy-plane.
double separation_of_shapes(const Shape& a, const Pose& pa, const Shape& b, const Pose& pb, const Vec3& n) {
  PolytopeGeometry ga, gb;
  const ConvexSet sb = make_convex_set(b, pb, gb);
  double b_low, b_high;
  projection_interval(sb, n, b_low, b_high);
  if (a.type == ShapeType::Plane) return b_low - sb.radius - pa.rotation.col(2).dot(pa.position);
  const ConvexSet sa = make_convex_set(a, pa, ga);
  double a_low, a_high;
  projection_interval(sa, n, a_low, a_high);
  return (b_low - sb.radius) - (a_high + sa.radius);
}

TEST(Collide, EveryPairInBothOrders) {
  const std::vector<Shape> shapes = all_shapes();
  std::mt19937 generator(2024);
  std::uniform_real_distribution<double> uniform(-1, 1);
  int pairs_with_contacts = 0;
  for (int i = 0; i < 6; ++i) {
    for (int j = i; j < 6; ++j) {
      if (i == 0 && j == 0) continue;
      for (int trial = 0; trial < 60; ++trial) {
        const Pose pa{Vec3(uniform(generator), uniform(generator), uniform(generator)) * 0.05, random_rotation(generator)};
        const Pose pb{pa.position + Vec3(uniform(generator), uniform(generator), uniform(generator)) * 0.15,
                      random_rotation(generator)};
        std::vector<ContactPoint> forward, backward;
        collide(shapes[i], pa, shapes[j], pb, kDispatchMargin, forward);
        collide(shapes[j], pb, shapes[i], pa, kDispatchMargin, backward);
        ASSERT_EQ(forward.size(), backward.size()) << i << " " << j << " trial " << trial;
        if (!forward.empty()) ++pairs_with_contacts;
        double deepest = 1;
        Vec3 deepest_normal = Vec3::Zero();
        for (size_t k = 0; k < forward.size(); ++k) {
          const ContactPoint& c = forward[k];
          EXPECT_TRUE(c.position.allFinite());
          EXPECT_NEAR(c.normal.norm(), 1, 1e-12);
          EXPECT_LE(c.distance, kDispatchMargin);
          for (size_t m = 0; m < k; ++m) EXPECT_GT((forward[m].position - c.position).norm(), 1e-9);
          if (c.distance < deepest) {
            deepest = c.distance;
            deepest_normal = c.normal;
          }
          if (i != j) {
            EXPECT_TRUE(c.position.isApprox(backward[k].position, 1e-14));
            EXPECT_EQ(c.distance, backward[k].distance);
            EXPECT_EQ(c.normal, -backward[k].normal);
            EXPECT_EQ(c.feature, backward[k].feature);
          }
        }
        if (!forward.empty()) {
          EXPECT_NEAR(separation_of_shapes(shapes[i], pa, shapes[j], pb, deepest_normal), deepest, 1e-9)
              << i << " " << j << " trial " << trial;
        }
      }
    }
  }
  EXPECT_GT(pairs_with_contacts, 200);  // the poses do exercise contacts
}

// Every pair stacked along z (b above a, centred): touching, apart within the margin,
// sunk in, and apart beyond the margin. The gap g between a's top and b's bottom is the
// signed distance, along +z from a to b; swapped, the same points with normal -z.
// Shapes whose top and bottom are flat or round: a box-shaped hull, a capsule lying
// along x, a cylinder standing on its cap.
TEST(Collide, KnownGapsForEveryPairInBothOrders) {
  std::vector<Shape> shapes = all_shapes();
  auto box_hull = std::make_shared<ConvexHullData>();
  std::vector<Vec3> corners;
  for (int i = 0; i < 8; ++i) corners.emplace_back(i & 1 ? 0.09 : -0.09, i & 2 ? 0.06 : -0.06, i & 4 ? 0.04 : -0.04);
  ASSERT_TRUE(build_convex_hull(corners, *box_hull).ok());
  shapes[5].hull = box_hull;
  const Mat3 lying = Eigen::AngleAxisd(0.5 * 3.14159265358979323846, Vec3::UnitY()).toRotationMatrix();
  const Mat3 rotations[6] = {Mat3::Identity(), Mat3::Identity(), Mat3::Identity(), lying, Mat3::Identity(), Mat3::Identity()};
  const double half_heights[6] = {0, 0.06, 0.05, 0.03, 0.07, 0.04};
  for (int i = 0; i < 6; ++i) {
    for (int j = 1; j < 6; ++j) {
      for (const double gap : {0.0, 0.0012, -0.0008, 0.0035}) {
        const Pose pa{Vec3(0.2, -0.1, 0.3), rotations[i]};
        const Pose pb{Vec3(0.2, -0.1, 0.3 + half_heights[i] + half_heights[j] + gap), rotations[j]};
        std::vector<ContactPoint> forward, backward;
        collide(shapes[i], pa, shapes[j], pb, kDispatchMargin, forward);
        collide(shapes[j], pb, shapes[i], pa, kDispatchMargin, backward);
        if (gap > kDispatchMargin) {
          EXPECT_TRUE(forward.empty() && backward.empty()) << i << " " << j;
          continue;
        }
        ASSERT_FALSE(forward.empty()) << i << " " << j << " gap " << gap;
        ASSERT_EQ(forward.size(), backward.size());
        double deepest = 1;
        for (size_t k = 0; k < forward.size(); ++k) {
          deepest = std::min(deepest, forward[k].distance);
          EXPECT_TRUE(forward[k].normal.isApprox(Vec3(0, 0, 1), 1e-12)) << i << " " << j << " gap " << gap;
          EXPECT_TRUE(backward[k].normal.isApprox(Vec3(0, 0, -1), 1e-12)) << i << " " << j << " gap " << gap;
        }
        EXPECT_NEAR(deepest, gap, 1e-12) << i << " " << j;
      }
    }
  }
}

TEST(Collide, PlanePairAndEmptyHullGiveNothing) {
  const std::vector<Shape> shapes = all_shapes();
  std::vector<ContactPoint> out;
  collide(shapes[0], Pose(), shapes[0], Pose(), kDispatchMargin, out);
  Shape empty_hull;
  empty_hull.type = ShapeType::ConvexHull;
  collide(empty_hull, Pose(), shapes[1], Pose(), kDispatchMargin, out);
  EXPECT_TRUE(out.empty());
}

// Points are appended: earlier contents stay.
TEST(Collide, AppendsToTheOutput) {
  const std::vector<Shape> shapes = all_shapes();
  std::vector<ContactPoint> out(1, ContactPoint{Vec3(9, 9, 9), Vec3(1, 0, 0), 0.5, 7});
  collide(shapes[1], Pose{Vec3(0, 0, 0.06), Mat3::Identity()}, shapes[0], Pose(), kDispatchMargin, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].feature, 7);
  EXPECT_EQ(out[1].normal, Vec3(0, 0, -1));  // from the sphere down to the plane
}

bool points_bit_identical(const std::vector<ContactPoint>& x, const std::vector<ContactPoint>& y) {
  if (x.size() != y.size()) return false;
  for (size_t k = 0; k < x.size(); ++k) {
    if (x[k].position != y[k].position || x[k].normal != y[k].normal || x[k].distance != y[k].distance ||
        x[k].feature != y[k].feature) {
      return false;
    }
  }
  return true;
}

// A kept direction only decides whether a search that finds nothing is run: for every
// pair of non-plane shapes, in both orders, at random poses and with b moved along the
// search's own direction to put the pair just inside, at and just beyond the margin,
// the points with the direction kept (the search's, a tilted one, a random one) are
// bit for bit those without one; and the direction does skip searches.
TEST(Collide, KeptDirectionNeverChangesThePoints) {
  const std::vector<Shape> shapes = all_shapes();
  std::mt19937 generator(77);
  std::uniform_real_distribution<double> uniform(-1, 1);
  auto random_unit = [&] { return Vec3(uniform(generator), uniform(generator), uniform(generator)).normalized(); };
  int skipped = 0, found = 0;
  for (int i = 1; i < 6; ++i) {
    for (int j = 1; j < 6; ++j) {
      for (int trial = 0; trial < 40; ++trial) {
        const Pose pa{Vec3::Zero(), random_rotation(generator)};
        Pose pb{0.2 * random_unit(), random_rotation(generator)};
        Vec3 searched = Vec3::Zero();
        std::vector<ContactPoint> first;
        collide(shapes[i], pa, shapes[j], pb, kDispatchMargin, first, searched);
        if (searched.squaredNorm() == 0) continue;  // a closed-form pair: no direction
        // Move b along the direction to a separation of margin + offset along it.
        const double along = separation_of_shapes(shapes[i], pa, shapes[j], pb, searched);
        for (const double offset : {-1e-3, -1e-9, 0.0, 1e-12, 1e-9, 1e-7, 1e-6, 1e-3, 0.05}) {
          Pose moved = pb;
          moved.position += (kDispatchMargin + offset - along) * searched;
          std::vector<ContactPoint> reference;
          collide(shapes[i], pa, shapes[j], moved, kDispatchMargin, reference);
          if (!reference.empty()) ++found;
          const Vec3 tilted = (searched + 1e-3 * random_unit()).normalized();
          for (const Vec3& kept : {searched, tilted, random_unit()}) {
            Vec3 direction = kept;
            std::vector<ContactPoint> points;
            collide(shapes[i], pa, shapes[j], moved, kDispatchMargin, points, direction);
            ASSERT_TRUE(points_bit_identical(points, reference)) << i << " " << j << " trial " << trial << " offset " << offset;
            if (direction == kept) ++skipped;
            EXPECT_NEAR(direction.norm(), 1, 1e-12);
          }
        }
      }
    }
  }
  EXPECT_GT(found, 500);
  EXPECT_GT(skipped, 500);
}

}  // namespace
}  // namespace contactlab
