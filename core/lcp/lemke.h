// Lemke's complementary pivoting algorithm for the linear complementarity problem
//
//   find z  such that  w = M z + q >= 0,  z >= 0,  z^T w = 0          (seed 002 eq. 21)
//
// with a lexicographic ratio test against degeneracy, a pivot limit, an optional warm
// start from a previous complementary basis, and a certificate check of every answer.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "lcp/lcp_status.h"

namespace contactlab {

struct LemkeSettings {
  int max_pivots = 0;                 // 0: a limit derived from the size (see lemke.cpp)
  double pivot_tolerance = 1e-9;      // entries below this, relative to the rounding scale
                                      // |B^-1 row|_1 |column|_inf, are not pivoted on
  double certificate_tolerance = 1e-9;  // relative to max(1, |q|_inf, sum_j |z_j| max_i |M_ij|)
  // Scan M for infinities and NaN before solving. The scan reads all n^2 entries, as
  // much as building M; a caller that assembled M from parts it has checked itself
  // may skip it. Skipped, a non-finite entry that the answer depends on still fails the
  // certificate, which requires finite z and w.
  bool check_matrix_finite = true;
  // Where the warm basis does not solve the problem as it is, take Lemke's path from it
  // (covering vector B_0 1) before the cold path from the slack basis (lemke.cpp, step
  // 2). A contact problem whose contacts changed a little since the warm basis was
  // found (a cube landing on a pile) then costs a few pivots instead of a cold path.
  bool path_from_warm_basis = false;
};

// z_is_basic[i] says whether z_i (rather than w_i) was basic in the final basis:
// pass it back as a warm start for the next, similar problem.
struct LcpSolution {
  LcpStatus status = LcpStatus::InvalidInput;
  Eigen::VectorXd z;
  Eigen::VectorXd w;
  int pivots = 0;
  bool warm_start_used = false;  // the warm basis was feasible as it was
  std::vector<char> z_is_basic;
  std::string message;  // for anything but Solved: what happened, in words
};

// How far a candidate answer is from satisfying the LCP.
struct LcpCertificate {
  double min_z = 0;              // most negative z_i (>= 0 ideally)
  double min_w = 0;              // most negative w_i
  double complementarity = 0;    // |z^T w|
  double scale = 1;              // max(1, |q|_inf, sum_j |z_j| max_i |M_ij|)
  bool valid = false;            // all within tolerance * scale
};
LcpCertificate check_lcp_certificate(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::VectorXd& q,
                                     const Eigen::VectorXd& z, double tolerance);
// The same certificate from w = M z + q and the size of the terms summed in it,
// sum_j |z_j| max_i |M_ij|, for a caller that computed them itself (a sparse M).
LcpCertificate certificate_of_answer(const Eigen::VectorXd& q, const Eigen::VectorXd& z,
                                     const Eigen::VectorXd& w, double tolerance, double term_size);
// Rounding leaves degenerate z_i at -1e-17 and the like: such values, within
// tolerance max(1, |q|_inf), become exactly 0 (impulses are never negative).
void clamp_rounding_negatives(Eigen::VectorXd& z, const Eigen::VectorXd& q, double tolerance);

// Reusable scratch so that repeated solves of a given size do not allocate.
class LemkeSolver {
 public:
  // Solves the LCP; `warm_basis` (optional, same size as q) is tried first. M's columns
  // must be stored one after the other (a MatrixXd, or a Map over a buffer).
  LcpSolution solve(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::VectorXd& q,
                    const LemkeSettings& settings,
                    const std::vector<char>* warm_basis = nullptr);

 private:
  struct Workspace;
  std::shared_ptr<Workspace> workspace_;
};

}  // namespace contactlab
