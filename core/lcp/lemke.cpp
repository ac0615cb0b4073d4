// Lemke's method for the LCP of seed 002 eq. (21):  w = M z + q >= 0, z >= 0, z^T w = 0.
//
// A solve tries, in order:
//  1. the warm basis (if given): the principal subsystem M_BB z_B = -q_B of the basis
//     from the previous step; accepted, with no pivot, when its certificate holds;
//  1b. where LemkeSettings::path_from_warm_basis asks for it, Lemke's path from the warm
//     basis (lemke_pivoting.h's start_basis, covering vector B_0 1, its feasibility
//     decisions capped at a tenth of the answer's allowance as in 3's restart); its
//     answer is accepted when it passes the certificate, else the solve goes on with
//     the cold path. On the 20-cube pile dropping, whose islands' contacts change from
//     step to step (the warm basis carried over contact by contact,
//     formulation/lcp_basis_map.h), this takes a third of the cold paths' pivots
//     (docs/performance.md, "lcp's warm paths");
//  2. cold Lemke (covering vector e, lemke_pivoting.h), on the problem scaled by powers
//     of two; its answer is the final basis, or, where the path ended on a ray or at
//     the pivot limit, its last almost complementary point, which is accepted only if
//     it passes the certificate like any other answer;
//  3. when 2's answer fails its certificate, the path is finished on the original
//     problem: the complementary basis it ended in is solved afresh on the original q
//     (lemke_subsystem.h), and where that misses too, Lemke is run again from that
//     basis (lemke_pivoting.h's start_basis) with its feasibility decisions capped at
//     a tenth of the answer's allowance, and its end solved afresh the same way. The
//     path's own values solve B x = q + dq, where dq gathers the degenerate zeros it
//     set exactly (lemke_pivoting.h) and the Harris ratio test lets rows fall up to
//     its slack below zero: on a contact problem of a few hundred unknowns and as many
//     pivots these add up to w of -2.5e-8 and |z'w| of 3e-7 against an allowance of
//     1e-9, while the basis is right or a few pivots off (the 20-cube pile and
//     bin_pile, docs/performance.md);
//  4. when that fails too, the path on q with its ties broken, q_i + delta (1 + i / n)
//     max(1, |q|_inf) for delta = 1e-8, then 1e-6, finished on the original problem
//     as in 3: a path that cycled among degenerate ties (a brick pyramid's island)
//     meets none on the perturbed problem, and the answer is the original's, exact;
//  5. when that fails too, Lemke on M + eps I for eps = 1e-10, 1e-8, 1e-6
//     times max |M_ii| (max |M_ij| when the diagonal is zero), as GraspIt! does, each
//     path finished on the original problem as in 3, where it can be. Else a
//     regularised answer must pass its certificate on M + eps I at the requested
//     tolerance AND on the original M at the looser physics tolerance
//     max(certificate_tolerance, 1e-6); otherwise it is discarded, so a genuine ray
//     termination is never turned into a wrong "solved". Contact problems do not get
//     here: the pivoting rules of lemke_pivoting.h and 3 and 4 solve them exactly.
// Every answer is certificate-checked on the original scale before it is returned.
// LcpSolution::pivots counts the basis exchanges (z0's entry included) of the attempt
// whose answer is returned (with the restart that finished it): the one that
// succeeded, or else the cold one. A solve that fails runs at most 13 paths (1b, 2, 3's
// restart, and 4's and 5's five paths with theirs).
//
// The pivot limit, when not set, is max(100, 10 n): Lemke's path on contact problems
// takes about n pivots, and the exponential worst cases (Murty: 2^n - 1) only matter
// for tiny n.
#include "lcp/lemke.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdio>

#include "base/finite_values.h"
#include "lcp/column_kernels.h"
#include "lcp/lemke_pivoting.h"
#include "lcp/lemke_subsystem.h"

