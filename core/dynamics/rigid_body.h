// Per-body quantities of the Newton-Euler equations, seed 002 eq. (1):
//   M dv/dt = f_contact + k,   v = (linear velocity of the COM, angular velocity), world frame.
#pragma once

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/model.h"

namespace contactlab {

// The inverse of the 6x6 mass-inertia block: 1/m for translation, (R I R^T)^-1 for rotation.
struct InverseMass {
  double inverse_mass = 0;
  Mat3 inverse_inertia = Mat3::Zero();  // world frame

  Vec6 apply(const Vec6& wrench) const {
    Vec6 out;
    out.head<3>() = inverse_mass * wrench.head<3>();
    out.tail<3>() = inverse_inertia * wrench.tail<3>();
    return out;
  }
};
InverseMass inverse_mass_at(const Body& body, const Quat& orientation);

// k of eq. (1) without its gyroscopic torque -omega x (I omega): gravity on the COM.
// The gyroscopic part is integrated with the body's rotation (free_rotation.h).
Vec6 external_force(const Body& body, const Options& options);

// A wrench applied to one body: force and torque about its centre of mass, world
// [N, N m]; body -1: none.
struct BodyWrench {
  int body = -1;
  Vec6 wrench = Vec6::Zero();
};

// The largest distance from the body's COM to any point of its geoms [m].
double bounding_radius(const Model& model, const Body& body);

}  // namespace contactlab
