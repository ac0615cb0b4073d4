#include "conic/cone.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "test_random.h"

namespace contactlab::conic {
namespace {

// R_+^2 x Q^1 x Q^3 x Q^5: every kind of block, 11 rows.
ConeLayout mixed_cones() { return make_cone_layout(2, {1, 3, 5}); }

// A random point strictly inside the cones (t exceeds ||y|| by at least 0.05).
Eigen::VectorXd random_interior(TestRandom& random, const ConeLayout& cones) {
  Eigen::VectorXd u(cones.dimension);
  for (int i = 0; i < cones.orthant_size; ++i) u[i] = random.uniform(0.05, 3);
  for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
    const int offset = cones.cone_offsets[k];
    double squared = 0;
    for (int i = offset + 1; i < offset + cones.cone_sizes[k]; ++i) {
      u[i] = random.uniform(-2, 2);
      squared += u[i] * u[i];
    }
    u[offset] = std::sqrt(squared) + random.uniform(0.05, 2);
  }
  return u;
}

TEST(ConicCone, LayoutListsOffsetsDimensionAndDegree) {
  const ConeLayout cones = mixed_cones();
  EXPECT_EQ(cones.dimension, 11);
  ASSERT_EQ(cones.cone_offsets.size(), 3u);
  EXPECT_EQ(cones.cone_offsets[0], 2);
  EXPECT_EQ(cones.cone_offsets[1], 3);
  EXPECT_EQ(cones.cone_offsets[2], 6);
  EXPECT_EQ(cones.degree(), 5);  // l + number of second-order cones
}

TEST(ConicCone, MembershipAndShiftMatchClosedForms) {
  const ConeLayout cones = make_cone_layout(1, {3});
  // orthant 2; cone t = 5, ||y|| = ||(3, 4)|| = 5: on the boundary
  Eigen::VectorXd u(4);
  u << 2, 5, 3, 4;
  EXPECT_FALSE(is_in_interior(cones, u));
  EXPECT_EQ(cone_violation(cones, u), 0);
  EXPECT_EQ(boundary_shift(cones, u), 0);  // max(-2, 5 - 5)
  u[1] = 6;
  EXPECT_TRUE(is_in_interior(cones, u));
  EXPECT_EQ(boundary_shift(cones, u), -1);  // max(-2, 5 - 6)
  u[0] = -0.5;
  u[1] = 4;
  EXPECT_FALSE(is_in_interior(cones, u));
  EXPECT_EQ(cone_violation(cones, u), 1);  // max(0.5, 5 - 4)
  add_identity(cones, 2.0, u);              // e = (1 | 1, 0, 0)
  EXPECT_EQ(u[0], 1.5);
  EXPECT_EQ(u[1], 6);
  EXPECT_EQ(u[2], 3);
}

TEST(ConicCone, JordanDivisionInvertsTheProduct) {
  TestRandom random(11);
  const ConeLayout cones = mixed_cones();
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd lambda = random_interior(random, cones);
    const Eigen::VectorXd v = random_vector(random, cones.dimension);
    Eigen::VectorXd product, quotient;
    jordan_product(cones, lambda, v, product);
    jordan_divide(cones, lambda, product, quotient);
    EXPECT_LT((quotient - v).lpNorm<Eigen::Infinity>(), 1e-12);
  }
  // e o v = v
  Eigen::VectorXd e = Eigen::VectorXd::Zero(cones.dimension);
  add_identity(cones, 1.0, e);
  const Eigen::VectorXd v = random_vector(random, cones.dimension);
  Eigen::VectorXd product;
  jordan_product(cones, e, v, product);
  EXPECT_EQ(product, v);
}