namespace contactlab {

using MatrixRef = Eigen::Ref<const Eigen::MatrixXd>;  // M, its columns one after the other

// The candidate answer of the current attempt. Not in an anonymous namespace: the
// workspace, declared in lemke.h, holds one.
struct LemkeCandidate {
  Eigen::VectorXd z;
  Eigen::VectorXd w;          // M z + q (M + eps I for a regularised attempt)
  Eigen::VectorXd unclamped;  // z before clamp_rounding_negatives
  std::vector<char> z_is_basic;
};

// max_i |M_ij| of each column j of the M being solved, formed when first asked for: a
// solve's certificates (its warm basis's, each attempt's) read the columns of the
// answer's nonzero z_j, and each attempt scales by the largest entry of M, which is the
// largest of these (a maximum of numbers >= +0, NaN passed over, is the same in any
// order, lcp/column_kernels.h), so each column is read once a solve.
class ColumnSizes {
 public:
  // For an M of n columns, none formed yet.
  void reset(Eigen::Index n) { size_.assign(static_cast<std::size_t>(n), -1.0); }
  double of(const MatrixRef& M, Eigen::Index j) {
    double& size = size_[static_cast<std::size_t>(j)];
    if (size < 0) size = max_abs(M.data() + j * M.outerStride(), static_cast<std::size_t>(M.rows()));
    return size;
  }
  // max_ij |M_ij|, the number max_abs gives over all of M's entries.
  double largest(const MatrixRef& M) {
    double result = 0;
    for (Eigen::Index j = 0; j < M.cols(); ++j) result = std::max(result, of(M, j));
    return result;
  }

