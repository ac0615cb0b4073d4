#include "conic/kkt_system.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "conic/dense_kernels.h"

namespace contactlab::conic {

namespace {

// Part of delta proportional to the largest diagonal entry of P + Ghat^T Ghat: about the
// rounding error of the Schur complements, so rounding cannot flip the sign of a pivot.
constexpr double kProportionalRegularization = 1e-14;
constexpr double kDynamicThreshold = 1e-13;      // |pivot| below this (or the wrong sign) ...
constexpr double kDynamicRegularization = 2e-7;  // ... is replaced by +-this
// Refinement stops when the residual is below this times 1 + ||right-hand side||_inf, or
// when a pass gains less than a factor 2 (further passes only chase rounding).
constexpr double kRefinementTolerance = 1e-14;

double max_abs3(const Eigen::VectorXd& a, const Eigen::VectorXd& b, const Eigen::VectorXd& c) {
  return std::max({norm_inf(a), norm_inf(b), norm_inf(c)});
}

void add_to(const Eigen::VectorXd& base, const Eigen::VectorXd& increment, Eigen::VectorXd& out) {
  for (Eigen::Index i = 0; i < out.size(); ++i) out[i] = base[i] + increment[i];
}

}  // namespace

void KktSystem::reset(const Eigen::MatrixXd& P, const Eigen::MatrixXd& A, const Eigen::MatrixXd& G,
                      const ConeLayout& cones, double static_regularization,
                      int refinement_steps) {
  P_ = &P;
  A_ = &A;
  G_ = &G;
  cones_ = cones;
  static_regularization_ = static_regularization;
  refinement_steps_ = refinement_steps;
  const Eigen::Index n = P.rows();
  const Eigen::Index p = A.rows();
  const Eigen::Index m = G.rows();
  set_identity_scaling(cones, scaling_);
  scaled_G_.setZero(m, n);
  scaled_Gt_.setZero(n, m);
  factor_.setZero(n + p, n + p);
  pivots_.setZero(n + p);
  permutation_.assign(n + p, 0);
  reduced_.setZero(n + p);
  permuted_.setZero(n + p);
  r_hat_.setZero(m);
  residual_x_.setZero(n);
  residual_y_.setZero(p);
  residual_z_.setZero(m);
  correction_x_.setZero(n);
  correction_y_.setZero(p);
  correction_z_.setZero(m);
  trial_x_.setZero(n);
  trial_y_.setZero(p);
  trial_z_.setZero(m);
}

bool KktSystem::factor(const NtScaling& scaling) {
  const Eigen::MatrixXd& P = *P_;
  const Eigen::MatrixXd& A = *A_;
  const Eigen::MatrixXd& G = *G_;
  const Eigen::Index n = P.rows();
  const Eigen::Index p = A.rows();
  const Eigen::Index m = G.rows();
  const Eigen::Index size = n + p;
  scaling_ = scaling;

  // Ghat = W^-1 G, one column at a time, and its transpose
  for (Eigen::Index j = 0; j < n; ++j) {
    apply_inverse_scaling(cones_, scaling_, G.col(j), scaled_G_.col(j));
    for (Eigen::Index r = 0; r < m; ++r) scaled_Gt_(j, r) = scaled_G_(r, j);
  }

  // lower triangle of (2): column j of P + Ghat^T Ghat is P(:, j) + sum_r Ghat(r, j) Ghat(r, :)^T
  // (row r of Ghat is column r of Ghat^T), then A below it, then -delta I
  for (Eigen::Index j = 0; j < n; ++j) {
    double* column = factor_.data() + j * size;
    for (Eigen::Index i = j; i < n; ++i) column[i] = P(i, j);
    for (Eigen::Index r = 0; r < m; ++r) {
      const double weight = scaled_G_(r, j);
      if (weight == 0) continue;
      const double* row = scaled_Gt_.data() + r * n;
      for (Eigen::Index i = j; i < n; ++i) column[i] += row[i] * weight;
    }
    for (Eigen::Index k = 0; k < p; ++k) column[n + k] = A(k, j);
  }
  double largest_diagonal = 0;
  for (Eigen::Index j = 0; j < n; ++j) largest_diagonal = std::max(largest_diagonal, factor_(j, j));
  const double delta = static_regularization_ + kProportionalRegularization * largest_diagonal;
  for (Eigen::Index j = 0; j < n; ++j) factor_(j, j) += delta;
  for (Eigen::Index j = n; j < size; ++j) {
    for (Eigen::Index i = j; i < size; ++i) factor_(i, j) = 0;
    factor_(j, j) = -delta;
  }

  // right-looking L D L^T with symmetric pivoting inside each block: the largest pivot of
  // the x block first (a diagonally pivoted Cholesky, whose |L| <= 1 survives a rank-deficient
  // P + Ghat^T Ghat), then the most negative of the y block; ties go to the lower index
  dynamic_regularizations_ = 0;
  for (Eigen::Index k = 0; k < size; ++k) permutation_[k] = static_cast<int>(k);
  for (Eigen::Index k = 0; k < size; ++k) {
    const bool x_block = k < n;
    const double sign = x_block ? 1.0 : -1.0;
    const Eigen::Index block_end = x_block ? n : size;
    Eigen::Index chosen = k;
    for (Eigen::Index j = k + 1; j < block_end; ++j) {
      if (sign * factor_(j, j) > sign * factor_(chosen, chosen)) chosen = j;
    }
    if (chosen != k) swap_symmetric(k, chosen);

    double* column_k = factor_.data() + k * size;
    double pivot = column_k[k];
    if (!std::isfinite(pivot)) return false;
    if (!(sign * pivot > kDynamicThreshold)) {
      pivot = sign * kDynamicRegularization;
      ++dynamic_regularizations_;
    }
    column_k[k] = pivot;
    pivots_[k] = pivot;
    for (Eigen::Index i = k + 1; i < size; ++i) column_k[i] /= pivot;
    for (Eigen::Index j = k + 1; j < size; ++j) {
      const double update = column_k[j] * pivot;  // L(j, k) D_k
      if (update == 0) continue;
      double* column_j = factor_.data() + j * size;
      for (Eigen::Index i = j; i < size; ++i) column_j[i] -= column_k[i] * update;
    }
  }
  return true;
}

// Exchanges rows and columns k < r of the symmetric matrix kept in the lower triangle of
// factor_, together with the rows of the L columns already computed (LAPACK's dsytf2).
void KktSystem::swap_symmetric(Eigen::Index k, Eigen::Index r) {
  const Eigen::Index size = factor_.rows();
  for (Eigen::Index j = 0; j < k; ++j) std::swap(factor_(k, j), factor_(r, j));
  std::swap(factor_(k, k), factor_(r, r));
  for (Eigen::Index i = k + 1; i < r; ++i) std::swap(factor_(i, k), factor_(r, i));
  for (Eigen::Index i = r + 1; i < size; ++i) std::swap(factor_(i, k), factor_(i, r));
  std::swap(permutation_[k], permutation_[r]);
}

void KktSystem::solve_reduced(const Eigen::VectorXd& r_x, const Eigen::VectorXd& r_y,
                              const Eigen::VectorXd& r_hat, Eigen::VectorXd& x,
                              Eigen::VectorXd& y, Eigen::VectorXd& z_hat) {
  const Eigen::Index n = P_->rows();
  const Eigen::Index p = A_->rows();
  const Eigen::Index size = n + p;
  // right-hand side of (2): r_x + Ghat^T rhat, r_y
  for (Eigen::Index j = 0; j < n; ++j) reduced_[j] = r_x[j];
  add_multiply(scaled_Gt_, r_hat, 1.0, reduced_);  // touches entries 0 .. n-1
  for (Eigen::Index k = 0; k < p; ++k) reduced_[n + k] = r_y[k];

  // v = Pi rhs; L v = v, v <- D^-1 v, L^T v = v; solution = Pi^T v
  for (Eigen::Index k = 0; k < size; ++k) permuted_[k] = reduced_[permutation_[k]];
  for (Eigen::Index k = 0; k < size; ++k) {
    const double value = permuted_[k];
    if (value == 0) continue;
    const double* column_k = factor_.data() + k * size;
    for (Eigen::Index i = k + 1; i < size; ++i) permuted_[i] -= column_k[i] * value;
  }
  for (Eigen::Index k = 0; k < size; ++k) permuted_[k] /= pivots_[k];
  for (Eigen::Index k = size - 1; k >= 0; --k) {
    const double* column_k = factor_.data() + k * size;
    double sum = permuted_[k];
    for (Eigen::Index i = k + 1; i < size; ++i) sum -= column_k[i] * permuted_[i];
    permuted_[k] = sum;
  }
  for (Eigen::Index k = 0; k < size; ++k) reduced_[permutation_[k]] = permuted_[k];

  x = reduced_.head(n);
  y = reduced_.tail(p);
  // zhat = Ghat x - rhat
  z_hat.resize(r_hat.size());
  for (Eigen::Index r = 0; r < r_hat.size(); ++r) z_hat[r] = -r_hat[r];
  add_multiply(scaled_G_, x, 1.0, z_hat);
}

double KktSystem::residual(const Eigen::VectorXd& r_x, const Eigen::VectorXd& r_y,
                           const Eigen::VectorXd& r_z, const Eigen::VectorXd& x,
                           const Eigen::VectorXd& y, const Eigen::VectorXd& z_hat) {
  // r_x - (P x + A^T y + Ghat^T zhat)
  residual_x_ = r_x;
  add_multiply(*P_, x, -1.0, residual_x_);
  add_multiply_transposed(*A_, y, -1.0, residual_x_);
  add_multiply(scaled_Gt_, z_hat, -1.0, residual_x_);
  // r_y - A x
  residual_y_ = r_y;
  add_multiply(*A_, x, -1.0, residual_y_);
  // r_z - G x + W zhat
  apply_scaling(cones_, scaling_, z_hat, residual_z_);
  for (Eigen::Index r = 0; r < r_z.size(); ++r) residual_z_[r] += r_z[r];
  add_multiply(*G_, x, -1.0, residual_z_);
  return max_abs3(residual_x_, residual_y_, residual_z_);
}

bool KktSystem::solve(const Eigen::VectorXd& r_x, const Eigen::VectorXd& r_y,
                      const Eigen::VectorXd& r_z, Eigen::VectorXd& dx, Eigen::VectorXd& dy,
                      Eigen::VectorXd& dz, Eigen::VectorXd& scaled_dz) {
  apply_inverse_scaling(cones_, scaling_, r_z, r_hat_);
  solve_reduced(r_x, r_y, r_hat_, dx, dy, scaled_dz);

  const double threshold = kRefinementTolerance * (1 + max_abs3(r_x, r_y, r_z));
  double current = residual(r_x, r_y, r_z, dx, dy, scaled_dz);
  for (int pass = 0; pass < refinement_steps_ && current > threshold; ++pass) {
    // correction for the residual [e_x; e_y; e_z]: its scaled third part is W^-1 e_z
    apply_inverse_scaling(cones_, scaling_, residual_z_, r_hat_);
    solve_reduced(residual_x_, residual_y_, r_hat_, correction_x_, correction_y_, correction_z_);
    add_to(dx, correction_x_, trial_x_);
    add_to(dy, correction_y_, trial_y_);
    add_to(scaled_dz, correction_z_, trial_z_);
    const double trial = residual(r_x, r_y, r_z, trial_x_, trial_y_, trial_z_);
    if (!(trial < current)) break;
    dx.swap(trial_x_);
    dy.swap(trial_y_);
    scaled_dz.swap(trial_z_);
    const bool slow = trial > 0.5 * current;
    current = trial;
    if (slow) break;
  }
  refinement_residual_ = current;

  dz.resize(scaled_dz.size());
  apply_inverse_scaling(cones_, scaling_, scaled_dz, dz);
  return all_finite(dx) && all_finite(dy) && all_finite(dz) && std::isfinite(current);
}

}  // namespace contactlab::conic
