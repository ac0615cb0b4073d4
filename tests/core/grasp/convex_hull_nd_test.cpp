#include "grasp/convex_hull_nd.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

double factorial(int d) {
  double product = 1;
  for (int k = 2; k <= d; ++k) product *= k;
  return product;
}

// The contract: every point on the inner side of every facet (within the tolerance),
// unit outward normals, and every facet supported by its own vertices.
void expect_valid_hull(const std::vector<PointNd>& points, int d, const ConvexHullNd& hull) {
  ASSERT_TRUE(hull.full_dimensional());
  ASSERT_FALSE(hull.facets.empty());
  for (const HullFacetNd& facet : hull.facets) {
    EXPECT_NEAR(dot(facet.normal, facet.normal, d), 1, 1e-12);
    EXPECT_LT(dot(facet.normal, hull.interior_point, d), facet.offset);
    for (int k = 0; k < d; ++k) {
      EXPECT_NEAR(dot(facet.normal, points[facet.vertices[k]], d), facet.offset, hull.tolerance);
    }
    for (const PointNd& point : points) {
      EXPECT_LE(dot(facet.normal, point, d), facet.offset + hull.tolerance);
    }
  }
}

double min_offset(const ConvexHullNd& hull) {
  double nearest = hull.facets.front().offset;
  for (const HullFacetNd& facet : hull.facets) nearest = std::min(nearest, facet.offset);
  return nearest;
}

// Reference by brute force: every d-subset whose hyperplane (the kernel of the
// d x (d+1) system [p^T -1] (n, offset) = 0, from Eigen's full-pivoting LU) has all
// points on one side. For points in general position these are exactly the facets,
// and the volume is the sum of the cones from the centroid.
struct BruteForceHull {
  int facet_count = 0;
  double min_offset = 0;
  double volume = 0;
  std::vector<std::pair<Eigen::VectorXd, double>> planes;
};

BruteForceHull brute_force_hull(const std::vector<PointNd>& points, int d) {
  const int n = static_cast<int>(points.size());
  Eigen::VectorXd centroid = Eigen::VectorXd::Zero(d);
  for (const PointNd& point : points) {
    for (int k = 0; k < d; ++k) centroid(k) += point[k] / n;
  }
  BruteForceHull result;
  result.min_offset = 1e300;
  std::vector<int> subset(d);
  for (int k = 0; k < d; ++k) subset[k] = k;
  while (true) {
    Eigen::MatrixXd system(d, d + 1);
    for (int r = 0; r < d; ++r) {
      for (int k = 0; k < d; ++k) system(r, k) = points[subset[r]][k];
      system(r, d) = -1;
    }
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(system);
    if (lu.dimensionOfKernel() == 1) {
      const Eigen::VectorXd kernel = lu.kernel().col(0);
      Eigen::VectorXd normal = kernel.head(d);
      double offset = kernel(d) / normal.norm();
      normal /= normal.norm();
      int above = 0, below = 0;
      for (const PointNd& point : points) {
        double distance = -offset;
        for (int k = 0; k < d; ++k) distance += normal(k) * point[k];
        if (distance > 1e-9) ++above;
        if (distance < -1e-9) ++below;
      }
      if (above == 0 || below == 0) {
        if (above > 0) {
          normal = -normal;
          offset = -offset;
        }
        ++result.facet_count;
        result.min_offset = std::min(result.min_offset, offset);
        result.planes.emplace_back(normal, offset);
        Eigen::MatrixXd edges(d, d);
        for (int r = 0; r < d; ++r) {
          for (int k = 0; k < d; ++k) edges(r, k) = points[subset[r]][k] - centroid(k);
        }
        result.volume += std::abs(edges.determinant()) / factorial(d);
      }
    }
    int position = d - 1;
    while (position >= 0 && subset[position] == n - d + position) --position;
    if (position < 0) break;
    ++subset[position];
    for (int k = position + 1; k < d; ++k) subset[k] = subset[k - 1] + 1;
  }
  return result;
}

