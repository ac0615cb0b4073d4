// Lemke's method for a sparse LCP, w = M z + q >= 0, z >= 0, z^T w = 0 (seed 002 eq. 21),
// for the contact problems past the dense cap (formulation/island_size.h): M is never
// formed densely, and the basis is a sparse LU with eta updates (sparse_lemke_basis.h).
// The answer meets the same certificate as lemke.h's, on the original problem.
//
// A solve tries, in order:
//  1. the warm basis (if given): its principal subsystem M_BB z_B = -q_B, solved
//     sparsely (sparse_lemke_subsystem.h); accepted, with no pivot, when its certificate
//     holds;
//  2. the path (sparse_lemke_path.h) on q with its ties broken,
//     q_i + delta (1 + i / n) max(1, |q|_inf) (the path has no lexicographic rule, and
//     contact problems are degenerate on a massive scale: the four loaded corners of a
//     face, friction rows whose q is zero): from the warm basis (covering vector B_0 1)
//     where there is one, first on q as it is (delta = 0: its end needs no restart, step
//     3, where a tie break's degenerate zeros of about delta miss the certificate), then
//     with delta = 1e-8; then from the slack basis with delta = 1e-8, 1e-6 and 0;
//     the problem scaled by powers of two (exact) so that its tolerances act on numbers
//     of order one;
//  3. each path's final basis solved afresh on the original q; where that misses the
//     certificate, the path taken again on the original q from that basis, its
//     feasibility decisions capped at a tenth of the answer's allowance, and its basis
//     solved afresh in turn (as lemke.cpp's step 3); a final basis this solve already
//     restarted from in vain is passed over (both would fail again, pivot for pivot);
//  4. where none of those is certified, the island has at most 2500 unknowns and not
//     every path from the slack basis cycled (the dense path cycles on those too), the
//     dense method (lemke.h), whose ratio test is lexicographic over the rows of its
//     explicit inverse, on M formed densely (every entry the sparse one's). On bin_pile
//     (islands of some 2000 unknowns) the paths above end, in a few steps, certified by
//     none of their restarts (cycling, the pivot limit, rays from the restarted bases)
//     where the dense method's path is (docs/performance.md, "Every step of bin_pile
//     certified in lcp"). Its n x n matrices (some 200 MB at the limit) are given back
//     after the solve; only its exact answers count, not its regularised ones.
// The first answer that passes the certificate (lemke.h: 1e-9 of max(1, |q|_inf,
// sum_j |z_j| max_i |M_ij|)) on the original (M, q) is returned; there is no
// regularised answer. A solve runs at most 10 sparse paths, then the dense method's.
#pragma once

#include <memory>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "lcp/lemke.h"

namespace contactlab {

// The certificate of lemke.h for a sparse M.
LcpCertificate check_sparse_lcp_certificate(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                                            const Eigen::VectorXd& z, double tolerance);

class SparseLemkeSolver {
 public:
  // As LemkeSolver::solve, for a sparse M (settings.check_matrix_finite scans its
  // stored entries).
  LcpSolution solve(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                    const LemkeSettings& settings, const std::vector<char>* warm_basis = nullptr);

 private:
  struct Workspace;
  std::shared_ptr<Workspace> workspace_;
};

}  // namespace contactlab
