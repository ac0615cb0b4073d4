// The island's contact problem as the pure LCP of seed 002 eq. (21).
//
// Eq. (18) without joint rows, with unknowns z = [c_n; beta; lambda] and
// a = M v^l + h k, so that M^-1 a = v_free (the unconstrained velocity of eq. 15):
//
//   w = (G + N) z + g >= 0,   z >= 0,   z^T w = 0,   with
//   G = [H^T M^-1 H, 0; 0, 0],   H = [n~, D~]
//   N = [0 0 0; 0 0 E~; mu~ -E~^T 0]
//   g = [n~^T v_free - eps_n;  D~^T v_free;  0]
//
// rows: rho   = n~^T v^{l+1} - eps_n            (eq. 3, with eq. 19's correction)
//       sigma = D~^T v^{l+1} + E~ lambda        (eq. 5)
//       zeta  = mu~ c_n - E~^T beta              (eq. 6)
// and v^{l+1} = v_free + M^-1 H z (eq. 20's first row). With no joint rows J~ the
// elimination terms of eq. (21) vanish.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "contact_rows.h"
#include "lemke.h"

namespace contactlab {

struct ContactLcp {
  Eigen::MatrixXd matrix;  // G + N
  Eigen::VectorXd offset;  // g
};

// (rows, v_free) => (G + N, g)
void build_contact_lcp(const IslandRows& rows, const std::vector<Vec6>& free_velocity,
                       ContactLcp& lcp);

// The frictionless problem (normal rows only): its matrix n~^T M^-1 n~ is positive
// semidefinite, the fallback when the frictional LCP has no answer.
void build_frictionless_lcp(const IslandRows& rows, const std::vector<Vec6>& free_velocity,
                            ContactLcp& lcp);

// Contact c's impulse in its frame (n, t1, t2): (c_n, sum_j beta_j cos_j, sum_j beta_j sin_j),
// or (c_n, 0, 0) for the frictionless problem.
Vec3 frame_impulse(const IslandRows& rows, const Eigen::VectorXd& z, int contact, bool with_friction);

// v^{l+1} = v_free + M^-1 H z (eq. 20's first row).
void apply_impulses(const IslandRows& rows, const Eigen::VectorXd& z, bool with_friction,
                    std::vector<Vec6>& velocity);

}  // namespace contactlab
