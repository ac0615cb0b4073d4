#include "lemke_subsystem.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace contactlab {

namespace {

constexpr double kSingularPivot = 1e-13;  // relative to the largest |M_BB| entry

// In-place LU with partial pivoting of the k x k column-major matrix `a`:
// P a = L U, L unit lower triangular below the diagonal, U on and above it.
bool factorise(double* a, int k, int* row_swap) {
  double largest = 0;
  const std::size_t entries = static_cast<std::size_t>(k) * k;
  for (std::size_t e = 0; e < entries; ++e) largest = std::max(largest, std::abs(a[e]));
  const double singular = kSingularPivot * largest;
  for (int col = 0; col < k; ++col) {
    double* column = a + static_cast<std::size_t>(col) * k;
    int pivot_row = col;
    for (int i = col + 1; i < k; ++i) {
      if (std::abs(column[i]) > std::abs(column[pivot_row])) pivot_row = i;
    }
    row_swap[col] = pivot_row;
    if (!(std::abs(column[pivot_row]) > singular)) return false;
    if (pivot_row != col) {
      for (int c = 0; c < k; ++c) {
        double* swapped = a + static_cast<std::size_t>(c) * k;
        std::swap(swapped[col], swapped[pivot_row]);
      }
    }
    const double pivot = column[col];
    for (int i = col + 1; i < k; ++i) column[i] /= pivot;
    for (int c = col + 1; c < k; ++c) {
      double* target = a + static_cast<std::size_t>(c) * k;
      const double factor = target[col];
      if (factor == 0) continue;
      for (int i = col + 1; i < k; ++i) target[i] -= column[i] * factor;
    }
  }
  return true;
}

// Solves (P^-1 L U) x = b in place, with the factors from factorise().
void substitute(const double* lu, int k, const int* row_swap, double* b) {
  for (int col = 0; col < k; ++col) std::swap(b[col], b[row_swap[col]]);
  for (int col = 0; col < k; ++col) {
    const double* column = lu + static_cast<std::size_t>(col) * k;
    for (int i = col + 1; i < k; ++i) b[i] -= column[i] * b[col];
  }
  for (int col = k - 1; col >= 0; --col) {
    const double* column = lu + static_cast<std::size_t>(col) * k;
    b[col] /= column[col];
    for (int i = 0; i < col; ++i) b[i] -= column[i] * b[col];
  }
}

}  // namespace

bool solve_principal_subsystem(const Eigen::MatrixXd& M, const Eigen::VectorXd& q,
                               const std::vector<char>& z_is_basic, SubsystemWorkspace& workspace,
                               Eigen::VectorXd& z) {
  const int n = static_cast<int>(q.size());
  std::vector<int>& basic = workspace.basic_index;
  basic.clear();
  for (int i = 0; i < n; ++i) {
    if (z_is_basic[i]) basic.push_back(i);
  }
  const int k = static_cast<int>(basic.size());
  workspace.lu.resize(static_cast<std::size_t>(k) * k);
  workspace.row_swap.resize(k);
  workspace.rhs.resize(k);
  for (int c = 0; c < k; ++c) {
    for (int r = 0; r < k; ++r) {
      workspace.lu[r + static_cast<std::size_t>(c) * k] = M(basic[r], basic[c]);
    }
    workspace.rhs[c] = -q[basic[c]];
  }
  if (!factorise(workspace.lu.data(), k, workspace.row_swap.data())) return false;
  substitute(workspace.lu.data(), k, workspace.row_swap.data(), workspace.rhs.data());
  z.setZero(n);
  for (int c = 0; c < k; ++c) z[basic[c]] = workspace.rhs[c];
  return true;
}

}  // namespace contactlab
