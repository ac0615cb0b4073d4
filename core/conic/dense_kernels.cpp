#include "conic/dense_kernels.h"

#include <algorithm>
#include <cmath>

namespace contactlab::conic {

double dot(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double sum = 0;
  const Eigen::Index n = a.size();
  for (Eigen::Index i = 0; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

double norm2(const Eigen::VectorXd& a) { return std::sqrt(dot(a, a)); }

double norm_inf(const Eigen::VectorXd& a) {
  double largest = 0;
  const Eigen::Index n = a.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    const double magnitude = std::abs(a[i]);
    if (std::isnan(magnitude)) return magnitude;
    largest = std::max(largest, magnitude);
  }
  return largest;
}

bool all_finite(const Eigen::VectorXd& a) {
  const Eigen::Index n = a.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!std::isfinite(a[i])) return false;
  }
  return true;
}

bool all_finite(const Eigen::MatrixXd& a) {
  for (Eigen::Index j = 0; j < a.cols(); ++j) {
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
      if (!std::isfinite(a(i, j))) return false;
    }
  }
  return true;
}

void multiply(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, Eigen::VectorXd& out) {
  out.setZero(M.rows());
  add_multiply(M, x, 1.0, out);
}

void multiply_transposed(const Eigen::MatrixXd& M, const Eigen::VectorXd& x,
                         Eigen::VectorXd& out) {
  out.setZero(M.cols());
  add_multiply_transposed(M, x, 1.0, out);
}

// out += scale * sum_j M(:, j) x_j: a column sweep, reading M contiguously.
void add_multiply(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, double scale,
                  Eigen::VectorXd& out) {
  const Eigen::Index rows = M.rows();
  for (Eigen::Index j = 0; j < M.cols(); ++j) {
    const double factor = scale * x[j];
    if (factor == 0) continue;
    const double* column = M.data() + j * rows;
    for (Eigen::Index i = 0; i < rows; ++i) out[i] += column[i] * factor;
  }
}

// out_j += scale * M(:, j)^T x.
void add_multiply_transposed(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, double scale,
                             Eigen::VectorXd& out) {
  const Eigen::Index rows = M.rows();
  for (Eigen::Index j = 0; j < M.cols(); ++j) {
    const double* column = M.data() + j * rows;
    double sum = 0;
    for (Eigen::Index i = 0; i < rows; ++i) sum += column[i] * x[i];
    out[j] += scale * sum;
  }
}

double quadratic_form(const Eigen::MatrixXd& M, const Eigen::VectorXd& x) {
  const Eigen::Index rows = M.rows();
  double total = 0;
  for (Eigen::Index j = 0; j < M.cols(); ++j) {
    const double* column = M.data() + j * rows;
    double sum = 0;
    for (Eigen::Index i = 0; i < rows; ++i) sum += column[i] * x[i];
    total += sum * x[j];
  }
  return total;
}

}  // namespace contactlab::conic
