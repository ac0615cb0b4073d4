// The impact as a linear complementarity problem: contacts only push.
//
// Seed 004: "If lambda is restricted to a friction cone, as in Coulomb friction, in
// general we have to solve an optimization". The law posed here is Newton's normal law
// with unilateral impulses and Coulomb's cone with maximal dissipation on the
// post-impact slip, as one LCP (seed 002 eq. 21's form, velocities for impulses):
//
//   P_n >= 0   _|_   n q_dot+ + e n q_dot- >= 0                      (normal)
//   beta_j >= 0 _|_  gamma + d_j q_dot+ >= 0, j = 1..4                (friction)
//   gamma >= 0  _|_  mu P_n - sum_j beta_j >= 0                        (cone)
//   q_dot+ = q_dot- + M^-1 (n^T P_n + sum_j d_j^T beta_j + B^T P_b),  B q_dot+ = 0
//
// (Stewart and Trinkle's linearised cone, seed 002 eqs. 10-13, with h lambda the
// impulse). A contact whose impulse would pull separates instead (P_n = 0, n q_dot+ >=
// -e n q_dot-). B are the bilateral rows (couplings, loop closures), eliminated before
// the LCP by M^-1 -> M^-1 - M^-1 B^T (B M^-1 B^T)^# B M^-1 (the seed's pseudoinverse,
// so dependent rows are fine). Joint limits are frictionless unilateral rows.
//
// The four directions d_j = +-a, +-a_perp (in the contact's tangent plane) are turned
// until a lies along the friction impulse: along -(t q_dot+) where the contact slides
// after the impact, along P_t where it sticks. There the pyramid's edge meets the
// circular cone, so the answer is Coulomb's with the exact cone |P_t| <= mu P_n and
// P_t against the slip (at most kImpactConeTurns solves, else the last pyramid's answer;
// a sphere's contact settles at the first).
//
// Energy, T = 1/2 q_dot^T M q_dot: with dq = q_dot+ - q_dot- and M dq = the impulses'
// generalised force, T+ - T- = -1/2 dq^T M dq + q_dot+^T M dq
//   = -1/2 |dq|_M^2 + sum P_n n q_dot+ + sum P_t . v_t+  (B q_dot+ = 0),
// where P_n n q_dot+ = -e P_n n q_dot- and P_t . v_t+ = -gamma mu P_n <= 0. With e = 0
// (a plastic impact) it never gains energy. With e > 0 and friction on rows that
// couple normal and tangent speeds Newton's kinematic law can gain energy (Kane's
// paradox); when it would, or when Newton's law has no answer (a body jammed between
// two contacts, one closing with e > 0), the impact is solved again with e = 0 at
// every contact, whose LCP always has one (Anitescu and Potra), so no impact gains
// energy (to rounding).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "formulation/impact_reset_map.h"

namespace contactlab {

// Solves of the turned pyramid at most.
inline constexpr int kImpactConeTurns = 12;

// (M^-1, rows, q_dot-) => q_dot+ by the LCP above; `with_friction` false poses every
// row frictionless (ImpactFriction::Frictionless).
ImpactResult solve_impact_lcp(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                              bool with_friction, const Eigen::VectorXd& velocity_before);

}  // namespace contactlab
