// One contact's elliptic soft cost (elliptic_cone_cost.h): its impulse is the
// maximiser (optimality certificate: p in K, w = y + R p in K*, p^T w = 0), its
// gradient is -p and its Hessian -dp/dy (central differences), in every zone.
#include "formulation/elliptic_cone_cost.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Eigenvalues>
#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

EllipticConeCost elliptic_cost_at(const Vec3& y, const Vec3& r, double mu) {
  EllipticConeCost cost;
  EXPECT_TRUE(elliptic_cone_cost(y, r, mu, true, cost)) << y.transpose();
  return cost;
}

TEST(EllipticConeCost, ItsImpulseIsCertifiedAndItsDerivativesMatchDifferences) {
  TestRandom random(23);
  int zones[3] = {0, 0, 0};
  for (int trial = 0; trial < 3000; ++trial) {
    const double mu = random.uniform(0.05, 1.5);
    const Vec3 r(random.uniform(0.01, 2), random.uniform(0.01, 2), random.uniform(0.01, 2));
    const Vec3 y(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1));
    const EllipticConeCost cost = elliptic_cost_at(y, r, mu);
    ++zones[static_cast<int>(cost.zone)];
    const Vec3& p = cost.impulse;
    const double size = std::max(1.0, p.norm());
    // p in K, w = y + R p in K*, p^T w = 0.
    EXPECT_GE(mu * p.x() - p.tail<2>().norm(), -1e-12 * size) << trial;
    const Vec3 w = y + r.cwiseProduct(p);
    EXPECT_GE(w.x() - mu * w.tail<2>().norm(), -1e-12 * size) << trial;
    EXPECT_NEAR(p.dot(w), 0, 1e-12 * size) << trial;
    EXPECT_NEAR(cost.value, -p.dot(y) - 0.5 * p.dot(r.cwiseProduct(p)), 1e-14 * size * size);
    // grad l = -p, d^2 l / dy^2 = -dp/dy, by central differences.
    const double step = 1e-6;
    for (int i = 0; i < 3; ++i) {
      Vec3 up = y, down = y;
      up[i] += step;
      down[i] -= step;
      const EllipticConeCost above = elliptic_cost_at(up, r, mu);
      const EllipticConeCost below = elliptic_cost_at(down, r, mu);
      if (above.zone != cost.zone || below.zone != cost.zone) continue;  // at a zone's edge
      EXPECT_NEAR((above.value - below.value) / (2 * step), -p[i], 1e-6 * size) << trial;
      const Vec3 column = -(above.impulse - below.impulse) / (2 * step);
      const double scale = std::max(1.0, cost.hessian.cwiseAbs().maxCoeff());
      EXPECT_LT((column - cost.hessian.col(i)).cwiseAbs().maxCoeff(), 1e-5 * scale) << trial << " column " << i;
    }
    // The Hessian is symmetric positive semidefinite.
    EXPECT_LT((cost.hessian - cost.hessian.transpose()).cwiseAbs().maxCoeff(), 1e-12 * (1 + cost.hessian.norm()));
    EXPECT_GE(Eigen::SelfAdjointEigenSolver<Mat3>(cost.hessian).eigenvalues().minCoeff(),
              -1e-12 * (1 + cost.hessian.norm()));
  }
  for (int zone = 0; zone < 3; ++zone) EXPECT_GT(zones[zone], 300) << zone;
}

// No better impulse in K: the maximiser beats random points of the cone.
TEST(EllipticConeCost, NoPointOfTheConeDoesBetter) {
  TestRandom random(7);
  for (int trial = 0; trial < 300; ++trial) {
    const double mu = random.uniform(0.1, 1);
    const Vec3 r(random.uniform(0.1, 1), random.uniform(0.1, 1), random.uniform(0.1, 1));
    const Vec3 y(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1));
    const EllipticConeCost cost = elliptic_cost_at(y, r, mu);
    for (int other = 0; other < 50; ++other) {
      const double normal = random.uniform(0, 5);
      const double angle = random.uniform(0, 2 * M_PI);
      const double radius = mu * normal * random.uniform(0, 1);
      const Vec3 q(normal, radius * std::cos(angle), radius * std::sin(angle));
      EXPECT_LE(-q.dot(y) - 0.5 * q.dot(r.cwiseProduct(q)), cost.value + 1e-13) << trial;
    }
  }
}

// Without friction only p_n >= 0 is left: p_n = max(0, -y_n / R_n).
TEST(EllipticConeCost, WithoutFrictionOnlyTheNormalImpulseActs) {
  const Vec3 r(0.5, 0.2, 0.3);
  const EllipticConeCost pressed = elliptic_cost_at(Vec3(-1, 3, -2), r, 0);
  EXPECT_EQ(pressed.impulse, Vec3(2, 0, 0));
  EXPECT_DOUBLE_EQ(pressed.value, 1.0);
  EXPECT_DOUBLE_EQ(pressed.hessian(0, 0), 2.0);
  EXPECT_EQ(elliptic_cost_at(Vec3(1, 3, -2), r, 0).impulse, Vec3::Zero());
}

}  // namespace
}  // namespace contactlab