std::vector<PointNd> random_points(std::mt19937_64& rng, int count, int d) {
  std::vector<PointNd> points(count);
  for (PointNd& point : points) {
    point = PointNd{};
    for (int k = 0; k < d; ++k) point[k] = uniform(rng, -1, 1);
  }
  return points;
}

// The square [-1, 1]^2 with interior points, edge midpoints (collinear with corners)
// and a duplicate corner: four edges at distance 1, area 4.
TEST(GraspConvexHullNd, SquareWithInteriorAndCollinearPoints) {
  const std::vector<PointNd> points = {{0, 0}, {1, 1},      {0.2, -0.3}, {-1, 1},
                                       {0, 1}, {-1, -1},    {1, 0},      {1, -1},
                                       {1, 1}, {-0.5, 0.5}, {0, -1},     {-1, 0.25}};
  ConvexHullNd hull;
  ASSERT_TRUE(build_convex_hull_nd(points, 2, hull).ok());
  expect_valid_hull(points, 2, hull);
  EXPECT_EQ(hull.vertices, (std::vector<int>{1, 3, 5, 7}));
  EXPECT_EQ(hull.facets.size(), 4u);
  for (const HullFacetNd& facet : hull.facets) EXPECT_NEAR(facet.offset, 1, 1e-15);
  EXPECT_NEAR(hull.volume, 4, 1e-14);
}

// The cube [-1, 1]^3 with its centre, face centres, edge midpoints and a duplicate
// corner: only the 8 corners are vertices, each square face is 2 triangles on the
// plane x_k = +-1, and the volume is 8.
TEST(GraspConvexHullNd, CubeWithInteriorAndCoplanarPoints) {
  std::vector<PointNd> points;
  for (int x = -1; x <= 1; ++x) {
    for (int y = -1; y <= 1; ++y) {
      for (int z = -1; z <= 1; ++z) points.push_back({double(x), double(y), double(z)});
    }
  }
  points.push_back({1, 1, 1});
  points.push_back({0.3, -0.2, 0.1});
  ConvexHullNd hull;
  ASSERT_TRUE(build_convex_hull_nd(points, 3, hull).ok());
  expect_valid_hull(points, 3, hull);
  EXPECT_EQ(hull.vertices.size(), 8u);
  for (const int vertex : hull.vertices) {
    for (int k = 0; k < 3; ++k) EXPECT_EQ(std::abs(points[vertex][k]), 1);
  }
  EXPECT_EQ(hull.facets.size(), 12u);
  for (const HullFacetNd& facet : hull.facets) {
    EXPECT_NEAR(facet.offset, 1, 1e-15);
    EXPECT_NEAR(std::abs(facet.normal[0]) + std::abs(facet.normal[1]) + std::abs(facet.normal[2]),
                1, 1e-15);
  }
  EXPECT_NEAR(hull.volume, 8, 1e-14);
}

// Random clouds in 2, 3 and 6 dimensions against the brute-force facet enumeration:
// same facet count, same planes, same smallest offset and volume.
TEST(GraspConvexHullNd, RandomCloudsMatchBruteForce) {
  std::mt19937_64 rng(2024);
  const int counts[] = {0, 0, 25, 16, 0, 0, 12};
  for (const int d : {2, 3, 6}) {
    for (int trial = 0; trial < 4; ++trial) {
      const std::vector<PointNd> points = random_points(rng, counts[d], d);
      ConvexHullNd hull;
      ASSERT_TRUE(build_convex_hull_nd(points, d, hull).ok());
      expect_valid_hull(points, d, hull);
      const BruteForceHull reference = brute_force_hull(points, d);
      EXPECT_EQ(static_cast<int>(hull.facets.size()), reference.facet_count) << "d=" << d;
      EXPECT_NEAR(min_offset(hull), reference.min_offset, 1e-12) << "d=" << d;
      EXPECT_NEAR(hull.volume, reference.volume, 1e-12 * reference.volume) << "d=" << d;
      for (const HullFacetNd& facet : hull.facets) {
        bool matched = false;
        for (const auto& plane : reference.planes) {
          double gap = std::abs(facet.offset - plane.second);
          for (int k = 0; k < d; ++k) gap += std::abs(facet.normal[k] - plane.first(k));
          matched = matched || gap < 1e-10;
        }
        EXPECT_TRUE(matched) << "d=" << d;
      }
    }
  }
}

