#include "lcp/sparse_lemke.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "lcp/sparse_lemke_path.h"
#include "lcp/sparse_lemke_subsystem.h"

namespace contactlab {

struct SparseLemkeSolver::Workspace {
  SparsePathWorkspace path;
  SparseSubsystemWorkspace subsystem;
  Eigen::SparseMatrix<double> scaled_matrix;
  Eigen::VectorXd scaled_offset;
  Eigen::VectorXd perturbed_offset;
  Eigen::VectorXd column_size;  // max_i |M_ij| per column
  Eigen::VectorXd z, w, unclamped;
  std::vector<char> restart_basis;
  // The bases this solve restarted from in vain (step 3).
  std::vector<std::vector<char>> failed_restarts;
};

namespace {

constexpr double kSparseTieBreaks[] = {1e-8, 1e-6, 0};
// The largest island that step 4 forms densely: lemke.h's method keeps about four
// n x n matrices, some 200 MB at this size, for the few solves that get there.
constexpr int kDenseRetryUnknowns = 2500;
constexpr double kSparseRestartFeasibility = 0.1;

// The largest power of two <= value (value > 0), so that scaling by its inverse is exact.
double sparse_scale_unit(double value) {
  if (!(value > 0)) return 1;
  int exponent = 0;
  std::frexp(value, &exponent);
  return std::ldexp(1.0, std::clamp(exponent - 1, -500, 500));
}

// w = M z + q, summed column by column; returns sum_j |z_j| max_i |M_ij|.
double sparse_residual(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& column_size,
                       const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::VectorXd& w) {
  w = q;
  double term_size = 0;
  for (int j = 0; j < M.outerSize(); ++j) {
    const double zj = z[j];
    if (zj == 0) continue;
    for (Eigen::SparseMatrix<double>::InnerIterator it(M, j); it; ++it) w[it.row()] += it.value() * zj;
    term_size += column_size[j] * std::abs(zj);
  }
  return term_size;
}

void column_sizes(const Eigen::SparseMatrix<double>& M, Eigen::VectorXd& size) {
  size.setZero(M.cols());
  for (int j = 0; j < M.outerSize(); ++j) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(M, j); it; ++it) size[j] = std::max(size[j], std::abs(it.value()));
  }
}

// The certificate of z with rounding negatives clamped, unless the clamp alone breaks it.
LcpCertificate certify_sparse(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& column_size,
                              const Eigen::VectorXd& q, double tolerance, Eigen::VectorXd& z, Eigen::VectorXd& w,
                              Eigen::VectorXd& unclamped) {
  unclamped = z;
  clamp_rounding_negatives(z, q, tolerance);
  const LcpCertificate certificate =
      certificate_of_answer(q, z, w, tolerance, sparse_residual(M, column_size, q, z, w));
  if (certificate.valid || unclamped == z) return certificate;
  z = unclamped;
  return certificate_of_answer(q, z, w, tolerance, sparse_residual(M, column_size, q, z, w));
}

std::string sparse_invalid_input(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                                 const LemkeSettings& settings) {
  char buffer[160];
  if (M.rows() != M.cols() || M.rows() != q.size()) {
    std::snprintf(buffer, sizeof(buffer), "M must be square with as many rows as q has entries (M %ld x %ld, q %ld)",
                  static_cast<long>(M.rows()), static_cast<long>(M.cols()), static_cast<long>(q.size()));
    return buffer;
  }
  if (settings.check_matrix_finite) {
    for (int j = 0; j < M.outerSize(); ++j) {
      for (Eigen::SparseMatrix<double>::InnerIterator it(M, j); it; ++it) {
        if (std::isfinite(it.value())) continue;
        std::snprintf(buffer, sizeof(buffer), "M(%ld, %d) must be a finite number", static_cast<long>(it.row()), j);
        return buffer;
      }
    }
  }
  for (Eigen::Index i = 0; i < q.size(); ++i) {
    if (std::isfinite(q[i])) continue;
    std::snprintf(buffer, sizeof(buffer), "q(%ld) must be a finite number", static_cast<long>(i));
    return buffer;
  }
  if (settings.max_pivots < 0 || !(settings.pivot_tolerance >= 0 && settings.pivot_tolerance < 1) ||
      !(settings.certificate_tolerance > 0 && settings.certificate_tolerance < 1)) {
    return "max_pivots must be >= 0, pivot_tolerance in [0, 1) and certificate_tolerance in (0, 1)";
  }
  return std::string();
}

