// The check that a step did not diverge (docs/physics_robustness.md): after every step
// the state is compared with the one before it.
//   - Runaway: a position, orientation or velocity is not finite, or a body moves
//     faster than kDivergedSpeed [m/s] or spins faster than kDivergedSpin [rad/s] (ten
//     and a hundred times what a scene may start with). The step is undone: every
//     body goes back to its pose before the step, at rest.
//   - Energy jump: the weighed free bodies' T' - T - W_g > T / 2 + sum m v_max^2 / 2,
//     T their kinetic energy, W_g = sum m g . (x' - x) the work of gravity and v_max
//     the recovery-speed cap (options.max_recovery_speed): more than gravity and a
//     contact's push out of a penetration can add. The state is kept.
// Either way the step's status is SolverStatus::Diverged, with the reason and the body
// named. Free bodies sharing an island with an articulation are not weighed (motors add
// energy), nor any in a formulation that starts each step at rest (quasistatic).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "base/options.h"
#include "contact/islands.h"
#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

inline constexpr double kDivergedSpeed = 1e4;  // [m/s]
inline constexpr double kDivergedSpin = 1e5;   // [rad/s]

// The state a step starts from, kept to compare with and to go back to.
struct StepStart {
  std::vector<Vec3> position;
  std::vector<Quat> orientation;
  std::vector<Vec3> linear_velocity;
  std::vector<Vec3> angular_velocity;
  std::vector<Eigen::VectorXd> articulation_positions;

  void take(const Data& data);
};

// Per body: whether the energy check weighs it (a free body, in no island with an
// articulation's link), by the step's islands; none when `momentum_kept` is false.
void mark_weighed_bodies(const Model& model, const Islands& islands, bool momentum_kept,
                         std::vector<char>& weighed);

// (state before, state after) => whether the step diverged. A runaway step is undone
// (data back to `start`, at rest); data.solver says why.
bool check_divergence(const Model& model, const Options& options, const StepStart& start,
                      const std::vector<char>& weighed, Data& data);

}  // namespace contactlab
