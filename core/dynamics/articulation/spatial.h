// Spatial vectors (Featherstone, "Rigid Body Dynamics Algorithms", ch. 2) in world
// axes about a reference point o fixed in the world, ordered (linear, angular) like
// the contact rows:
//   motion V = (v_o, w): w the angular velocity, v_o the velocity of the body point
//                        that passes through o;
//   force  F = (f, n_o): f the force, n_o its moment about o.
// The power of F on V is F . V. With every body of a tree about the same o, spatial
// quantities of different bodies add without transforms.
#pragma once

#include "base/math_types.h"

namespace contactlab {

// The spatial inertia of a body about o: momentum = apply(V) with
//   linear  momentum m v_c = m v_o + w x h,
//   angular momentum about o = I_o w + h x v_o,
// where h = m c is the first moment (c = com - o) and I_o = I_c + m (|c|^2 E - c c^T).
struct SpatialInertia {
  double mass = 0;                     // m [kg]
  Vec3 first_moment = Vec3::Zero();    // h = m c [kg m]
  Mat3 rotational = Mat3::Zero();      // I_o [kg m^2]

  // A body of mass m with its centre of mass at com_from_reference = com - o and
  // inertia about the centre of mass in world axes.
  static SpatialInertia of_body(double mass, const Vec3& com_from_reference,
                                const Mat3& inertia_about_com);

  Vec6 apply(const Vec6& motion) const;
  SpatialInertia& operator+=(const SpatialInertia& other);
};

// V x s: the rate of change of a motion vector s carried along by velocity V.
Vec6 motion_cross_motion(const Vec6& velocity, const Vec6& motion);
// V x* F: the rate of change of a force vector F carried along by velocity V.
Vec6 motion_cross_force(const Vec6& velocity, const Vec6& force);

}  // namespace contactlab
