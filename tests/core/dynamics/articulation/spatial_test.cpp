#include "dynamics/articulation/spatial.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

Vec6 motion(const Vec3& linear, const Vec3& angular) {
  Vec6 out;
  out << linear, angular;
  return out;
}

const Mat3 kInertiaAboutCom =
    (Mat3() << 0.4, 0.05, -0.02, 0.05, 0.3, 0.01, -0.02, 0.01, 0.2).finished();

// Momentum from its definition: p = m v_c with v_c = v_o + w x c, and the angular
// momentum about o, L_o = I_c w + c x p.
TEST(SpatialInertia, ApplyGivesTheMomentumAboutTheReferencePoint) {
  const double mass = 2.5;
  const Vec3 com(0.3, -0.7, 1.1);  // c = com - o
  const SpatialInertia inertia = SpatialInertia::of_body(mass, com, kInertiaAboutCom);
  const Vec3 v_o(0.2, 1.0, -0.4), w(1.5, -0.3, 0.8);
  const Vec6 momentum = inertia.apply(motion(v_o, w));
  const Vec3 v_c = v_o + w.cross(com);
  const Vec3 linear = mass * v_c;
  const Vec3 angular = kInertiaAboutCom * w + com.cross(linear);
  EXPECT_LT((momentum.head<3>() - linear).norm(), 1e-14);
  EXPECT_LT((momentum.tail<3>() - angular).norm(), 1e-14);
}

// Kinetic energy 1/2 m |v_c|^2 + 1/2 w.I_c w does not depend on the reference point:
// about o2 the body is I(o2) and the twist has v_o2 = v_o1 + w x (o2 - o1).
TEST(SpatialInertia, KineticEnergyIsIndependentOfTheReferencePoint) {
  const double mass = 1.7;
  const Vec3 com_world(0.5, 0.2, -0.3), o1(0, 0, 0), o2(2, -1, 0.5);
  const Vec3 v_o1(0.3, -0.2, 0.9), w(-0.4, 1.2, 0.6);
  const SpatialInertia about_o1 = SpatialInertia::of_body(mass, com_world - o1, kInertiaAboutCom);
  const SpatialInertia about_o2 = SpatialInertia::of_body(mass, com_world - o2, kInertiaAboutCom);
  const Vec6 twist_o1 = motion(v_o1, w);
  const Vec6 twist_o2 = motion(v_o1 + w.cross(o2 - o1), w);
  const Vec3 v_c = v_o1 + w.cross(com_world - o1);
  const double expected = 0.5 * mass * v_c.squaredNorm() + 0.5 * w.dot(kInertiaAboutCom * w);
  EXPECT_NEAR(0.5 * twist_o1.dot(about_o1.apply(twist_o1)), expected, 1e-14);
  EXPECT_NEAR(0.5 * twist_o2.dot(about_o2.apply(twist_o2)), expected, 1e-13);
}

// Composite inertia: the momentum of two bodies is the sum of their momenta.
TEST(SpatialInertia, SumActsAsTheSumOfMomenta) {
  SpatialInertia a = SpatialInertia::of_body(1.0, Vec3(1, 0, 0), kInertiaAboutCom);
  const SpatialInertia b = SpatialInertia::of_body(3.0, Vec3(0, -2, 1), 2 * kInertiaAboutCom);
  const Vec6 twist = motion(Vec3(0.1, 0.2, 0.3), Vec3(-1, 0.5, 2));
  const Vec6 separate = a.apply(twist) + b.apply(twist);
  a += b;
  EXPECT_EQ(a.mass, 4.0);
  EXPECT_LT((a.apply(twist) - separate).norm(), 1e-14);
}

// A motion vector fixed in a body changes at V x s. Check with the rotation axis
// s = (p x a, a) through point p with direction a, carried by a body spinning at w
// about o (V = (0, w)): p' = w x p and a' = w x a, so s' = (p' x a + p x a', a').
TEST(SpatialCross, MotionCrossMatchesCarryingAnAxisAlong) {
  const Vec3 w(0.3, -1.1, 0.7), p(1, 2, -0.5), a = Vec3(0, 1, 1).normalized();
  const Vec6 result = motion_cross_motion(motion(Vec3::Zero(), w), motion(p.cross(a), a));
  const Vec3 p_dot = w.cross(p), a_dot = w.cross(a);
  const Vec3 expected_linear = p_dot.cross(a) + p.cross(a_dot);
  EXPECT_LT((result.head<3>() - expected_linear).norm(), 1e-15);
  EXPECT_LT((result.tail<3>() - a_dot).norm(), 1e-15);
}

// Duality: (V x* F) . s = -F . (V x s) for every motion s.
TEST(SpatialCross, ForceCrossIsMinusTheDualOfMotionCross) {
  const Vec6 velocity = motion(Vec3(0.4, -0.2, 1.0), Vec3(2.0, 0.1, -0.5));
  const Vec6 force = motion(Vec3(3, -1, 2), Vec3(0.5, 0.25, -1));
  for (int k = 0; k < 6; ++k) {
    const Vec6 unit = Vec6::Unit(k);
    EXPECT_NEAR(motion_cross_force(velocity, force).dot(unit),
                -force.dot(motion_cross_motion(velocity, unit)), 1e-15)
        << "component " << k;
  }
}

}  // namespace
}  // namespace contactlab
