// Compliant contact integrated with error control (options.compliant_integration
// error_controlled). Seed 004, "Compliant Contact Models": stiff contact springs make
// "stiff differential equations", and "by virtue of being a continuous-time model it can
// be simulated with error-controlled integrators". Instead of n explicit substeps of
// h / n (compliant_island.h), the free bodies' state y = [p, quaternion, v, w] per body
// (hybrid_bodies.h's slots) follows the ODE
//
//   p' = v,  q' = 1/2 (0, w) q,  m v' = m g + F,  I w' = -w x (I w) + tau   (world)
//
// with (F, tau) = J^T f(y) the compliant forces (compliant_contact_force.h) of the
// contact points the narrow phase finds at y, and is integrated over each reported step
// [t, t + h] by Dormand and Prince's 5(4) pair (dynamics/dormand_prince.h, which the
// hybrid formulation integrates with too) to options.compliant_relative_tolerance and
// compliant_absolute_tolerance: the step shrinks where the force has its kinks (touch,
// separation, the damper's clip) and where the spring is stiff, and grows in flight.
//
// Never a hang: the reported step ends early, with its status, after
// options.compliant_max_integrator_steps accepted steps (IntegratorLimit), or when the
// step size falls below kCompliantMinStepSize or the state turns non-finite
// (IntegratorFailed); the bodies keep the state reached. Free bodies only: a scene with
// articulations or anisotropic friction is Unsupported (their rows are the substepped
// pipeline's).
#pragma once

#include <vector>

#include "base/math_types.h"
#include "base/options.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"
#include "formulation/hybrid_advance.h"

namespace contactlab {

constexpr double kCompliantMinStepSize = 1e-13;  // [s]

// (state at `time`) => the state at time + options.time_step (or where it stopped), each
// contact's force at the end in result.contacts. `applied` (a drag's wrench) acts on its
// body unchanged through the step.
HybridStepResult advance_compliant_adaptive(const Model& model, const Options& options, double time,
                                            std::vector<Vec3>& position, std::vector<Quat>& orientation,
                                            std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity,
                                            std::vector<ArticulationState>& articulations, const BodyWrench& applied);

}  // namespace contactlab
