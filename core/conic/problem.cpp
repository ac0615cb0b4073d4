#include "conic/problem.h"

#include <algorithm>
#include <cmath>

#include "conic/dense_kernels.h"

namespace contactlab {

namespace {

// Relative asymmetry of P accepted as rounding.
constexpr double kSymmetryTolerance = 1e-10;

std::string size_text(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + " x " + std::to_string(cols);
}

Status check_matrix(const char* name, const Eigen::MatrixXd& M, Eigen::Index rows,
                    Eigen::Index cols, bool empty_allowed) {
  const bool empty_ok = empty_allowed && M.rows() == 0 && M.cols() == 0;
  if (!empty_ok && (M.rows() != rows || M.cols() != cols)) {
    return Status::failure(std::string(name) + ": must be " + size_text(rows, cols) +
                           (empty_allowed ? " or empty" : "") + " (got " +
                           size_text(M.rows(), M.cols()) + ")");
  }
  if (!conic::all_finite(M)) return Status::failure(std::string(name) + ": must be finite");
  return Status::success();
}

}  // namespace

Status validate_conic_problem(const ConicProblem& problem) {
  const Eigen::Index n = problem.c.size();
  const Eigen::Index p = problem.b.size();
  const Eigen::Index m = problem.h.size();
  if (n < 1) return Status::failure("c: must have at least one entry (the number of variables)");
  if (!conic::all_finite(problem.c)) return Status::failure("c: must be finite");
  if (!conic::all_finite(problem.b)) return Status::failure("b: must be finite");
  if (!conic::all_finite(problem.h)) return Status::failure("h: must be finite");
  Status status = check_matrix("P", problem.P, n, n, true);
  if (!status.ok()) return status;
  status = check_matrix("A", problem.A, p, n, p == 0);
  if (!status.ok()) return status;
  status = check_matrix("G", problem.G, m, n, m == 0);
  if (!status.ok()) return status;

  double largest = 0;
  for (Eigen::Index j = 0; j < problem.P.cols(); ++j) {
    for (Eigen::Index i = 0; i < problem.P.rows(); ++i) {
      largest = std::max(largest, std::abs(problem.P(i, j)));
    }
  }
  for (Eigen::Index j = 0; j < problem.P.cols(); ++j) {
    for (Eigen::Index i = j + 1; i < problem.P.rows(); ++i) {
      if (std::abs(problem.P(i, j) - problem.P(j, i)) > kSymmetryTolerance * largest) {
        return Status::failure("P: must be symmetric (P(" + std::to_string(i) + ", " +
                               std::to_string(j) + ") differs from P(" + std::to_string(j) +
                               ", " + std::to_string(i) + "))");
      }
    }
  }

  if (problem.orthant_size < 0) {
    return Status::failure("orthant_size: must be >= 0 (got " +
                           std::to_string(problem.orthant_size) + ")");
  }
  Eigen::Index rows = problem.orthant_size;
  for (std::size_t k = 0; k < problem.cone_sizes.size(); ++k) {
    if (problem.cone_sizes[k] < 1) {
      return Status::failure("cone_sizes[" + std::to_string(k) + "]: must be >= 1 (got " +
                             std::to_string(problem.cone_sizes[k]) + ")");
    }
    rows += problem.cone_sizes[k];
  }
  if (rows != m) {
    return Status::failure("orthant_size + sum of cone_sizes: must equal the rows of G and h (" +
                           std::to_string(m) + "), got " + std::to_string(rows));
  }
  return Status::success();
}

Status validate_conic_settings(const ConicSettings& settings) {
  auto in_open_unit = [](double value) { return std::isfinite(value) && value > 0 && value < 1; };
  if (!in_open_unit(settings.tolerance)) {
    return Status::failure("tolerance: must be in (0, 1)");
  }
  if (!in_open_unit(settings.infeasibility_tolerance)) {
    return Status::failure("infeasibility_tolerance: must be in (0, 1)");
  }
  if (settings.max_iterations < 1 || settings.max_iterations > 1000) {
    return Status::failure("max_iterations: must be in [1, 1000] (got " +
                           std::to_string(settings.max_iterations) + ")");
  }
  if (!in_open_unit(settings.step_fraction)) {
    return Status::failure("step_fraction: must be in (0, 1)");
  }
  if (!(settings.static_regularization >= 0 && settings.static_regularization <= 1e-4)) {
    return Status::failure("static_regularization: must be in [0, 1e-4]");
  }
  if (settings.refinement_steps < 0 || settings.refinement_steps > 100) {
    return Status::failure("refinement_steps: must be in [0, 100] (got " +
                           std::to_string(settings.refinement_steps) + ")");
  }
  return Status::success();
}

}  // namespace contactlab
