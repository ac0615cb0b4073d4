// The turn that sets a rigid body's rotational energy at fixed angular momentum
// (dynamics/articulation/energy_turn.h): a goal inside [|L|^2 / 2 lambda_max,
// |L|^2 / 2 lambda_min] is met, one outside ends at the principal spin nearest it, and
// the turn is a rotation.
#include "dynamics/articulation/energy_turn.h"

#include <cmath>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// Principal moments 1, 2, 3 kg m^2 in axes turned away from the world's.
Mat3 turned_inertia() {
  const Mat3 axes = Quat(0.9, 0.3, -0.2, 0.25).normalized().toRotationMatrix();
  return axes * Vec3(1, 2, 3).asDiagonal() * axes.transpose();
}

double energy_after(const EnergyTurn& turn, const Mat3& inertia, const Vec3& momentum) {
  const Mat3 r = turn.rotation.toRotationMatrix();
  return 0.5 * momentum.dot((r * inertia * r.transpose()).inverse() * momentum);
}

TEST(EnergyTurn, MeetsAGoalBetweenTheExtremes) {
  const Mat3 inertia = turned_inertia();
  const Vec3 momentum(1, -2, 0.5);
  const double lowest = momentum.squaredNorm() / 6, highest = momentum.squaredNorm() / 2;
  for (double fraction : {0.05, 0.3, 0.5, 0.8, 0.97}) {
    const double goal = lowest + fraction * (highest - lowest);
    const EnergyTurn turn = energy_turn(inertia, momentum, goal);
    EXPECT_NEAR(turn.energy, goal, 1e-13 * goal) << fraction;
    EXPECT_NEAR(energy_after(turn, inertia, momentum), goal, 1e-13 * goal) << fraction;
    EXPECT_NEAR(turn.rotation.norm(), 1, 1e-15);
  }
}

TEST(EnergyTurn, AGoalOutsideEndsAtThePrincipalSpin) {
  const Mat3 inertia = turned_inertia();
  const Vec3 momentum(1, -2, 0.5);
  const double lowest = momentum.squaredNorm() / 6, highest = momentum.squaredNorm() / 2;
  EXPECT_NEAR(energy_turn(inertia, momentum, 0).energy, lowest, 1e-9 * lowest);
  EXPECT_NEAR(energy_turn(inertia, momentum, 10 * highest).energy, highest, 1e-9 * highest);
}

TEST(EnergyTurn, NoTurnWhenTheGoalIsMet) {
  const Mat3 inertia = turned_inertia();
  const Vec3 momentum(1, -2, 0.5);
  const double energy = 0.5 * momentum.dot(inertia.inverse() * momentum);
  const EnergyTurn turn = energy_turn(inertia, momentum, energy);
  EXPECT_EQ(turn.rotation.coeffs(), Quat::Identity().coeffs());
}

}  // namespace
}  // namespace contactlab