 private:
  std::vector<double> size_;  // -1 until formed
};

struct LemkeSolver::Workspace {
  ColumnSizes column_sizes;  // of the M being solved
  PivotingWorkspace pivoting;
  SubsystemWorkspace subsystem;
  LemkeCandidate candidate;
  std::vector<char> restart_basis;  // the basis a path ended in, to start again from
  Eigen::VectorXd perturbed_offset;  // q with its ties broken (step 4)
};

namespace {

constexpr double kRegularisedAcceptanceTolerance = 1e-6;
constexpr double kRegularisations[] = {1e-10, 1e-8, 1e-6};
constexpr double kRestartFeasibility = 0.1;
constexpr double kTieBreaks[] = {1e-8, 1e-6};

int default_pivot_limit(int n) { return std::max(100, 10 * n); }

std::string format(const char* pattern, ...) {
  char buffer[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(buffer, sizeof(buffer), pattern, args);
  va_end(args);
  return buffer;
}

// The largest power of two <= value (value > 0), kept within [2^-500, 2^500]; scaling
// by it is exact.
double power_of_two_at_most(double value) {
  double power = 1;
  for (int e = 0; e < 500 && power > value; ++e) power *= 0.5;
  for (int e = 0; e < 500 && power * 2 <= value; ++e) power *= 2;
  return power;
}

std::size_t first_non_finite(const double* values, std::size_t count) {
  std::size_t i = 0;
  while (i < count && std::isfinite(values[i])) ++i;
  return i;
}

// w = (M + shift I) z + q, summed column by column in a fixed order. Returns the
// size of the terms summed, bounded by sum_j |z_j| max_i |(M + shift I)_ij|: rounding
// errors in w (and in a basic z) scale with it, so the certificate measures against
// it too.
double compute_w(const MatrixRef& M, double shift, const Eigen::VectorXd& q,
                 const Eigen::VectorXd& z, ColumnSizes& sizes, Eigen::VectorXd& w) {
  const Eigen::Index n = q.size();
  w = q;
  double term_size = 0;
  for (Eigen::Index j = 0; j < n; ++j) {
    const double zj = z[j];
    if (zj == 0) continue;
    const double* column = M.data() + j * M.outerStride();
    add_scaled_column(column, zj, w.data(), static_cast<std::size_t>(n));
    // The largest of |shift| and |M_ij| in any order (numbers >= +0; NaN passed over).
    const double column_size = std::max(std::abs(shift), sizes.of(M, j));
    w[j] += shift * zj;
    term_size += column_size * std::abs(zj);
  }
  return term_size;
}

// w = (M + shift I) z + q and the certificate of z, with rounding negatives clamped,
// unless the clamp alone breaks the certificate (M can amplify a -1e-10 in z into a
// -1e-9 in w): then z is kept as it was.
LcpCertificate certify(const MatrixRef& M, double shift, const Eigen::VectorXd& q,
                       double tolerance, ColumnSizes& sizes, Eigen::VectorXd& z, Eigen::VectorXd& w,
                       Eigen::VectorXd& unclamped) {
  unclamped = z;
  clamp_rounding_negatives(z, q, tolerance);
  LcpCertificate certificate = certificate_of_answer(q, z, w, tolerance, compute_w(M, shift, q, z, sizes, w));
  if (certificate.valid || unclamped == z) return certificate;
  z = unclamped;
  return certificate_of_answer(q, z, w, tolerance, compute_w(M, shift, q, z, sizes, w));
}

// The complementary basis `z_is_basic` solved afresh on (M, q) (lemke_subsystem.h):
// true, with the answer in `candidate`, when it passes the certificate.
bool solves_on_basis(const MatrixRef& M, const Eigen::VectorXd& q, const std::vector<char>& z_is_basic,
                     double tolerance, ColumnSizes& sizes, SubsystemWorkspace& subsystem,
                     LemkeCandidate& candidate) {
  return solve_principal_subsystem(M, q, z_is_basic, subsystem, candidate.z) &&
         certify(M, 0, q, tolerance, sizes, candidate.z, candidate.w, candidate.unclamped).valid;
}

std::string describe(const LcpCertificate& certificate) {
  return format("min z = %.3g, min w = %.3g, |z'w| = %.3g", certificate.min_z, certificate.min_w,
                certificate.complementarity);
}

std::string validate(const MatrixRef& M, const Eigen::VectorXd& q,
                     const LemkeSettings& settings) {
  if (M.rows() != M.cols()) {
    return format("M must be square (got %ld x %ld)", static_cast<long>(M.rows()),
                  static_cast<long>(M.cols()));
  }
  if (M.rows() != q.size()) {
    return format("q must have as many entries as M has rows (%ld, got %ld)",
                  static_cast<long>(M.rows()), static_cast<long>(q.size()));
  }
  if (M.cols() > 1 && M.outerStride() != M.rows()) {
    return format("M's columns must be stored one after the other (outer stride %ld, %ld rows)",
                  static_cast<long>(M.outerStride()), static_cast<long>(M.rows()));
  }
  const std::size_t matrix_count = static_cast<std::size_t>(M.size());
  if (settings.check_matrix_finite && !all_finite(M.data(), matrix_count)) {
    const std::size_t index = first_non_finite(M.data(), matrix_count);
    return format("M(%ld, %ld) must be a finite number", static_cast<long>(index % M.rows()),
                  static_cast<long>(index / M.rows()));
  }
  if (!all_finite(q.data(), static_cast<std::size_t>(q.size()))) {
    const std::size_t index = first_non_finite(q.data(), static_cast<std::size_t>(q.size()));
    return format("q(%ld) must be a finite number", static_cast<long>(index));
  }
  if (settings.max_pivots < 0) {
    return format("max_pivots must be >= 0 (0: automatic), got %d", settings.max_pivots);
  }
  if (!(settings.pivot_tolerance >= 0 && settings.pivot_tolerance < 1)) {
    return format("pivot_tolerance must be in [0, 1), got %g", settings.pivot_tolerance);
  }
  if (!(settings.certificate_tolerance > 0 && settings.certificate_tolerance < 1)) {
    return format("certificate_tolerance must be in (0, 1), got %g",
                  settings.certificate_tolerance);
  }
  return std::string();
}

struct Attempt {
  LcpStatus status = LcpStatus::NumericalFailure;
  int pivots = 0;
  std::string message;
  LcpCertificate certificate;  // on the problem the attempt solved (M + shift I)
  bool ended_in_basis = false;  // the candidate's z_is_basic is the basis the path ended in
};

}  // namespace

// The certificate within tolerance * max(1, |q|_inf, sum_j |z_j| max_i |M_ij|): a
// relative residual, so that an answer is judged against the size of the numbers
// that produced it (velocities of 1 m/s and impulses through a light finger's
// inverse mass of 1e5 alike).
LcpCertificate certificate_of_answer(const Eigen::VectorXd& q, const Eigen::VectorXd& z,
                                     const Eigen::VectorXd& w, double tolerance, double term_size) {
  LcpCertificate certificate;
  const Eigen::Index n = q.size();
  double q_norm = 0;
  double z_dot_w = 0;
  bool finite = true;
  for (Eigen::Index i = 0; i < n; ++i) {
    q_norm = std::max(q_norm, std::abs(q[i]));
    certificate.min_z = i == 0 ? z[i] : std::min(certificate.min_z, z[i]);
    certificate.min_w = i == 0 ? w[i] : std::min(certificate.min_w, w[i]);
    z_dot_w += z[i] * w[i];
    finite = finite && std::isfinite(z[i]) && std::isfinite(w[i]);
  }
  certificate.complementarity = std::abs(z_dot_w);
  certificate.scale = std::max({1.0, q_norm, term_size});
  const double allowed = tolerance * certificate.scale;
  certificate.valid = finite && std::isfinite(certificate.scale) && certificate.min_z >= -allowed &&
                      certificate.min_w >= -allowed && certificate.complementarity <= allowed;
  return certificate;
}

void clamp_rounding_negatives(Eigen::VectorXd& z, const Eigen::VectorXd& q, double tolerance) {
  double q_norm = 0;
  for (Eigen::Index i = 0; i < q.size(); ++i) q_norm = std::max(q_norm, std::abs(q[i]));
  const double allowed = tolerance * std::max(1.0, q_norm);
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    if (z[i] < 0 && z[i] >= -allowed) z[i] = 0;
  }
}

LcpCertificate check_lcp_certificate(const MatrixRef& M, const Eigen::VectorXd& q,
                                     const Eigen::VectorXd& z, double tolerance) {
  if (M.rows() != q.size() || M.cols() != q.size() || z.size() != q.size()) return LcpCertificate();
  Eigen::VectorXd w;
  ColumnSizes sizes;
  sizes.reset(M.cols());
  return certificate_of_answer(q, z, w, tolerance, compute_w(M, 0, q, z, sizes, w));
}

namespace {

// Lemke on M + shift I from the slack basis, or from `start` (lemke_pivoting.h); on
// Solved, `candidate` holds the answer.
Attempt run_attempt(const MatrixRef& M, const Eigen::VectorXd& q, double shift,
                    const LemkeSettings& settings, int max_pivots, const std::vector<char>* start,
                    ColumnSizes& sizes, PivotingWorkspace& workspace, LemkeCandidate& candidate) {
  const int n = static_cast<int>(q.size());
  const double matrix_largest = std::max(sizes.largest(M), shift);
  const double offset_largest = max_abs(q.data(), static_cast<std::size_t>(n));
  const double matrix_unit = matrix_largest > 0 ? power_of_two_at_most(matrix_largest) : 1.0;
  const double offset_unit = offset_largest > 0 ? power_of_two_at_most(offset_largest) : 1.0;
  ScaledLcp lcp;
  lcp.matrix = M.data();
  lcp.offset = q.data();
  lcp.size = n;
  lcp.matrix_scale = 1 / matrix_unit;
  lcp.offset_scale = 1 / offset_unit;
  lcp.diagonal_shift = shift / matrix_unit;
  PivotingSettings pivoting;
  pivoting.max_pivots = max_pivots;
  pivoting.pivot_tolerance = settings.pivot_tolerance;
  pivoting.start_basis = start;
  // The certificate's allowance for w, tolerance max(1, |q|_inf), on the scale of q_s.
  pivoting.answer_tolerance =
      settings.certificate_tolerance * std::max(1.0, offset_largest) / offset_unit;
  // A restart resolves degenerate rows to a tenth of the answer's allowance.
  if (start != nullptr) pivoting.feasibility_cap = kRestartFeasibility * pivoting.answer_tolerance;

  Attempt attempt;
  const PivotingEnd end = run_lemke_pivoting(lcp, pivoting, workspace, attempt.pivots);
  if (end == PivotingEnd::NumericalFailure) {
    attempt.status = LcpStatus::NumericalFailure;
    attempt.message =
        format("numerical failure: non-finite values after %d pivots", attempt.pivots);
    return attempt;
  }
  // M_s z_s + q_s = offset_scale (M z + q) with z = z_s * offset_unit / matrix_unit.
  const double unscale = offset_unit / matrix_unit;
  Eigen::VectorXd& z = candidate.z;
  z.resize(n);
  for (int i = 0; i < n; ++i) z[i] = workspace.z[i] * unscale;
  candidate.z_is_basic.assign(workspace.z_is_basic.begin(), workspace.z_is_basic.begin() + n);
  attempt.ended_in_basis = true;
  attempt.certificate = certify(M, shift, q, settings.certificate_tolerance, sizes, z, candidate.w,
                                candidate.unclamped);
  if (attempt.certificate.valid) {
    attempt.status = LcpStatus::Solved;
    return attempt;
  }
  switch (end) {
    case PivotingEnd::RayTermination:
      attempt.status = LcpStatus::RayTermination;
      attempt.message = format("ray termination after %d pivots", attempt.pivots);
      break;
    case PivotingEnd::PivotLimit:
      attempt.status = LcpStatus::PivotLimit;
      attempt.message = format("pivot limit of %d pivots reached", max_pivots);
      break;
    case PivotingEnd::Cycling:
      attempt.status = LcpStatus::Cycling;
      attempt.message = format("cycling: after %d pivots the path came back to a basis it had left", attempt.pivots);
      break;
    default:
      attempt.status = LcpStatus::NumericalFailure;
      attempt.message =
          format("numerical failure: the certificate failed after %d pivots (", attempt.pivots) +
          describe(attempt.certificate) + ")";
      break;
  }
  return attempt;
}

// The basis a path ended in (candidate.z_is_basic) solved afresh on (M, q); where that
// misses the certificate, Lemke on (M, q) from that basis. True, with the exact answer
// in `candidate` and the restart's pivots added to `pivots`, when either passes.
bool finish_on_original(const MatrixRef& M, const Eigen::VectorXd& q, const LemkeSettings& settings,
                        int max_pivots, std::vector<char>& restart_basis, ColumnSizes& sizes,
                        PivotingWorkspace& pivoting, SubsystemWorkspace& subsystem, LemkeCandidate& candidate,
                        int& pivots) {
  const double tolerance = settings.certificate_tolerance;
  if (solves_on_basis(M, q, candidate.z_is_basic, tolerance, sizes, subsystem, candidate)) return true;
  restart_basis = candidate.z_is_basic;
  const Attempt restarted =
      run_attempt(M, q, 0, settings, max_pivots, &restart_basis, sizes, pivoting, candidate);
  pivots += restarted.pivots;
  return restarted.status == LcpStatus::Solved ||
         (restarted.ended_in_basis &&
          solves_on_basis(M, q, candidate.z_is_basic, tolerance, sizes, subsystem, candidate));
}

void accept_candidate(const LemkeCandidate& candidate, int pivots, LcpSolution& solution) {
  solution.status = LcpStatus::Solved;
  solution.z = candidate.z;
  solution.w = candidate.w;
  solution.pivots = pivots;
  solution.z_is_basic = candidate.z_is_basic;
}

void fill_failure(const Eigen::VectorXd& q, LcpSolution& solution) {
  solution.z.setZero(q.size());
  solution.w = q;
  solution.z_is_basic.assign(static_cast<std::size_t>(q.size()), 0);
}

}  // namespace

LcpSolution LemkeSolver::solve(const MatrixRef& M, const Eigen::VectorXd& q,
                               const LemkeSettings& settings, const std::vector<char>* warm_basis) {
  LcpSolution solution;
  const int n = static_cast<int>(q.size());
  solution.message = validate(M, q, settings);
  if (!solution.message.empty()) {
    solution.status = LcpStatus::InvalidInput;
    solution.z.setZero(n);
    solution.w.setZero(n);
    solution.z_is_basic.assign(static_cast<std::size_t>(n), 0);
    return solution;
  }
  if (n == 0) {
    solution.status = LcpStatus::Solved;
    return solution;
  }
  if (!workspace_) workspace_ = std::make_shared<Workspace>();
  Workspace& ws = *workspace_;
  ws.column_sizes.reset(n);
  LemkeCandidate& candidate = ws.candidate;
  const double tolerance = settings.certificate_tolerance;

  // 1. warm start: the previous basis, if its principal subsystem still gives a solution.
  if (warm_basis != nullptr && warm_basis->size() == static_cast<std::size_t>(n) &&
      solves_on_basis(M, q, *warm_basis, tolerance, ws.column_sizes, ws.subsystem, candidate)) {
    solution.status = LcpStatus::Solved;
    solution.z = candidate.z;
    solution.w = candidate.w;
    solution.warm_start_used = true;
    solution.z_is_basic.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) solution.z_is_basic[i] = (*warm_basis)[i] ? 1 : 0;
    return solution;
  }

