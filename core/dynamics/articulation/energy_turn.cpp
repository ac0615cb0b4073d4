#include "dynamics/articulation/energy_turn.h"

#include <algorithm>
#include <cmath>

#include "base/portable_trig.h"

namespace contactlab {
namespace {

// Newton's step along the gradient is cut to this turn [rad]: far from the goal the
// energy is not linear in the angle, and the cut keeps each step on one side of the
// principal axes.
constexpr double kMaxNewtonTurn = 0.25;
constexpr int kMaxNewtonSteps = 64;
constexpr int kMaxHalvings = 30;
// The goal is met to this fraction of the energy (a few ulps of a sum of three terms).
constexpr double kEnergyTolerance = 1e-15;
// |w x L| below this fraction of |w| |L|: w and L are parallel, E is extremal there.
constexpr double kParallel = 1e-13;

Quat turn_about(const Vec3& unit_axis, double angle) {
  double half_cos, half_sin;
  portable_cos_sin(0.5 * angle, half_cos, half_sin);
  return Quat(half_cos, half_sin * unit_axis.x(), half_sin * unit_axis.y(), half_sin * unit_axis.z());
}

}  // namespace

EnergyTurn energy_turn(const Mat3& inertia_about_com, const Vec3& angular_momentum, double goal) {
  auto energy_at = [&](const Quat& turn, Vec3& w) {
    const Mat3 rotation = turn.toRotationMatrix();
    w = (rotation * inertia_about_com * rotation.transpose()).ldlt().solve(angular_momentum);
    return 0.5 * w.dot(angular_momentum);
  };
  EnergyTurn result;
  Vec3 w;
  result.energy = energy_at(result.rotation, w);
  for (int step = 0; step < kMaxNewtonSteps; ++step) {
    const double gap = result.energy - goal;
    if (!(std::abs(gap) > kEnergyTolerance * result.energy)) break;
    const Vec3 gradient = w.cross(angular_momentum);  // dE / dtheta
    const double slope = gradient.norm();
    if (!(slope > kParallel * w.norm() * angular_momentum.norm())) break;
    // Newton's step, halved until it brings E closer to the goal: near an extremum E is
    // not linear in the angle, and a goal beyond the extremum then ends there.
    double angle = std::clamp(-gap / slope, -kMaxNewtonTurn, kMaxNewtonTurn);
    bool closer = false;
    for (int halving = 0; halving < kMaxHalvings && !closer; ++halving, angle *= 0.5) {
      Quat turn = turn_about(gradient / slope, angle) * result.rotation;
      turn.normalize();
      Vec3 turned_w;
      const double energy = energy_at(turn, turned_w);
      if (std::abs(energy - goal) < std::abs(gap)) {
        result.rotation = turn;
        result.energy = energy;
        w = turned_w;
        closer = true;
      }
    }
    if (!closer) break;
  }
  return result;
}

}  // namespace contactlab
