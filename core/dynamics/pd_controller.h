// Per-joint PD control with a torque limit (seed 002 §5: "simple PD controllers ...
// Given a joint position set point from the trajectory, the controller for that joint
// determines the current error from that position and computes a joint force using
// gains"; §6: "the maximum joint torques for the two finger joints were each set to
// half the value of the thumb joint").
//
// Explicit law, added to k (seed 002 §4 step 7):
//   tau = clamp(Kp (q_ref - q) + Kd (qd_ref - qd) + tau_ff, -tau_max, tau_max).
// For a revolute joint tau is a torque [N m] about the axis, for a prismatic joint a
// force [N] along it; it acts on the child body and, opposite, on the parent.
//
// Implicit law. The step solves M (v' - v) = h (tau + ...), so an explicit stiff PD
// is unstable once h sqrt(Kp / m) exceeds about 2 (m the joint's effective inertia);
// at h = 2.5 ms that is Kp > 6.4e5 m. Evaluating tau at the new velocity v' and at the
// position reached with it, q + h v',
//   tau' = Kp (q_ref - q - h v') + Kd (qd_ref - v') + tau_ff,
// and moving the v' terms to the left gives
//   (M + (h Kd + h^2 Kp) 1_j 1_j^T) v' = M v + h (Kp (q_ref - q) + Kd qd_ref + tau_ff) + ...
// where 1_j 1_j^T puts the term on joint j's diagonal entry (in generalised coordinates;
// with maximal coordinates, as in GraspIt, add (h Kd + h^2 Kp) J^T J with J the row
// that maps body velocities to the joint rate). This is the standard implicit
// (backward-Euler) treatment of a spring-damper, known in character control as
// "stable PD" (Tan, Liu & Turk, IEEE CG&A 2011); it is not an equation of the seed.
// A unit mass driven by it is stable for every h sqrt(Kp / m). Since q + h v' is the
// position at the end of the step, the set point is best sampled there, at t + h: a
// joint that tracks a moving reference exactly then feels no torque.
//
// Clamping in the implicit form. The estimate is tau' at v' = qd (the velocity kept),
//   tau_est = Kp (q_ref - q - h qd) + Kd (qd_ref - qd) + tau_ff,
// and the realised torque is tau' = tau_est - (h Kp + Kd) (v' - qd). When |tau_est| >
// tau_max the joint gets the constant clamp(tau_est) = +-tau_max for this step (no
// diagonal term), since a linear implicit term cannot be clamped inside a linear solve.
// - A joint that the step leaves at its velocity, e.g. a finger held still by a contact
//   (qd = v' = 0), gets exactly tau_est: a finger resting on an object presses with at
//   most tau_max (seed 002 §6).
// - A free joint of inertia m gets m / (m + h Kd + h^2 Kp) tau_est, less than tau_est.
// - A stiff PD far from its set point is saturated nearly all the time and swings
//   under +-tau_max like a relay, as the continuous saturated PD does; the swings decay
//   faster than in continuous time (unit mass from 1 rad, tau_max = 5 N m,
//   h sqrt(Kp / m) = 10, critical damping: by 1.6% per half swing against 0.3%) and it
//   settles. Reference trajectories keep the tracking error small, so in use the clamp
//   engages on contact; an exact treatment would make tau a row bounded by +-tau_max
//   in the contact solve.
// implicit_pd_torque gives the realised torque once the solve has found v'.
#pragma once

#include <limits>

#include "base/status.h"

namespace contactlab {

struct PdGains {
  double stiffness = 0;  // Kp [N m / rad] or [N / m], >= 0
  double damping = 0;    // Kd [N m s / rad] or [N s / m], >= 0
  // tau_max [N m] or [N], > 0; +infinity for an actuator without a limit.
  double max_torque = std::numeric_limits<double>::infinity();
};

// Checks the ranges above; the message names the field.
Status validate_pd_gains(const PdGains& gains);

// What the joint should do: q_ref, qd_ref from the trajectory, plus a feed-forward
// torque tau_ff (e.g. gravity compensation).
struct PdSetPoint {
  double position = 0;      // q_ref [rad] or [m]
  double velocity = 0;      // qd_ref [rad/s] or [m/s]
  double feed_forward = 0;  // tau_ff [N m] or [N]
};

struct PdTorque {
  double torque = 0;       // tau, within [-tau_max, tau_max]
  bool saturated = false;  // the unclamped law exceeded tau_max in magnitude
};

// (gains, set point, q, qd) => explicit tau.
PdTorque pd_torque(const PdGains& gains, const PdSetPoint& set_point, double position,
                   double velocity);

// The implicit law's contribution to one joint's row of the velocity step.
struct ImplicitPdTerms {
  double diagonal = 0;  // h Kd + h^2 Kp, added to M's diagonal [kg m^2] (0 when saturated)
  double impulse = 0;   // h (Kp (q_ref - q) + Kd qd_ref + tau_ff), or h clamp(tau_est) [N m s]
  bool saturated = false;  // |tau_est| > tau_max
};

// (gains, set point, q, qd, h) => terms for (M + diagonal) v' = M v + impulse + ...
ImplicitPdTerms implicit_pd_terms(const PdGains& gains, const PdSetPoint& set_point,
                                  double position, double velocity, double time_step);

// Seed 002's step as written (Options::position_update "seed_002", step 7): the
// explicit law at (q^l, qd^l) accumulated in k, as terms of the same form: no diagonal,
// impulse h tau(q^l, qd^l). Unstable for a stiff joint once h sqrt(Kp / m) > 2.
ImplicitPdTerms explicit_pd_terms(const PdGains& gains, const PdSetPoint& set_point,
                                  double position, double velocity, double time_step);

// The torque the implicit law applied once the step has found v':
// (impulse - diagonal v') / h.
double implicit_pd_torque(const ImplicitPdTerms& terms, double time_step, double new_velocity);

}  // namespace contactlab