// The 6-D cross-polytope conv{+-e_i}: 2^6 = 64 facets x . s = 1 (s in {+-1}^6), at
// distance 1/sqrt(6), and volume 2^6 / 6!.
TEST(GraspConvexHullNd, CrossPolytopeIn6D) {
  std::vector<PointNd> points;
  for (int i = 0; i < 6; ++i) {
    PointNd plus{}, minus{};
    plus[i] = 1;
    minus[i] = -1;
    points.push_back(plus);
    points.push_back(minus);
  }
  ConvexHullNd hull;
  ASSERT_TRUE(build_convex_hull_nd(points, 6, hull).ok());
  expect_valid_hull(points, 6, hull);
  EXPECT_EQ(hull.facets.size(), 64u);
  EXPECT_EQ(hull.vertices.size(), 12u);
  for (const HullFacetNd& facet : hull.facets) {
    EXPECT_NEAR(facet.offset, 1 / std::sqrt(6.0), 1e-15);
    for (int k = 0; k < 6; ++k) EXPECT_NEAR(std::abs(facet.normal[k]), 1 / std::sqrt(6.0), 1e-15);
  }
  EXPECT_NEAR(hull.volume, 64 / factorial(6), 1e-15);
}

// The 6-cube {-1, 1}^6 with its centre: 32 vertices on each facet plane, the most
// coplanar input there is. Every facet lies on a plane x_k = +-1 and the volume is 2^6.
TEST(GraspConvexHullNd, HypercubeIn6D) {
  std::vector<PointNd> points;
  for (int corner = 0; corner < 64; ++corner) {
    PointNd point{};
    for (int k = 0; k < 6; ++k) point[k] = (corner >> k) & 1 ? 1 : -1;
    points.push_back(point);
  }
  points.push_back(PointNd{});
  ConvexHullNd hull;
  ASSERT_TRUE(build_convex_hull_nd(points, 6, hull).ok());
  expect_valid_hull(points, 6, hull);
  EXPECT_EQ(hull.vertices.size(), 64u);
  for (const HullFacetNd& facet : hull.facets) EXPECT_NEAR(facet.offset, 1, 1e-14);
  EXPECT_NEAR(hull.volume, 64, 1e-12);
}

// The corner simplex conv{0, e_1, .., e_6}: 7 facets, volume 1/6!; the origin is a
// vertex, on the six facets x_k = 0, so the smallest offset is 0.
TEST(GraspConvexHullNd, CornerSimplexIn6D) {
  std::vector<PointNd> points(7, PointNd{});
  for (int i = 0; i < 6; ++i) points[i + 1][i] = 1;
  ConvexHullNd hull;
  ASSERT_TRUE(build_convex_hull_nd(points, 6, hull).ok());
  expect_valid_hull(points, 6, hull);
  EXPECT_EQ(hull.facets.size(), 7u);
  EXPECT_NEAR(hull.volume, 1 / factorial(6), 1e-16);
  EXPECT_NEAR(min_offset(hull), 0, 1e-15);
}

