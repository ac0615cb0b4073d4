// The interface every formulation shares: the island's rows (contact_rows.h), the
// state of its contacts at the start of the step, and what a formulation returns.
// The island's new velocity v^{l+1} = v_free + M^-1 H (impulses) is written into
// IslandDynamics::velocity by the formulation itself.
#pragma once

#include <string>
#include <vector>

#include "base/math_types.h"

namespace contactlab {

// Per island contact (the order of IslandRows::contacts), at the start of the step.
struct IslandContactState {
  std::vector<double> distance;        // phi [m], negative in penetration
  std::vector<Vec3> start_velocity;    // J_c v^l in the contact frame (n, t1, t2) [m/s]
  std::vector<double> static_friction;   // mu_s of the material pair (or the override)
  std::vector<double> kinetic_friction;  // mu_d of the same
};

struct IslandImpulses {
  std::vector<Vec3> contact;   // per island contact: (c_n, c_t1, c_t2) [N s]
  std::vector<double> limit;   // per limit row: c_l [N s] or [N m s]

  void reset(int contact_count, int limit_count) {
    contact.assign(contact_count, Vec3::Zero());
    limit.assign(limit_count, 0.0);
  }
};

// How the island's solve went. A formulation that fails still leaves a finite
// velocity (its fallback) and says what it did in `message`.
struct IslandSolveReport {
  const char* status = "solved";  // "solved", or a failure's name (e.g. "ray termination")
  std::string message;            // empty, or what failed and which fallback was used
  int problem_size = 0;           // unknowns of the island's problem
  int iterations = 0;             // Lemke pivots or interior-point iterations
  bool warm_start_used = false;
};

}  // namespace contactlab