  // 1b. Lemke's path from the warm basis.
  const int max_pivots = settings.max_pivots > 0 ? settings.max_pivots : default_pivot_limit(n);
  if (warm_basis != nullptr && settings.path_from_warm_basis && warm_basis->size() == static_cast<std::size_t>(n)) {
    ws.restart_basis = *warm_basis;
    const Attempt warm =
        run_attempt(M, q, 0, settings, max_pivots, &ws.restart_basis, ws.column_sizes, ws.pivoting, candidate);
    if (warm.status == LcpStatus::Solved) {
      accept_candidate(candidate, warm.pivots, solution);
      return solution;
    }
  }

  // 2. cold Lemke.
  const Attempt cold = run_attempt(M, q, 0, settings, max_pivots, nullptr, ws.column_sizes, ws.pivoting, candidate);
  if (cold.status == LcpStatus::Solved) {
    accept_candidate(candidate, cold.pivots, solution);
    return solution;
  }

  // 3. the basis the path ended in, solved afresh on the original q, else the path
  // taken again from it.
  int finishing_pivots = 0;
  if (cold.ended_in_basis && finish_on_original(M, q, settings, max_pivots, ws.restart_basis, ws.column_sizes,
                                                ws.pivoting, ws.subsystem, candidate, finishing_pivots)) {
    accept_candidate(candidate, cold.pivots + finishing_pivots, solution);
    return solution;
  }

