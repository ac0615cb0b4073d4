#include "contact/anisotropic_friction.h"

#include <cmath>

#include <gtest/gtest.h>

#include "contact/friction_cone.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace anisotropic_friction_cone {

// mu 0.2 along the direction and 0.8 across it while sticking, 0.1 and 0.4 sliding.
FrictionPair ski_pair() {
  FrictionPair pair{0.2, 0.1};
  pair.static_across = 0.8;
  pair.kinetic_across = 0.4;
  return pair;
}

// The direction's projection into the tangent plane is t1, t2 = n x t1; mu is the larger
// coefficient and the scales the ratios, by eq. (13)'s regime.
TEST(AnisotropicFrictionFrame, FrameAlongTheProjectedDirection) {
  const Vec3 normal = Vec3(0, 0, 1);
  Vec3 t1, t2;
  tangent_basis(normal, t1, t2);
  const Options options;
  const Vec3 direction = Vec3(0.6, 0, 0.8);  // tilted out of the plane: projects to +x
  const ContactFrictionFrame sticking =
      anisotropic_friction_frame(ski_pair(), normal, direction, t1, t2, 0.0, options);
  EXPECT_NEAR((sticking.t1 - Vec3::UnitX()).norm(), 0, 1e-15);
  EXPECT_NEAR((sticking.t2 - Vec3::UnitY()).norm(), 0, 1e-15);
  EXPECT_NEAR(sticking.t1.cross(sticking.t2).dot(normal), 1, 1e-15);
  EXPECT_EQ(sticking.coefficient, 0.8);
  EXPECT_EQ(sticking.scale1, 0.25);
  EXPECT_EQ(sticking.scale2, 1.0);
  const ContactFrictionFrame sliding = anisotropic_friction_frame(
      ski_pair(), normal, direction, t1, t2, 2 * options.kinetic_threshold_speed, options);
  EXPECT_EQ(sliding.coefficient, 0.4);
  EXPECT_EQ(sliding.scale1, 0.25);
  EXPECT_EQ(sliding.scale2, 1.0);
}

// A direction along the normal has no projection: the contact's own tangents, mu_1 on t1.
TEST(AnisotropicFrictionFrame, DirectionAlongTheNormalKeepsTheContactsTangents) {
  const Vec3 normal = Vec3(0, 0, 1);
  Vec3 t1, t2;
  tangent_basis(normal, t1, t2);
  const ContactFrictionFrame frame =
      anisotropic_friction_frame(ski_pair(), normal, normal, t1, t2, 0.0, Options());
  EXPECT_EQ(frame.t1, t1);
  EXPECT_EQ(frame.t2, t2);
  EXPECT_EQ(frame.scale1, 0.25);
}

// The scaled pyramid's edge ends mu c_n (cos_j t1' + sin_j t2') lie on the ellipse
// (f . t1 / mu_1)^2 + (f . t2 / mu_2)^2 = c_n^2, and the edge along t1 (t2) carries
// exactly mu_1 c_n (mu_2 c_n).
TEST(AnisotropicFrictionFrame, ScaledEdgesEndOnTheEllipse) {
  const Vec3 normal = Vec3(0, 0, 1);
  Vec3 t1, t2;
  tangent_basis(normal, t1, t2);
  const ContactFrictionFrame frame =
      anisotropic_friction_frame(ski_pair(), normal, Vec3::UnitY(), t1, t2, 0.0, Options());
  FrictionEdgeTable edges;
  edges.set_edge_count(8);
  const double normal_impulse = 3;  // c_n
  const double mu1 = 0.2, mu2 = 0.8;
  for (int j = 0; j < edges.edge_count(); ++j) {
    const Vec3 force =
        frame.coefficient * normal_impulse * edges.direction(j, frame.scale1 * frame.t1, frame.scale2 * frame.t2);
    const double a = force.dot(frame.t1) / mu1, b = force.dot(frame.t2) / mu2;
    EXPECT_NEAR(a * a + b * b, normal_impulse * normal_impulse, 1e-12) << "edge " << j;
  }
  EXPECT_NEAR(frame.coefficient * normal_impulse * edges.direction(0, frame.scale1 * frame.t1, frame.scale2 * frame.t2).norm(),
              mu1 * normal_impulse, 1e-15);
  EXPECT_NEAR(frame.coefficient * normal_impulse * edges.direction(2, frame.scale1 * frame.t1, frame.scale2 * frame.t2).norm(),
              mu2 * normal_impulse, 1e-15);
}

// The largest of each pair of coefficients: the scaled cone's mu_s and mu_k.
TEST(AnisotropicFrictionFrame, LargestFrictionIsTheScaledConesMu) {
  const FrictionPair largest = largest_friction(ski_pair());
  EXPECT_EQ(largest.static_coefficient, 0.8);
  EXPECT_EQ(largest.kinetic_coefficient, 0.4);
  EXPECT_FALSE(largest.anisotropic());
  const FrictionPair isotropic{0.3, 0.2};
  EXPECT_EQ(largest_friction(isotropic).static_coefficient, 0.3);
  EXPECT_FALSE(is_anisotropic(isotropic, Vec3::UnitX()));
  EXPECT_FALSE(is_anisotropic(ski_pair(), Vec3::Zero()));
  EXPECT_TRUE(is_anisotropic(ski_pair(), Vec3::UnitX()));
}

}  // namespace anisotropic_friction_cone
}  // namespace contactlab
