#include "lcp/lemke_basis.h"

#include <algorithm>
#include <cmath>

#include "lcp/lemke_lu.h"

namespace contactlab {

namespace {

// A pivot of the structural block below this, relative to its largest entry, makes
// the basis singular to working precision.
constexpr double kSingularBlock = 1e-13;

// Grows a scratch buffer to hold `size` entries, never shrinking it: the n x n buffers
// are written before they are read (a stored column of B^-1 when w leaves the basis,
// the block's columns when it is factorised), so islands of alternating sizes need not
// clear n^2 entries on every solve.
template <typename T>
void grow_to(std::vector<T>& buffer, std::size_t size) {
  if (buffer.size() < size) buffer.resize(size);
}

}  // namespace

void LemkeBasis::reset(const ScaledLcp& lcp) {
  lcp_ = &lcp;
  n_ = lcp.size;
  variables_.n = n_;
  const std::size_t n = static_cast<std::size_t>(n_);
  grow_to(basis_inverse_, n * n);
  basic_value_.resize(n);
  row_norm_.assign(n, 1.0);
  offset_.resize(n);
  covering_.assign(n, 1.0);
  basic_variable_.resize(n);
  variable_position_.assign(2 * n + 1, -1);
  column_is_unit_.assign(n, 1);
  block_position_.reserve(n);
  block_row_.reserve(n);
  grow_to(block_columns_, n * n);
  grow_to(block_lu_, n * n);
  block_row_swap_.resize(n);
  block_solution_.resize(n);
  block_product_.resize(n);
  grow_to(sparse_row_, n * n);
  grow_to(sparse_value_, n * n);
  right_side_.resize(n);
  correction_.resize(n);
  for (int i = 0; i < n_; ++i) {
    offset_[i] = lcp.offset_entry(i);
    basic_value_[i] = offset_[i];
    basic_variable_[i] = i;
    variable_position_[i] = i;
  }
}

bool LemkeBasis::start_from(const std::vector<char>& z_is_basic) {
  std::fill(covering_.begin(), covering_.begin() + n_, 0.0);
  for (int i = 0; i < n_; ++i) {
    const int variable = z_is_basic[i] ? n_ + i : i;
    variable_position_[basic_variable_[i]] = -1;
    basic_variable_[i] = variable;
    variable_position_[variable] = i;
    for (int row = 0; row < n_; ++row) covering_[row] += column_entry(variable, row);
  }
  if (refactorise()) return true;
  reset(*lcp_);
  return false;
}

double LemkeBasis::inverse_size() const {
  double largest = 0;
  for (int i = 0; i < n_; ++i) largest = std::max(largest, row_norm_[i]);
  return largest;
}

// Entry `row` of the column of `variable` in the augmented matrix [I, -M, -e].
double LemkeBasis::column_entry(int variable, int row) const {
  if (variables_.is_w(variable)) return variable == row ? 1.0 : 0.0;
  if (variables_.is_z(variable)) return -lcp_->matrix_entry(row, variable - n_);
  return -covering_[row];
}

void LemkeBasis::compute_direction(int variable, std::vector<double>& d,
                                   std::vector<double>& noise) const {
  if (variables_.is_w(variable)) {
    // a = e_j; w_j is nonbasic, so column j of B^-1 is stored.
    const double* column = basis_inverse_.data() + static_cast<std::size_t>(variable) * n_;
    for (int i = 0; i < n_; ++i) {
      d[i] = column[i];
      noise[i] = row_norm_[i];
    }
    return;
  }
  std::fill(d.begin(), d.begin() + n_, 0.0);
  double largest_entry = 0;
  for (int c = 0; c < n_; ++c) {
    const double a = column_entry(variable, c);
    if (a == 0) continue;
    largest_entry = std::max(largest_entry, std::abs(a));
    if (column_is_unit_[c]) {
      d[variable_position_[c]] += a;
      continue;
    }
    const double* column = basis_inverse_.data() + static_cast<std::size_t>(c) * n_;
    for (int i = 0; i < n_; ++i) d[i] += column[i] * a;
  }
  for (int i = 0; i < n_; ++i) noise[i] = row_norm_[i] * largest_entry;
}

void LemkeBasis::move_value_to_zero(int row) {
  const int variable = basic_variable_[row];
  const double value = basic_value_[row];
  for (int i = 0; i < n_; ++i) offset_[i] -= value * column_entry(variable, i);
  basic_value_[row] = 0;
}

void LemkeBasis::pivot(int row, int entering, const std::vector<double>& d) {
  std::vector<double>& x = basic_value_;
  const double pivot_value = d[row];
  const int leaving = basic_variable_[row];
  const double theta = x[row] / pivot_value;
  for (int i = 0; i < n_; ++i) x[i] -= theta * d[i];
  x[row] = theta;

  if (variables_.is_w(leaving)) {
    // Column `leaving` of B^-1 was e_row; from now on it is stored.
    column_is_unit_[leaving] = 0;
    double* column = inverse_column(leaving);
    std::fill(column, column + n_, 0.0);
    column[row] = 1;
  }
  if (variables_.is_w(entering)) column_is_unit_[entering] = 1;  // becomes e_row exactly
  basic_variable_[row] = entering;
  variable_position_[entering] = row;
  variable_position_[leaving] = -1;

  // The eta update, and the row norms of the result alongside: one pass over each stored
  // column, the rows before and after `row` updated and summed in the same loop, row
  // `row` set to eta.
  for (int i = 0; i < n_; ++i) row_norm_[i] = variables_.is_w(basic_variable_[i]) ? 1.0 : 0.0;
  double* norm = row_norm_.data();
  const double* direction = d.data();
  for (int c = 0; c < n_; ++c) {
    if (column_is_unit_[c]) continue;
    double* column = inverse_column(c);
    const double eta = column[row] / pivot_value;
    if (eta == 0) {
      for (int i = 0; i < n_; ++i) norm[i] += std::abs(column[i]);
      continue;
    }
    for (int i = 0; i < row; ++i) {
      column[i] -= direction[i] * eta;
      norm[i] += std::abs(column[i]);
    }
    column[row] = eta;
    norm[row] += std::abs(eta);
    for (int i = row + 1; i < n_; ++i) {
      column[i] -= direction[i] * eta;
      norm[i] += std::abs(column[i]);
    }
  }
}

void LemkeBasis::compute_row_norms() {
  for (int i = 0; i < n_; ++i) row_norm_[i] = variables_.is_w(basic_variable_[i]) ? 1.0 : 0.0;
  for (int c = 0; c < n_; ++c) {
    if (column_is_unit_[c]) continue;
    const double* column = basis_inverse_.data() + static_cast<std::size_t>(c) * n_;
    for (int i = 0; i < n_; ++i) row_norm_[i] += std::abs(column[i]);
  }
}

bool LemkeBasis::factorise_block() {
  block_position_.clear();
  block_row_.clear();
  for (int p = 0; p < n_; ++p) {
    if (!variables_.is_w(basic_variable_[p])) block_position_.push_back(p);
  }
  for (int i = 0; i < n_; ++i) {
    if (variable_position_[i] < 0) block_row_.push_back(i);
  }
  const int k = static_cast<int>(block_position_.size());
  if (static_cast<int>(block_row_.size()) != k) return false;
  sparse_column_start_.resize(k + 1);
  int entries = 0;
  for (int t = 0; t < k; ++t) {
    const int variable = basic_variable_[block_position_[t]];
    double* column = block_columns_.data() + static_cast<std::size_t>(t) * n_;
    sparse_column_start_[t] = entries;
    for (int i = 0; i < n_; ++i) column[i] = column_entry(variable, i);
    for (int i = 0; i < n_; ++i) {
      if (column[i] == 0 || variable_position_[i] < 0) continue;
      sparse_row_[entries] = i;
      sparse_value_[entries] = column[i];
      ++entries;
    }
    double* block_column = block_lu_.data() + static_cast<std::size_t>(t) * k;
    for (int r = 0; r < k; ++r) block_column[r] = column[block_row_[r]];
  }
  sparse_column_start_[k] = entries;
  return k == 0 || lu_factorise(block_lu_.data(), k, block_row_swap_.data(), kSingularBlock);
}

void LemkeBasis::solve_with_block(const double* b, double* x) {
  const int k = static_cast<int>(block_position_.size());
  double* y = block_solution_.data();
  for (int r = 0; r < k; ++r) y[r] = b[block_row_[r]];
  if (k > 0) lu_solve(block_lu_.data(), k, block_row_swap_.data(), y);
  for (int t = 0; t < k; ++t) x[block_position_[t]] = y[t];
  // B_{i,P} y for the rows of the basic w's, from the nonzero entries, column by column
  // (each row's sum in the order of t; a zero term adds +-0 to a sum that starts at +0,
  // so skipping it changes no bit).
  double* sums = block_product_.data();
  std::fill(sums, sums + n_, 0.0);
  for (int t = 0; t < k; ++t) {
    if (y[t] == 0) continue;
    for (int e = sparse_column_start_[t]; e < sparse_column_start_[t + 1]; ++e) {
      sums[sparse_row_[e]] += sparse_value_[e] * y[t];
    }
  }
  for (int i = 0; i < n_; ++i) {
    const int p = variable_position_[i];
    if (p >= 0) x[p] = b[i] - sums[i];
  }
}

// x_B = B^-1 (q + dq) and one refinement step with the current factorisation:
// r = B x_B - (q + dq), x_B -= B^-1 r.
void LemkeBasis::solve_values() {
  std::vector<double>& x = basic_value_;
  std::vector<double>& r = right_side_;
  for (int i = 0; i < n_; ++i) r[i] = offset_[i];
  solve_with_block(r.data(), x.data());
  for (int i = 0; i < n_; ++i) r[i] = -offset_[i];
  for (int i = 0; i < n_; ++i) {
    const int p = variable_position_[i];
    if (p >= 0) r[i] += x[p];
  }
  const int k = static_cast<int>(block_position_.size());
  for (int t = 0; t < k; ++t) {
    const double value = x[block_position_[t]];
    if (value == 0) continue;
    const double* column = block_columns_.data() + static_cast<std::size_t>(t) * n_;
    for (int i = 0; i < n_; ++i) r[i] += column[i] * value;
  }
  solve_with_block(r.data(), correction_.data());
  for (int p = 0; p < n_; ++p) x[p] -= correction_[p];
}

bool LemkeBasis::recompute_values() {
  if (!factorise_block()) return false;
  solve_values();
  return true;
}

bool LemkeBasis::refactorise() {
  if (!factorise_block()) return false;
  for (int i = 0; i < n_; ++i) column_is_unit_[i] = variable_position_[i] >= 0 ? 1 : 0;
  std::vector<double>& unit = right_side_;
  std::fill(unit.begin(), unit.begin() + n_, 0.0);
  for (int c : block_row_) {
    unit[c] = 1;
    solve_with_block(unit.data(), inverse_column(c));
    unit[c] = 0;
  }
  compute_row_norms();
  solve_values();
  return true;
}

}  // namespace contactlab
