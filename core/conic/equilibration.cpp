#include "conic/equilibration.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace contactlab::conic {

namespace {

constexpr double kMinNorm = 1e-4;
constexpr double kMaxNorm = 1e4;

// 1 / sqrt(norm) with norm clamped to [kMinNorm, kMaxNorm]; 1 for a zero norm.
double ruiz_factor(double norm) {
  if (norm == 0) return 1;
  return 1 / std::sqrt(std::min(kMaxNorm, std::max(kMinNorm, norm)));
}

double column_norm(const Eigen::MatrixXd& M, Eigen::Index j) {
  double largest = 0;
  for (Eigen::Index i = 0; i < M.rows(); ++i) largest = std::max(largest, std::abs(M(i, j)));
  return largest;
}

// Largest |entry| of every row of M, taken per column so that M is read contiguously.
void row_norms(const Eigen::MatrixXd& M, Eigen::VectorXd& norms) {
  norms.setZero(M.rows());
  for (Eigen::Index j = 0; j < M.cols(); ++j) {
    for (Eigen::Index i = 0; i < M.rows(); ++i) norms[i] = std::max(norms[i], std::abs(M(i, j)));
  }
}

// M <- diag(row_factor) M diag(column_factor).
void scale_matrix(const Eigen::VectorXd& row_factor, const Eigen::VectorXd& column_factor,
                  Eigen::MatrixXd& M) {
  for (Eigen::Index j = 0; j < M.cols(); ++j) {
    for (Eigen::Index i = 0; i < M.rows(); ++i) M(i, j) *= row_factor[i] * column_factor[j];
  }
}

// Copies `source` into a rows x cols matrix, or zeros when it is empty.
void full_copy(const Eigen::MatrixXd& source, Eigen::Index rows, Eigen::Index cols,
               Eigen::MatrixXd& target) {
  if (source.rows() == rows && source.cols() == cols) {
    target = source;
  } else {
    target.setZero(rows, cols);
  }
}

}  // namespace

void equilibrate(const ConicProblem& problem, const ConeLayout& cones, int passes,
                 ConicProblem& scaled, Equilibration& scaling) {
  const Eigen::Index n = problem.c.size();
  const Eigen::Index p = problem.b.size();
  const Eigen::Index m = problem.h.size();
  // full shapes, P symmetrised
  scaled.P.setZero(n, n);
  if (problem.P.rows() == n) {
    for (Eigen::Index j = 0; j < n; ++j) {
      for (Eigen::Index i = 0; i < n; ++i) scaled.P(i, j) = 0.5 * (problem.P(i, j) + problem.P(j, i));
    }
  }
  full_copy(problem.A, p, n, scaled.A);
  full_copy(problem.G, m, n, scaled.G);
  scaled.orthant_size = problem.orthant_size;
  scaled.cone_sizes = problem.cone_sizes;

  scaling.variable_scale.setOnes(n);
  scaling.equality_scale.setOnes(p);
  scaling.cone_scale.setOnes(m);
  Eigen::VectorXd variable_factor(n), equality_factor(p), cone_factor(m);
  Eigen::VectorXd equality_norms, cone_norms;
  for (int pass = 0; pass < passes; ++pass) {
    // column j of the KKT matrix: P(:, j), A(:, j), G(:, j)
    for (Eigen::Index j = 0; j < n; ++j) {
      const double norm = std::max(
          {column_norm(scaled.P, j), column_norm(scaled.A, j), column_norm(scaled.G, j)});
      variable_factor[j] = ruiz_factor(norm);
    }
    row_norms(scaled.A, equality_norms);
    for (Eigen::Index k = 0; k < p; ++k) equality_factor[k] = ruiz_factor(equality_norms[k]);
    row_norms(scaled.G, cone_norms);
    for (int i = 0; i < cones.orthant_size; ++i) cone_factor[i] = ruiz_factor(cone_norms[i]);
    for (std::size_t k = 0; k < cones.cone_sizes.size(); ++k) {
      const int offset = cones.cone_offsets[k];
      const int size = cones.cone_sizes[k];
      double block_norm = 0;
      for (int i = offset; i < offset + size; ++i) block_norm = std::max(block_norm, cone_norms[i]);
      const double factor = ruiz_factor(block_norm);
      for (int i = offset; i < offset + size; ++i) cone_factor[i] = factor;
    }
    scale_matrix(variable_factor, variable_factor, scaled.P);
    scale_matrix(equality_factor, variable_factor, scaled.A);
    scale_matrix(cone_factor, variable_factor, scaled.G);
    for (Eigen::Index j = 0; j < n; ++j) scaling.variable_scale[j] *= variable_factor[j];
    for (Eigen::Index k = 0; k < p; ++k) scaling.equality_scale[k] *= equality_factor[k];
    for (Eigen::Index i = 0; i < m; ++i) scaling.cone_scale[i] *= cone_factor[i];
  }

  scaled.c.resize(n);
  scaled.b.resize(p);
  scaled.h.resize(m);
  for (Eigen::Index j = 0; j < n; ++j) scaled.c[j] = scaling.variable_scale[j] * problem.c[j];
  for (Eigen::Index k = 0; k < p; ++k) scaled.b[k] = scaling.equality_scale[k] * problem.b[k];
  for (Eigen::Index i = 0; i < m; ++i) scaled.h[i] = scaling.cone_scale[i] * problem.h[i];

  // cost factor: 1 / max(mean column norm of P~, ||c~||_inf), clamped
  scaling.cost_scale = 1;
  if (passes > 0) {
    double mean_norm = 0;
    for (Eigen::Index j = 0; j < n; ++j) mean_norm += column_norm(scaled.P, j);
    mean_norm /= static_cast<double>(n);
    double cost_norm = mean_norm;
    for (Eigen::Index j = 0; j < n; ++j) cost_norm = std::max(cost_norm, std::abs(scaled.c[j]));
    if (cost_norm > 0) {
      const double factor = ruiz_factor(cost_norm);
      scaling.cost_scale = factor * factor;
    }
  }
  for (Eigen::Index j = 0; j < n; ++j) {
    scaled.c[j] *= scaling.cost_scale;
    for (Eigen::Index i = 0; i < n; ++i) scaled.P(i, j) *= scaling.cost_scale;
  }
}

void unscale_primal(const Equilibration& scaling, const Eigen::VectorXd& scaled_x,
                    const Eigen::VectorXd& scaled_s, Eigen::VectorXd& x, Eigen::VectorXd& s) {
  x.resize(scaled_x.size());
  s.resize(scaled_s.size());
  for (Eigen::Index j = 0; j < x.size(); ++j) x[j] = scaling.variable_scale[j] * scaled_x[j];
  for (Eigen::Index i = 0; i < s.size(); ++i) s[i] = scaled_s[i] / scaling.cone_scale[i];
}

void unscale_dual(const Equilibration& scaling, const Eigen::VectorXd& scaled_y,
                  const Eigen::VectorXd& scaled_z, Eigen::VectorXd& y, Eigen::VectorXd& z) {
  y.resize(scaled_y.size());
  z.resize(scaled_z.size());
  for (Eigen::Index k = 0; k < y.size(); ++k) {
    y[k] = scaling.equality_scale[k] * scaled_y[k] / scaling.cost_scale;
  }
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    z[i] = scaling.cone_scale[i] * scaled_z[i] / scaling.cost_scale;
  }
}

}  // namespace contactlab::conic