// W z = W^-1 s = lambda (the defining property of the Nesterov–Todd scaling), W symmetric,
// lambda inside K.
TEST(ConicCone, NesterovToddScalingMapsZAndSToTheSamePoint) {
  TestRandom random(7);
  const ConeLayout cones = mixed_cones();
  for (int trial = 0; trial < 20; ++trial) {
    const Eigen::VectorXd s = random_interior(random, cones);
    const Eigen::VectorXd z = random_interior(random, cones);
    NtScaling scaling;
    ASSERT_TRUE(update_nt_scaling(cones, s, z, scaling));
    Eigen::VectorXd Wz(cones.dimension), Winv_s(cones.dimension);
    apply_scaling(cones, scaling, z, Wz);
    apply_inverse_scaling(cones, scaling, s, Winv_s);
    EXPECT_LT((Wz - Winv_s).lpNorm<Eigen::Infinity>(), 1e-12 * (1 + Wz.lpNorm<Eigen::Infinity>()));
    EXPECT_LT((Wz - scaling.lambda).lpNorm<Eigen::Infinity>(), 1e-14 * (1 + Wz.norm()));
    EXPECT_TRUE(is_in_interior(cones, scaling.lambda));

    const Eigen::VectorXd u = random_vector(random, cones.dimension);
    const Eigen::VectorXd v = random_vector(random, cones.dimension);
    Eigen::VectorXd Wu(cones.dimension), Wv(cones.dimension), back(cones.dimension);
    apply_scaling(cones, scaling, u, Wu);
    apply_scaling(cones, scaling, v, Wv);
    EXPECT_NEAR(v.dot(Wu), u.dot(Wv), 1e-12 * (1 + Wu.norm() * v.norm()));
    apply_inverse_scaling(cones, scaling, Wu, back);
    EXPECT_LT((back - u).lpNorm<Eigen::Infinity>(), 1e-12);
    // in place
    Eigen::VectorXd in_place = u;
    apply_scaling(cones, scaling, in_place, in_place);
    EXPECT_EQ(in_place, Wu);
  }
}

TEST(ConicCone, ScalingRejectsPointsOutsideTheInterior) {
  const ConeLayout cones = make_cone_layout(1, {3});
  NtScaling scaling;
  Eigen::Vector4d s(1, 2, 0.5, 0.5);
  Eigen::Vector4d z(1, 5, 3, 4);  // on the boundary of Q^3
  EXPECT_FALSE(update_nt_scaling(cones, Eigen::VectorXd(s), Eigen::VectorXd(z), scaling));
  z << 0, 2, 0, 0;  // on the boundary of the orthant
  EXPECT_FALSE(update_nt_scaling(cones, Eigen::VectorXd(s), Eigen::VectorXd(z), scaling));
}

TEST(ConicCone, IdentityScalingLeavesVectorsAlone) {
  TestRandom random(3);
  const ConeLayout cones = mixed_cones();
  NtScaling scaling;
  set_identity_scaling(cones, scaling);
  const Eigen::VectorXd v = random_vector(random, cones.dimension);
  Eigen::VectorXd out(cones.dimension);
  apply_scaling(cones, scaling, v, out);
  EXPECT_EQ(out, v);
  apply_inverse_scaling(cones, scaling, v, out);
  EXPECT_EQ(out, v);
}

TEST(ConicCone, MaxStepMatchesClosedForms) {
  const ConeLayout cones = make_cone_layout(2, {3});
  Eigen::VectorXd u(5), du(5);
  // orthant: 1 - 0.25 a = 0 at a = 4; cone from (2, 0, 0) along (-1, 1, 0): 2 - a = a at a = 1
  u << 1, 1, 2, 0, 0;
  du << -0.25, 1, -1, 1, 0;
  EXPECT_NEAR(max_step(cones, u, du), 1, 1e-15);
  du[2] = 0;  // cone from (2, 0, 0) along (0, 1, 0): boundary at a = 2; orthant then limits to 4
  EXPECT_NEAR(max_step(cones, u, du), 2, 1e-15);
  du << 1, 0, 1, 0.5, 0;  // t grows faster than ||y||: the whole ray stays inside
  EXPECT_EQ(max_step(cones, u, du), std::numeric_limits<double>::infinity());
}

TEST(ConicCone, MaxStepEndsOnTheBoundary) {
  TestRandom random(5);
  const ConeLayout cones = mixed_cones();
  for (int trial = 0; trial < 50; ++trial) {
    const Eigen::VectorXd u = random_interior(random, cones);
    const Eigen::VectorXd du = 4 * random_vector(random, cones.dimension);
    const double step = max_step(cones, u, du);
    if (!std::isfinite(step)) {
      EXPECT_TRUE(is_in_interior(cones, Eigen::VectorXd(u + 1e6 * du)));
      continue;
    }
    const Eigen::VectorXd end = u + step * du;
    EXPECT_NEAR(boundary_shift(cones, end), 0, 1e-12 * (1 + end.norm()));
    EXPECT_TRUE(is_in_interior(cones, Eigen::VectorXd(u + 0.999 * step * du)));
  }
}

}  // namespace
}  // namespace contactlab::conic
