// The polyhedral friction cone's extreme rays as unknowns: the parameterisation the
// convex formulation (Anitescu) and the soft formulation's pyramidal cone (Todorov)
// share (seed 004, "Anitescu's convex formulation": the rows of J_beta are n + mu d_i).
//
// Unknowns z = [beta; c_l]:
//   beta_cj >= 0  the impulse [N s] along ray j of contact c, n_c + mu_c d_j, at index
//                 c u + j (u = rows.friction_edges, d_j = cos_j t1 + sin_j t2 as in
//                 seed 002 eq. 4);
//   c_l >= 0      the impulse along joint-limit row l (seed 002 eq. 9), at k u + l;
//   tau_f         the impulse of joint friction row f (seed 002 eq. 14 as a bound,
//                 contact_rows.h), at k u + L + f, boxed: |tau_f| <= c h. Its bound
//                 needs no normal force, so it enters Anitescu's and Todorov's
//                 problems as it is, without relaxation: their dual is the QP over
//                 z_beta, c_l >= 0 and the box.
//   p_s,t         the impulse [N s] of torsion row t (a contact with torsional
//                 friction: its moment about n is mu_t p_s, contact_rows.h), at
//                 k u + L + F + t, bounded by |p_s,t| <= sum_j beta_cj for its contact
//                 c: a constraint coupling it to the rays, which the problems take as
//                 torsion_lcp.h states (absent without torsional friction).
// Joint row r (a limit, or friction row r - L) is unknown k u + r.
// In contact c's frame (n, t1, t2) ray j reads e_cj = (1, mu_c cos_j, mu_c sin_j), so
// the contact's frame impulse is E_c beta_c = (sum_j beta_cj, mu_c sum_j beta_cj cos_j,
// mu_c sum_j beta_cj sin_j), and the Gram matrix J_beta M^-1 J_beta^T has the entries
// e_ci^T W_ce e_ej from the frame blocks W_ce of contact_rows.h: (u x u) numbers from 9.
#pragma once

#include <Eigen/Core>

#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "formulation/island_impulses.h"

namespace contactlab {

// k u + L + F + T.
inline int edge_unknown_count(const IslandRows& rows) {
  return rows.contact_count * rows.friction_edges + rows.joint_row_count() + rows.torsion_count;
}

// k u + L: the first joint friction unknown.
inline int edge_friction_unknown(const IslandRows& rows) {
  return rows.contact_count * rows.friction_edges + rows.limit_count;
}

// k u + L + F: the first torsion unknown.
inline int edge_torsion_unknown(const IslandRows& rows) {
  return rows.contact_count * rows.friction_edges + rows.joint_row_count();
}

// e_cj in contact c's frame.
inline Vec3 edge_ray(const IslandRows& rows, int c, int j) {
  const double mu = rows.friction_coefficient[c];
  return Vec3(1, mu * rows.edge_cos[j], mu * rows.edge_sin[j]);
}

// The Gram matrix J_beta M^-1 J_beta^T over all unknowns (square, edge_unknown_count),
// contact pair by contact pair; pairs that share no member are zero.
void build_edge_gram(const IslandRows& rows, Eigen::MatrixXd& gram);

// The diagonal of that matrix alone: e_cj^T W_cc e_cj, l^T M^-1 l and s^T M^-1 s.
void edge_gram_diagonal(const IslandRows& rows, Eigen::VectorXd& diagonal);

// The velocity along each unknown's row for an island velocity: (n_c + mu_c d_j)^T v
// for a ray, sign q_dot_j for a limit, q_dot_j for a joint friction row, s^T v for a
// torsion row.
void edge_row_velocities(const IslandRows& rows, const Eigen::VectorXd& velocity,
                         Eigen::VectorXd& out);

// z => per contact (c_n, c_t1, c_t2) = E_c beta_c and its torsion row's p_s, per limit c_l,
// per joint friction row tau_f.
void edge_impulses(const IslandRows& rows, const Eigen::VectorXd& z, IslandImpulses& impulses);

// velocity += M^-1 H (impulses): every contact's frame impulse and moment, every
// limit's and every joint friction row's.
void apply_island_impulses(const IslandRows& rows, const IslandImpulses& impulses,
                           Eigen::VectorXd& velocity);

}  // namespace contactlab