LcpStatus status_of_end(PivotingEnd end) {
  switch (end) {
    case PivotingEnd::RayTermination:
      return LcpStatus::RayTermination;
    case PivotingEnd::PivotLimit:
      return LcpStatus::PivotLimit;
    case PivotingEnd::Cycling:
      return LcpStatus::Cycling;
    default:
      return LcpStatus::NumericalFailure;
  }
}

}  // namespace

LcpCertificate check_sparse_lcp_certificate(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                                            const Eigen::VectorXd& z, double tolerance) {
  if (M.rows() != q.size() || M.cols() != q.size() || z.size() != q.size()) return LcpCertificate();
  Eigen::VectorXd column_size;
  column_sizes(M, column_size);
  Eigen::VectorXd w;
  return certificate_of_answer(q, z, w, tolerance, sparse_residual(M, column_size, q, z, w));
}

LcpSolution SparseLemkeSolver::solve(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                                     const LemkeSettings& settings, const std::vector<char>* warm_basis) {
  LcpSolution solution;
  const int n = static_cast<int>(q.size());
  solution.message = sparse_invalid_input(M, q, settings);
  solution.z.setZero(n);
  solution.w = q;
  solution.z_is_basic.assign(static_cast<std::size_t>(n), 0);
  if (!solution.message.empty()) {
    solution.status = LcpStatus::InvalidInput;
    return solution;
  }
  solution.status = LcpStatus::Solved;
  if (n == 0) return solution;
  if (!workspace_) workspace_ = std::make_shared<Workspace>();
  Workspace& ws = *workspace_;
  const double tolerance = settings.certificate_tolerance;
  column_sizes(M, ws.column_size);
  // A basis solved afresh on (M, q): true, with the answer in ws.z and ws.w, when it passes.
  auto solves_on = [&](const std::vector<char>& basis) {
    return solve_sparse_principal_subsystem(M, q, basis, ws.subsystem, ws.z) &&
           certify_sparse(M, ws.column_size, q, tolerance, ws.z, ws.w, ws.unclamped).valid;
  };
  auto accept = [&](const std::vector<char>& basis, int pivots) {
    solution.status = LcpStatus::Solved;
    solution.z = ws.z;
    solution.w = ws.w;
    solution.pivots = pivots;
    solution.z_is_basic = basis;
    solution.message.clear();
    return solution;
  };

  // 1. the warm basis as it is.
  const bool warm = warm_basis != nullptr && warm_basis->size() == static_cast<std::size_t>(n);
  if (warm && solves_on(*warm_basis)) {
    accept(*warm_basis, 0);
    solution.warm_start_used = true;
    return solution;
  }

  // 2. the path on the scaled problem, its ties broken.
  const double matrix_unit = sparse_scale_unit(ws.column_size.size() > 0 ? ws.column_size.maxCoeff() : 0.0);
  const double q_norm = q.cwiseAbs().maxCoeff();
  const double offset_unit = sparse_scale_unit(q_norm);
  ws.scaled_matrix = M * (1 / matrix_unit);
  ws.scaled_offset = q * (1 / offset_unit);
  const double unscale = offset_unit / matrix_unit;
  SparsePathSettings path;
  path.max_pivots = settings.max_pivots > 0 ? settings.max_pivots : std::max(100, 10 * n);
  path.pivot_tolerance = settings.pivot_tolerance;
  path.answer_tolerance = tolerance * std::max(1.0, q_norm) / offset_unit;
  int total_pivots = 0;
  ws.failed_restarts.clear();
  PivotingEnd last_end = PivotingEnd::NumericalFailure;
  bool every_slack_path_cycled = true;  // step 4's guard (below)
  // From the warm basis first, on q as it is and then with the smaller tie break, then
  // from the slack basis: a path from B_0 solves the principal pivot transform of the
  // problem, which Lemke's guarantees do not cover, so it may end on a ray where the
  // slack start does not. The warm path on q as it is comes first because its end needs
  // no restart: a path on q + delta ends where the degenerate zeros of q + delta sit at
  // about delta, past the certificate's 1e-9 once solved afresh on q (docs/performance.md,
  // "bin_pile's warm paths on q as it is").
  struct PathStart {
    bool warm;
    double relative;
  };
  const PathStart starts[] = {{true, 0}, {true, kSparseTieBreaks[0]}, {false, kSparseTieBreaks[0]},
                              {false, kSparseTieBreaks[1]}, {false, kSparseTieBreaks[2]}};
  for (const PathStart& start : starts) {
    if (start.warm && !warm) continue;
    const double relative = start.relative;
    ws.perturbed_offset = ws.scaled_offset;
    for (int i = 0; i < n; ++i) {
      ws.perturbed_offset[i] += relative * (1 + static_cast<double>(i) / n) * std::max(1.0, q_norm) / offset_unit;
    }
    path.start_basis = start.warm ? warm_basis : nullptr;
    path.feasibility_cap = std::numeric_limits<double>::infinity();
    // Step 3 solves the path's final basis afresh and reads only the restart's values.
    path.fresh_end_values = false;
    int pivots = 0;
    last_end = run_sparse_lemke_path(ws.scaled_matrix, ws.perturbed_offset, path, ws.path, pivots);
    total_pivots += pivots;
    if (!start.warm && last_end != PivotingEnd::Cycling) every_slack_path_cycled = false;
    if (last_end == PivotingEnd::NumericalFailure) continue;
    // 3. the basis afresh on the original q, else the path again from it on q. Both
    // depend on the basis alone (and on M, q): where a later path ends in a basis this
    // solve already restarted from in vain, they would repeat that failure, pivot for
    // pivot, so the next start follows at once.
    if (std::find(ws.failed_restarts.begin(), ws.failed_restarts.end(), ws.path.z_is_basic) !=
        ws.failed_restarts.end()) {
      continue;
    }
    if (solves_on(ws.path.z_is_basic)) return accept(ws.path.z_is_basic, total_pivots);
    ws.restart_basis = ws.path.z_is_basic;
    path.start_basis = &ws.restart_basis;
    path.feasibility_cap = kSparseRestartFeasibility * path.answer_tolerance;
    path.fresh_end_values = true;
    const PivotingEnd restarted = run_sparse_lemke_path(ws.scaled_matrix, ws.scaled_offset, path, ws.path, pivots);
    total_pivots += pivots;
    if (restarted != PivotingEnd::NumericalFailure) {
      if (solves_on(ws.path.z_is_basic)) return accept(ws.path.z_is_basic, total_pivots);
      // The restart's own values, unscaled, may pass where its basis solved afresh did not.
      ws.z = ws.path.z * unscale;
      if (certify_sparse(M, ws.column_size, q, tolerance, ws.z, ws.w, ws.unclamped).valid) {
        return accept(ws.path.z_is_basic, total_pivots);
      }
    }
    ws.failed_restarts.push_back(ws.restart_basis);
  }
  // 4. the dense method, whose lexicographic ratio test resolves the ties the paths
  // above did not, on M formed densely (every entry the sparse one's), where it fits;
  // its memory is given back after the solve. Not where every path from the slack
  // basis cycled at every tie break: on such islands (the touching 40-cube pyramid's
  // first steps, 2496 unknowns) the dense path came back to a basis too, each time,
  // after 10 to 20 s (docs/performance.md, "The dense retry kept from islands whose
  // every path cycles").
  if (n <= kDenseRetryUnknowns && !every_slack_path_cycled) {
    LcpSolution dense = LemkeSolver().solve(Eigen::MatrixXd(M), q, settings, nullptr);
    if (dense.status == LcpStatus::Solved && dense.message.empty()) {
      dense.pivots += total_pivots;
      return dense;
    }
    total_pivots += dense.pivots;
  }
  solution.status = status_of_end(last_end);
  solution.pivots = total_pivots;
  char buffer[160];
  std::snprintf(buffer, sizeof(buffer), "%s: no certified answer after %d pivots on the sparse path (%d unknowns)",
                lcp_status_name(solution.status), total_pivots, n);
  solution.message = buffer;
  solution.z.setZero(n);
  solution.w = q;
  solution.z_is_basic.assign(static_cast<std::size_t>(n), 0);
  return solution;
}

}  // namespace contactlab
