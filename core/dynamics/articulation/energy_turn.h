// The turn of a rigid body about its centre of mass that brings its rotational kinetic
// energy to a goal while its angular momentum stays: the orientation part of the
// projection onto the invariants (Hairer, Lubich, Wanner, "Geometric Numerical
// Integration", 2nd ed., Springer 2006, Sect. IV.4), for a floating tree whose step
// turned it by more than its motion can follow.
//
// With L fixed in the world and the body turned by R, the energy is
//   E(R) = 1/2 L . (R I R^T)^-1 L,
// and a small turn dtheta changes it by dE = dtheta . (w x L), w = (R I R^T)^-1 L. The
// turn is built from Newton steps along that gradient on the rotation group, each at
// most kMaxNewtonTurn, until E meets the goal or the gradient vanishes (w parallel to
// L: the body spins about a principal axis, where E is extremal). E ranges over
// [|L|^2 / 2 lambda_max, |L|^2 / 2 lambda_min]; a goal outside it ends at the nearest
// principal spin the steps reach.
#pragma once

#include "base/math_types.h"

namespace contactlab {

struct EnergyTurn {
  Quat rotation = Quat::Identity();  // R, world
  double energy = 0;                 // E(R) [J]: the goal, or the nearest the turn reached
};

// (I_G in world axes [kg m^2], L_G [kg m^2/s], goal [J]) => R and E(R).
EnergyTurn energy_turn(const Mat3& inertia_about_com, const Vec3& angular_momentum, double goal);

}  // namespace contactlab
