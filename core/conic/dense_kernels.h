// Dense vector and matrix-vector kernels of the conic solver, written as plain loops in a
// fixed order (columns outer, rows inner) so that every sum is evaluated identically on
// every platform: Eigen's blocked products sum in a cache-size-dependent order.
// Matrices are Eigen's column-major MatrixXd; an empty (0 x 0) matrix acts as zero.
#pragma once

#include <Eigen/Core>

namespace contactlab::conic {

double dot(const Eigen::VectorXd& a, const Eigen::VectorXd& b);
double norm2(const Eigen::VectorXd& a);     // Euclidean norm
double norm_inf(const Eigen::VectorXd& a);  // max |a_i| (NaN if any is), 0 when empty
bool all_finite(const Eigen::VectorXd& a);
bool all_finite(const Eigen::MatrixXd& a);

// out = M x (out is resized to M.rows(); zero when M is empty).
void multiply(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, Eigen::VectorXd& out);
// out = M^T x (out is resized to M.cols()).
void multiply_transposed(const Eigen::MatrixXd& M, const Eigen::VectorXd& x,
                         Eigen::VectorXd& out);
// out += scale * M x and out += scale * M^T x; nothing when M is empty.
void add_multiply(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, double scale,
                  Eigen::VectorXd& out);
void add_multiply_transposed(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, double scale,
                             Eigen::VectorXd& out);
// x^T M x for a square M (0 when M is empty).
double quadratic_form(const Eigen::MatrixXd& M, const Eigen::VectorXd& x);

}  // namespace contactlab::conic
