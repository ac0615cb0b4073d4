// Pang's convex quasi-static time stepping (seed 003), posed in the form every
// velocity-level formulation shares.
//
// Seed 003 replaces F = m a by force balance, sum F = 0, and makes the state q
// alone. Each step solves, for the displacement dq = q^{l+1} - q^l,
//   min_dq  1/2 dq^T Q dq + b^T dq
//   s.t.    phi_c + (n_c + mu_c d_j)^T dq >= 0        (Anitescu's friction rows)
// with
//   Q = blockdiag(eps_q M_u / h, h K_a),
//   b = -[h tau_u ; h K_a (q_a,cmd - q_a)].
// Its KKT conditions are the force balance of every coordinate at q^{l+1},
//   Q dq + b = J^T lambda:
//   unactuated (objects):     tau_u + J_u^T lambda / h = (eps_q M_u / h^2) dq,
//   actuated (the robot):     K_a (q_a,cmd - q_a^{l+1}) + J_a^T lambda / h = 0,
// the robot following its commanded positions through springs of zero rest length,
// as an impedance-controlled arm does (seed 003: the IIWA in joint-impedance mode,
// M v' + C v + K_q (q - q_cmd) = tau_ext at rest).
//
// The velocity form. With v = dq / h the objective divided by h is
//   1/2 (v - v_q)^T M_q (v - v_q) + const,   M_q = h Q,   M_q v_q = -b,
// the objective of the convex solver (convex_island.h) and of seed 002's LCP with
// M_q in place of M and v_q in place of v_free. The scale h makes their multipliers
// the seed's lambda: M_q (v - v_q) = H^T beta is h Q dq / h + b = J^T beta, so beta =
// lambda, an impulse [N s], and the recorded forces beta / h are Newtons. Per
// coordinate:
//   unactuated: M_q = eps_q M_uu,  v_q = h (eps_q M_uu)^-1 tau_u,
//   actuated:   M_q = h^2 K,       v_q = (q_cmd - q) / h,
// so an object moves as a body of mass eps_q M that starts every step at rest (its
// velocity is not carried over), and a joint moves to its set point unless a
// contact pushes back; the actuated row is the implicit PD law of
// control/pd_controller.h with no inertia and no damping.
//
// Which coordinates are which. An actuated coordinate is a revolute or prismatic
// joint with an actuator of stiffness K_p > 0: the actuator's stiffness is the
// impedance K. Everything else is unactuated: free bodies, free joints, passive
// joints and joints whose actuator has no stiffness. The robot is gravity-
// compensated by its impedance controller (seed 003): gravity acts on unactuated
// coordinates only, and also not on the follower of a coupling (part of the
// mechanism its leader's controller compensates). Actuator damping, effort limits
// and viscous joint friction play no part in force balance. Coulomb joint friction
// does, as the step's joint friction rows (contact/contact_rows.h): their impulse
// |tau| <= c h is the force |tau / h| <= c in the balance, so a joint stays where the
// other forces on it stay below c. Couplings keep their bilateral
// rows (seed 002 eqs. 7-8, 16-17), eliminated as in articulation_motion.h.
//
// eps_q (Options::quasistatic_mass_scale) is the fraction of the inertia kept. An
// unbalanced force F moves an object at v = h F / (eps_q m): eps_q m / h acts as a
// viscous drag [N s/m], so small eps_q is closer to force balance, while
// h^2 |g| / eps_q, how far an object at rest drops in its first unsupported step,
// should stay below the contact margin (later steps are within the detection's
// allowance for the last step's speed, contact_detection.h). eps_q = 1 is the
// quasi-dynamic model (the object's true mass, its velocity reset every step).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/options.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"

namespace contactlab {

// A free body's quasi-static objective as (M_q^-1, v_q): min 1/2 (v - v_q)^T M_q (v - v_q),
// M_q = eps_q M (at the given orientation), v_q = h M_q^-1 (m g, 0).
void quasistatic_free_body(const Body& body, const Options& options, const Quat& orientation,
                           InverseMass& inverse_mass, Vec6& free_velocity);

// An articulation's quasi-static objective, in motion.free_velocity (v_q) and
// motion.inverse_mass (M_q^-1 with the couplings eliminated), and the springs as
// motion.motor_terms, so the recorded motor effort is K (q_cmd - q^{l+1}). Fails,
// naming the articulation, when eps_q M_uu or a coupling's Gram matrix is singular.
Status quasistatic_articulation_motion(const Articulation& articulation, const Options& options,
                                       const ArticulationState& state,
                                       ArticulationMotionWorkspace& workspace,
                                       ArticulationMotion& motion);

// Pure force balance (Options::quasistatic_model "pure", quasistatic_pure.h) keeps no
// inertia, so every coordinate of an articulation must be held by an impedance or
// driven through a prescribed motion: fails naming the first joint that is neither (a
// passive joint, a free joint, a coupling's follower). A driven joint keeps the
// regulariser eps_q M on its own coordinate, which moves nothing (its rate is imposed)
// but adds eps_q M_jj qdot_ref / h to the effort reported for it.
Status pure_balance_supported(const Articulation& articulation);

// True for a coordinate the quasi-static model treats as actuated: a revolute or
// prismatic joint with an actuator of positive stiffness.
bool quasistatic_actuated(const Articulation& articulation, int link);

// Per velocity coordinate: the impedance K of an actuated coordinate, or 0 for an
// unactuated one; and whether gravity acts on it.
void classify_coordinates(const Articulation& articulation, std::vector<double>& stiffness,
                          std::vector<char>& feels_gravity);

}  // namespace contactlab