  // 4. q with its ties broken, q_i + delta (1 + i / n) max(1, |q|_inf) for delta =
  // 1e-8, then 1e-6: the path of a degenerate problem that cycled, taken on a problem
  // without ties, and the basis it ends in solved afresh on the original q.
  double q_norm = 1;
  for (int i = 0; i < n; ++i) q_norm = std::max(q_norm, std::abs(q[i]));
  for (double relative : kTieBreaks) {
    ws.perturbed_offset = q;
    for (int i = 0; i < n; ++i) ws.perturbed_offset[i] += relative * (1 + static_cast<double>(i) / n) * q_norm;
    const Attempt perturbed =
        run_attempt(M, ws.perturbed_offset, 0, settings, max_pivots, nullptr, ws.column_sizes, ws.pivoting, candidate);
    finishing_pivots = 0;
    if (perturbed.ended_in_basis && finish_on_original(M, q, settings, max_pivots, ws.restart_basis,
                                                       ws.column_sizes, ws.pivoting, ws.subsystem, candidate,
                                                       finishing_pivots)) {
      accept_candidate(candidate, perturbed.pivots + finishing_pivots, solution);
      return solution;
    }
  }

  // 5. regularised retries, accepted only if the original problem is solved too.
  double diagonal_scale = 0;
  for (int i = 0; i < n; ++i) diagonal_scale = std::max(diagonal_scale, std::abs(M(i, i)));
  const char* scale_name = "max |M_ii|";
  if (diagonal_scale == 0) {
    diagonal_scale = ws.column_sizes.largest(M);
    scale_name = "max |M_ij|";
  }
  if (diagonal_scale == 0) {
    diagonal_scale = 1;
    scale_name = "1";
  }
  const double acceptance = std::max(tolerance, kRegularisedAcceptanceTolerance);
  for (double relative : kRegularisations) {
    const double shift = relative * diagonal_scale;
    const Attempt regularised =
        run_attempt(M, q, shift, settings, max_pivots, nullptr, ws.column_sizes, ws.pivoting, candidate);
    finishing_pivots = 0;
    if (regularised.ended_in_basis && finish_on_original(M, q, settings, max_pivots, ws.restart_basis, ws.column_sizes,
                                                         ws.pivoting, ws.subsystem, candidate, finishing_pivots)) {
      // The regularised path's basis leads to the original problem's exact answer.
      accept_candidate(candidate, regularised.pivots + finishing_pivots, solution);
      return solution;
    }
    if (regularised.status != LcpStatus::Solved) continue;
    const LcpCertificate original =
        certificate_of_answer(q, candidate.z, candidate.w, acceptance,
                              compute_w(M, 0, q, candidate.z, ws.column_sizes, candidate.w));
    if (!original.valid) continue;
    solution.status = LcpStatus::Solved;
    solution.z = candidate.z;
    solution.w = candidate.w;
    solution.pivots = regularised.pivots;
    solution.z_is_basic = candidate.z_is_basic;
    solution.message =
        format(
            "solved with regularisation M + eps I, eps = %g (%g x %s), after %d pivots; "
            "unregularised: %s; certificate on M + eps I: ",
            shift, relative, scale_name, regularised.pivots, cold.message.c_str()) +
        describe(regularised.certificate) + "; on the original M: " + describe(original);
    return solution;
  }

  solution.status = cold.status;
  solution.pivots = cold.pivots;
  solution.message = cold.message;
  fill_failure(q, solution);
  return solution;
}

}  // namespace contactlab
