// Joint friction rows (contact/contact_rows.h) in an LCP, whose unknowns must be
// >= 0: each bounded impulse tau in [-b, b], b = c h, is split as seed 002 eqs. (5)-(6)
// split one friction direction pair, with the constant b in place of mu c_n:
//
//   tau = tau+ - tau-,
//   w+      =  qdot_j^{l+1} + sigma >= 0   _|_  tau+  >= 0      (eq. 5, direction +e_j)
//   w-      = -qdot_j^{l+1} + sigma >= 0   _|_  tau-  >= 0      (eq. 5, direction -e_j)
//   w_sigma =  b - tau+ - tau-      >= 0   _|_  sigma >= 0      (eq. 6)
//
// sigma is the joint's slip speed |qdot_j^{l+1}|: where it is 0 the joint sticks with
// |tau| <= b; where it is positive the bound is reached and tau opposes the motion.
// The added block [A, -A, 1; -A, A, 1; -1, -1, 0] is positive semidefinite (A = e_j^T
// M^-1 e_j, the skew part drops out), so the LCP stays one Lemke solves whenever the
// rest of it is solvable.
//
// Layout: the problem's other unknowns first, then tau+ (F), tau- (F), sigma (F).
// The torsion rows of contacts with torsional friction are split the same way, with
// mu_t c_n in place of b (torsion_lcp.h).
#pragma once

#include <Eigen/Core>

#include "contact/contact_rows.h"

namespace contactlab {

// The split shared by every bounded pair: with `count` unknowns tau+ at [first, first +
// count), filled against [0, first + count) in `matrix` and `offset`, writes the tau-
// rows and columns (tau+'s negated: the direction reversed) and the sigma rows and
// columns: +1 in w+ and w- (eq. 5), -tau+ - tau- in w_sigma (eq. 6), whose bound, 0
// here, the caller then writes. `matrix` must be square of size first + 3 count.
void split_bounded_pairs(int first, int count, Eigen::Ref<Eigen::MatrixXd> matrix, Eigen::VectorXd& offset);

// (matrix and offset over the first `first + F` unknowns, the last F of them tau+)
// => the tau- and sigma rows and columns. `matrix` must be square of size first + 3F
// and `offset` of that size; the block [0, first + F) of both must be filled already,
// the tau+ rows and columns as joint friction row f's velocity qdot_j (offset: at
// v_free, target 0). Writes every entry of the tau- and sigma rows and columns.
void split_joint_friction(const IslandRows& rows, int first, Eigen::Ref<Eigen::MatrixXd> matrix,
                          Eigen::VectorXd& offset);

// tau = tau+ - tau- of joint friction row f, with tau+ at z[first + f].
inline double joint_friction_impulse(const IslandRows& rows, const Eigen::VectorXd& z, int first,
                                     int f) {
  return z[first + f] - z[first + rows.joint_friction_count + f];
}

}  // namespace contactlab