// Clouds that do not span R^d are reported through affine_dimension, with no facets.
TEST(GraspConvexHullNd, FlatCloudsReportTheirDimension) {
  ConvexHullNd hull;
  ASSERT_TRUE(build_convex_hull_nd({}, 6, hull).ok());
  EXPECT_EQ(hull.affine_dimension, -1);
  ASSERT_TRUE(build_convex_hull_nd({{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}}, 6, hull).ok());
  EXPECT_EQ(hull.affine_dimension, 0);

  // Random points of the 3-D subspace spanned by (1,1,0,0,0,0), (0,0,1,0,0,1), e_5.
  std::mt19937_64 rng(3);
  std::vector<PointNd> points;
  for (int i = 0; i < 30; ++i) {
    const double a = uniform(rng, -1, 1), b = uniform(rng, -1, 1), c = uniform(rng, -1, 1);
    points.push_back({a, a, b, 0, c, b});
  }
  ASSERT_TRUE(build_convex_hull_nd(points, 6, hull).ok());
  EXPECT_EQ(hull.affine_dimension, 3);
  EXPECT_FALSE(hull.full_dimensional());
  EXPECT_TRUE(hull.facets.empty());
  EXPECT_EQ(hull.volume, 0);

  // A 5-dimensional slab thinner than the tolerance counts as flat.
  for (PointNd& point : points) point[3] = 0.5 + 1e-12 * uniform(rng, -1, 1);
  points.push_back({0.3, -0.2, 0.9, 0.5, 0.1, 0.4});
  points.push_back({-0.7, 0.4, 0.1, 0.5, -0.6, 0.2});
  ASSERT_TRUE(build_convex_hull_nd(points, 6, hull).ok());
  EXPECT_EQ(hull.affine_dimension, 5);
}

TEST(GraspConvexHullNd, RejectsBadInput) {
  ConvexHullNd hull;
  EXPECT_FALSE(build_convex_hull_nd({{0, 0}, {1, 0}, {0, 1}}, 1, hull).ok());
  EXPECT_FALSE(build_convex_hull_nd({{0, 0}, {1, 0}, {0, 1}}, 7, hull).ok());
  const Status status = build_convex_hull_nd({{0, 0}, {1, std::nan("")}, {0, 1}}, 2, hull);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("point 1"), std::string::npos);
}

// Determinism: the same cloud gives the same facets bit for bit; a permuted cloud
// gives the same polytope (volume and smallest offset to roundoff).
TEST(GraspConvexHullNd, DeterministicAndOrderIndependent) {
  std::mt19937_64 rng(99);
  std::vector<PointNd> points = random_points(rng, 40, 6);
  ConvexHullNd first, again;
  ASSERT_TRUE(build_convex_hull_nd(points, 6, first).ok());
  ASSERT_TRUE(build_convex_hull_nd(points, 6, again).ok());
  ASSERT_EQ(first.facets.size(), again.facets.size());
  for (std::size_t f = 0; f < first.facets.size(); ++f) {
    EXPECT_EQ(first.facets[f].vertices, again.facets[f].vertices);
    EXPECT_EQ(first.facets[f].normal, again.facets[f].normal);
    EXPECT_EQ(first.facets[f].offset, again.facets[f].offset);
  }
  std::reverse(points.begin(), points.end());
  std::rotate(points.begin(), points.begin() + 7, points.end());
  ConvexHullNd permuted;
  ASSERT_TRUE(build_convex_hull_nd(points, 6, permuted).ok());
  EXPECT_EQ(permuted.vertices.size(), first.vertices.size());
  EXPECT_EQ(permuted.facets.size(), first.facets.size());
  EXPECT_NEAR(permuted.volume, first.volume, 1e-12 * first.volume);
  EXPECT_NEAR(min_offset(permuted), min_offset(first), 1e-12);
}

// Robustness: lattice points {-1, 0, 1}^d jittered at the scale of the tolerance are
// nearly coplanar and nearly coincident in every way; the hull must still satisfy the
// contract for every point.
TEST(GraspConvexHullNd, JitteredLatticeAtToleranceScale) {
  std::mt19937_64 rng(11);
  for (const int d : {3, 4, 5, 6}) {
    for (const double jitter : {1e-8, 1e-9, 1e-10}) {
      for (int trial = 0; trial < 3; ++trial) {
        std::vector<PointNd> points(40);
        for (PointNd& point : points) {
          point = PointNd{};
          for (int k = 0; k < d; ++k) {
            point[k] = static_cast<int>(rng() % 3) - 1 + jitter * uniform(rng, -1, 1);
          }
        }
        ConvexHullNd hull;
        const Status status = build_convex_hull_nd(points, d, hull);
        ASSERT_TRUE(status.ok()) << status.message() << " d=" << d << " jitter=" << jitter;
        expect_valid_hull(points, d, hull);
      }
    }
  }
}

}  // namespace
}  // namespace contactlab
