// What every formulation reads besides the island's rows (contact_rows.h): the state
// of its contacts at the start of the step; and the impulses it finds. The island's
// new velocity v^{l+1} = v_free + M^-1 H (impulses) is written into
// IslandDynamics::velocity by the formulation itself.
#pragma once

#include <utility>
#include <vector>

#include "base/math_types.h"

namespace contactlab {

// Per island contact (the order of IslandRows::contacts), at the start of the step.
struct IslandContactState {
  std::vector<std::pair<int, int>> geoms;  // the geoms that touch (a, b)
  std::vector<int> feature;                // the point's feature id (collision/contact_feature.h)
  std::vector<Vec3> position;              // the point, world [m]
  std::vector<double> distance;            // phi [m], negative in penetration
  std::vector<Vec3> start_velocity;        // J_c v^l in the contact frame (n, t1, t2) [m/s]
  // mu_t s_c^T v^l: the spin about n at the start of the step times mu_t [m/s]
  // (contact_rows.h's torsion row); 0 for a point contact
  std::vector<double> start_torsion_velocity;
  std::vector<double> static_friction;     // mu_s (contact/friction_coefficient.h)
  std::vector<double> kinetic_friction;    // mu_d of the same
};

struct IslandImpulses {
  std::vector<Vec3> contact;   // per island contact: (c_n, c_t1, c_t2) [N s]
  std::vector<double> limit;   // per limit row: c_l [N s] or [N m s]
  // per joint friction row: tau in [-c h, c h] [N m s] or [N s], seed 002 eq. (14)
  std::vector<double> joint_friction;
  // per island contact: the impulse p_s of its torsion row, in [-c_n, c_n] [N s], whose
  // moment about n is tau_n = mu_t p_s [N m s] (0 for a point contact; contact_rows.h)
  std::vector<double> torsion;

  void reset(int contact_count, int limit_count, int joint_friction_count) {
    contact.assign(contact_count, Vec3::Zero());
    limit.assign(limit_count, 0.0);
    joint_friction.assign(joint_friction_count, 0.0);
    torsion.assign(contact_count, 0.0);
  }
};

}  // namespace contactlab
