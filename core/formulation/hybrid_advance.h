// One reported step of seed 004's hybrid model over [t, t + h]: the lab's h is only the
// interval at which the state is reported; inside it the smooth dynamics
// (hybrid_smooth_dynamics.h) are integrated by Dormand-Prince 5(4) with error control
// (dynamics/dormand_prince.h), the guards (hybrid_guards.h) are checked at the end of
// every integrator step and, where one crossed zero, the first crossing is located on
// the step's dense output (dynamics/guard_root.h) to Options::hybrid_event_tolerance;
// there the transition (hybrid_transitions.h) applies and integration goes on.
//
// The step starts afresh from the state alone: impacts at contacts already closing,
// then the modes. Where the integrator's step falls below kHybridMinStepSize (a jump of
// the smooth dynamics no guard names: an active contact's feature vanishing), the
// instant is a "reselect" event: impacts and modes are chosen again there, once. It
// ends early, with its status, when the events reach Options::hybrid_max_events (the
// bodies keep the state of that instant; the rest of the interval is not simulated),
// when the integrator's step falls below kHybridMinStepSize a second time at one
// instant or the step's budget of kHybridMaxIntegratorSteps integrator steps
// is spent, or when no consistent active set exists: never a hang. Only the geom pairs
// the broad phase lets through (hybrid_broad_phase.h) are handed to the narrow phase.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"
#include "formulation/hybrid_event.h"
#include "formulation/hybrid_smooth_dynamics.h"

namespace contactlab {

enum class HybridOutcome {
  Completed,            // the whole interval
  EventLimit,           // stopped at Options::hybrid_max_events events
  IntegratorFailed,     // the step size underflowed
  IntegratorLimit,      // kHybridMaxIntegratorSteps integrator steps in one reported step
  InconsistentContacts, // no active set agreed with its dynamics
  ImpactFailed,         // an impact's LCP found no certified answer
  Unsupported,          // beyond the method: an articulation it does not move, a stack
};

// An active contact at the end of the step, with its force and mode.
struct HybridContactReport {
  HybridContactPoint point;
  HybridContactMode mode = HybridContactMode::Stick;
  double normal_force = 0;                  // lambda_n [N]
  Vec3 friction_force = Vec3::Zero();       // world [N]
  double friction_coefficient = 0;          // mu of its mode
  double normal_velocity = 0;               // [m/s]
  Vec3 tangential_velocity = Vec3::Zero();  // world [m/s]
};

// An active joint limit at the end of the step, with its force.
struct HybridLimitReport {
  int articulation = -1;
  int link = -1;
  double sign = 1;   // +1 the lower limit, -1 the upper
  double force = 0;  // lambda_l [N m or N], >= 0, pushing the joint off the bound
};

// A joint's Coulomb friction at the end of the step, with its mode and torque.
struct HybridJointFrictionReport {
  int articulation = -1;
  int link = -1;
  bool sticking = true;
  double torque = 0;  // [N m or N]: lambda_j while it sticks, -c s while it slides
};

struct HybridStepResult {
  HybridOutcome outcome = HybridOutcome::Completed;
  std::string detail;   // why it ended early, in words
  double reached = 0;   // the time the bodies' state is at [s]
  int integrator_steps = 0;
  int guard_evaluations = 0;
  std::vector<HybridEvent> events;
  std::vector<HybridContactReport> contacts;
  std::vector<HybridLimitReport> limits;
  std::vector<HybridJointFrictionReport> joint_frictions;
};

// A step refused before anything moved: the state stays at `time`; `detail` says why.
inline HybridStepResult unsupported_step(double time, std::string detail) {
  HybridStepResult result;
  result.outcome = HybridOutcome::Unsupported;
  result.detail = std::move(detail);
  result.reached = time;
  return result;
}

// (state at `time`: the bodies', and q, q_dot of each articulation) => the state at
// time + options.time_step (or where it stopped). `applied` (a drag's wrench, taken at
// the step's start) acts on its body, unchanged, through the whole step, beside
// gravity: on a free body as its wrench, on a tree's link as J_x(q)^T (F, tau) in its
// tree's joints (J_x at the state reached, as the link turns).
// The articulations' motors follow their states' set points (target_position,
// target_velocity), held through the step; each motor_effort is left at its torque at
// the state reached.
HybridStepResult advance_hybrid(const Model& model, const Options& options, double time, std::vector<Vec3>& position,
                                std::vector<Quat>& orientation, std::vector<Vec3>& linear_velocity,
                                std::vector<Vec3>& angular_velocity, std::vector<ArticulationState>& articulations,
                                const BodyWrench& applied = {});

}  // namespace contactlab
