// Torsion rows (contact/contact_rows.h) in an LCP, whose unknowns must be >= 0. A
// contact's moment about its normal, tau_n = mu_t p_s with |p_s| <= c_n, is split as
// seed 002 eqs. (5)-(6) split the friction directions, for the pair of angular columns
// +s, -s added to D (seed 002 §2.1: torsional friction "by modifying the columns of D",
// each scaled by mu_t as contact_rows.h keeps them), with a lambda of their own:
//
//   p_s = p+ - p-,
//   w+      =  mu_t s^T v^{l+1} + sigma >= 0   _|_  p+    >= 0   (eq. 5, direction +s)
//   w-      = -mu_t s^T v^{l+1} + sigma >= 0   _|_  p-    >= 0   (eq. 5, direction -s)
//   w_sigma =  c_n - p+ - p- >= 0              _|_  sigma >= 0   (eq. 6: e^T beta <= mu c_n
//                                                                  for the pair, mu_t in the columns)
//
// sigma is mu_t |s^T v^{l+1}|, the slip speed the spin makes at the distance mu_t [m/s]:
// where it is 0 the contact does not spin and |tau_n| <= mu_t c_n; where it is positive
// the moment is at its bound and opposes the spin (maximal dissipation). With a lambda of
// its own the pair's bound is apart from the Coulomb pyramid's, e^T beta <= mu c_n: force
// and moment may both reach their bounds (the soft-finger cone as the product of the two).
//
// The cone-edge problems (convex, soft; cone_edge_problem.h) have no c_n of their own:
// it is the sum of the contact's ray impulses, sum_j beta_cj. Theirs is the split of the
// KKT conditions of their QP over beta >= 0, p+, p- >= 0 and sum_j beta_cj - p+ - p- >= 0:
// the same w+, w- and w_sigma, and -sigma in every ray's row,
//   (n + mu d_j)^T v' - target - sigma >= 0  _|_  beta_cj >= 0,
// i.e. (n + mu d_j)^T v' >= target + mu_t |s^T v'|: Anitescu's relaxation of the product
// cone, whose 2 u extreme rays are n + mu d_j +- mu_t s (a contact that spins hovers by
// h mu_t |s^T v'|, as one that slides hovers by h mu |v_t|). The coupling is skew, so the
// matrix stays positive semidefinite and Lemke solves it.
//
// Layout: the problem's other unknowns first, then p+ (T), p- (T), sigma (T).
#pragma once

#include <Eigen/Core>

#include "contact/contact_rows.h"

namespace contactlab {

// (matrix and offset over the first `first + T` unknowns, the last T of them p+, with
// contact c's c_n at index c) => the p- and sigma rows and columns of seed 002's LCP.
// `matrix` must be square of size first + 3T; the p+ rows and columns as torsion row
// t's (scaled) spin row s_t (offset: at v_free, target 0).
void split_torsion_lcp(const IslandRows& rows, int first, Eigen::Ref<Eigen::MatrixXd> matrix,
                       Eigen::VectorXd& offset);

// The same for the cone-edge problem, with contact c's rays at c u + j.
void split_torsion_edge_lcp(const IslandRows& rows, int first, Eigen::Ref<Eigen::MatrixXd> matrix,
                            Eigen::VectorXd& offset);

// p_s = p+ - p- of torsion row t, with p+ at z[first + t] (the moment is mu_t p_s).
inline double torsion_impulse(const IslandRows& rows, const Eigen::VectorXd& z, int first, int t) {
  return z[first + t] - z[first + rows.torsion_count + t];
}

}  // namespace contactlab
