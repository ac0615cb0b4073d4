#include "lcp/lemke_basis.h"

#include <algorithm>
#include <cmath>

#include "base/vector_clones.h"
#include "lcp/column_kernels.h"
#include "lcp/lemke_lu.h"

namespace contactlab {

namespace {

// A pivot of the structural block below this, relative to its largest entry, makes
// the basis singular to working precision.
constexpr double kSingularBlock = 1e-13;

}  // namespace

void LemkeBasis::reset(const ScaledLcp& lcp) {
  lcp_ = &lcp;
  n_ = lcp.size;
  variables_.n = n_;
  const std::size_t n = static_cast<std::size_t>(n_);
  // Written before they are read (a stored column of B^-1 when w leaves the basis, the
  // block's columns when it is factorised): islands of alternating sizes need not clear
  // n^2 entries on every solve.
  basis_inverse_.reserve(n * n);
  basic_value_.resize(n);
  row_norm_.assign(n, 1.0);
  holds_w_.assign(n, 1.0);
  offset_.resize(n);
  covering_.assign(n, 1.0);
  basic_variable_.resize(n);
  variable_position_.assign(2 * n + 1, -1);
  column_is_unit_.assign(n, 1);
  stored_columns_.reserve(n);
  stored_columns_.clear();
  stored_eta_.resize(n);
  filler_column_.assign(n, 0.0);
  block_position_.reserve(n);
  block_row_.reserve(n);
  unit_row_.reserve(n);
  unit_position_.reserve(n);
  block_columns_.reserve(n * n);
  block_lu_.reserve(n * n);
  block_row_swap_.resize(n);
  block_solution_.resize(n);
  block_product_.resize(n);
  block_inverse_.reserve(n * static_cast<std::size_t>(lu_inverse_stride(n_)));
  inverse_order_.resize(n);
  unit_products_.reserve(n * static_cast<std::size_t>(lu_inverse_stride(n_)));
  sparse_row_.reserve(n * n);
  sparse_value_.reserve(n * n);
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
  // d = B_0 1, each row summed over the columns in order. A w's column is e_i, and its
  // zeros are not added: +0 changes no sum but -0, and a sum that starts at +0 is never
  // -0 in round-to-nearest.
  std::fill(covering_.begin(), covering_.begin() + n_, 0.0);
  for (int i = 0; i < n_; ++i) {
    const int variable = z_is_basic[i] ? n_ + i : i;
    variable_position_[basic_variable_[i]] = -1;
    basic_variable_[i] = variable;
    holds_w_[i] = variables_.is_w(variable) ? 1.0 : 0.0;
    variable_position_[variable] = i;
    if (variables_.is_w(variable)) {
      covering_[i] += 1;
      continue;
    }
    double* column = right_side_.data();
    write_column(variable, column);
    for (int row = 0; row < n_; ++row) covering_[row] += column[row];
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

// The column of `variable` in [I, -M, -e], column_entry() of each row.
void LemkeBasis::write_column(int variable, double* column) const {
  if (variables_.is_w(variable)) {
    std::fill(column, column + n_, 0.0);
    column[variable] = 1;
    return;
  }
  if (variables_.is_z(variable)) {
    const int j = variable - n_;
    const double* entries = lcp_->matrix + static_cast<std::size_t>(j) * n_;
    write_negated_scaled_column(entries, lcp_->matrix_scale, column, static_cast<std::size_t>(n_));
    column[j] = -lcp_->matrix_entry(j, j);
    return;
  }
  for (int i = 0; i < n_; ++i) column[i] = -covering_[i];
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
  // a, written into `noise` until the noise is formed from its largest entry.
  double* a = noise.data();
  write_column(variable, a);
  std::fill(d.begin(), d.begin() + n_, 0.0);
  double largest_entry = 0;
  for (int c = 0; c < n_; ++c) {
    if (a[c] == 0) continue;
    largest_entry = std::max(largest_entry, std::abs(a[c]));
    if (column_is_unit_[c]) {
      d[variable_position_[c]] += a[c];
      continue;
    }
    add_scaled_column(basis_inverse_.data() + static_cast<std::size_t>(c) * n_, a[c], d.data(),
                      static_cast<std::size_t>(n_));
  }
  for (int i = 0; i < n_; ++i) noise[i] = row_norm_[i] * largest_entry;
}

void LemkeBasis::move_value_to_zero(int row) {
  const int variable = basic_variable_[row];
  const double value = basic_value_[row];
  for (int i = 0; i < n_; ++i) offset_[i] -= value * column_entry(variable, i);
  basic_value_[row] = 0;
}

namespace {

// The first `count` rows of four columns' eta update, bit t of Moving set where column
// t moves; each row's four terms added to its norm in column order.
template <int Moving>
CONTACTLAB_INLINE_IN_CLONES void update_four_rows(double* __restrict column0, double* __restrict column1,
                                                  double* __restrict column2, double* __restrict column3,
                                                  double* __restrict norm, const double* __restrict direction,
                                                  const double* etas, int count) {
  const double eta0 = etas[0], eta1 = etas[1], eta2 = etas[2], eta3 = etas[3];
  for (int i = 0; i < count; ++i) {
    const double d = direction[i];
    double entry0 = column0[i];
    double entry1 = column1[i];
    double entry2 = column2[i];
    double entry3 = column3[i];
    if constexpr ((Moving & 1) != 0) column0[i] = entry0 = entry0 - d * eta0;
    if constexpr ((Moving & 2) != 0) column1[i] = entry1 = entry1 - d * eta1;
    if constexpr ((Moving & 4) != 0) column2[i] = entry2 = entry2 - d * eta2;
    if constexpr ((Moving & 8) != 0) column3[i] = entry3 = entry3 - d * eta3;
    norm[i] = (((norm[i] + std::abs(entry0)) + std::abs(entry1)) + std::abs(entry2)) + std::abs(entry3);
  }
}

// update_four_rows<moving>: the pattern of still columns chosen at run time, each
// pattern's loop compiled without a test per entry.
CONTACTLAB_VECTOR_CLONES
void update_four_rows_of(int moving, double* column0, double* column1, double* column2, double* column3,
                         double* norm, const double* direction, const double* etas, int count) {
#define CONTACTLAB_FOUR_ROWS(pattern)                                                                     \
  case pattern:                                                                                          \
    update_four_rows<pattern>(column0, column1, column2, column3, norm, direction, etas, count); \
    return;
  switch (moving) {
    CONTACTLAB_FOUR_ROWS(0)
    CONTACTLAB_FOUR_ROWS(1)
    CONTACTLAB_FOUR_ROWS(2)
    CONTACTLAB_FOUR_ROWS(3)
    CONTACTLAB_FOUR_ROWS(4)
    CONTACTLAB_FOUR_ROWS(5)
    CONTACTLAB_FOUR_ROWS(6)
    CONTACTLAB_FOUR_ROWS(7)
    CONTACTLAB_FOUR_ROWS(8)
    CONTACTLAB_FOUR_ROWS(9)
    CONTACTLAB_FOUR_ROWS(10)
    CONTACTLAB_FOUR_ROWS(11)
    CONTACTLAB_FOUR_ROWS(12)
    CONTACTLAB_FOUR_ROWS(13)
    CONTACTLAB_FOUR_ROWS(14)
    CONTACTLAB_FOUR_ROWS(15)
  }
#undef CONTACTLAB_FOUR_ROWS
}

}  // namespace

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
    stored_columns_.insert(std::lower_bound(stored_columns_.begin(), stored_columns_.end(), leaving), leaving);
    double* column = inverse_column(leaving);
    std::fill(column, column + n_, 0.0);
    column[row] = 1;
  }
  if (variables_.is_w(entering)) {
    column_is_unit_[entering] = 1;  // becomes e_row exactly
    stored_columns_.erase(std::lower_bound(stored_columns_.begin(), stored_columns_.end(), entering));
  }
  basic_variable_[row] = entering;
  holds_w_[row] = variables_.is_w(entering) ? 1.0 : 0.0;
  variable_position_[entering] = row;
  variable_position_[leaving] = -1;

  // The eta update, and the row norms of the result alongside, four stored columns at
  // a time (so that each row's norm and d_i are loaded once for the four), over all the
  // rows in one pass; row `row` is then set to eta and its norm formed afresh. Each entry
  // of a moving column (eta != 0) is column_i - d_i eta, a still column (eta == 0) is
  // left as it is, and each row's norm is summed over the columns in ascending order, as
  // one column at a time would. A column of +0s fills the last group (|+0| added to a
  // norm changes no bit: a norm starts at +0 or 1 and adds no -0).
  std::copy(holds_w_.begin(), holds_w_.begin() + n_, row_norm_.begin());
  const int stored = static_cast<int>(stored_columns_.size());
  for (int first = 0; first < stored; first += 4) {
    double* columns[4];
    double etas[4];
    int moving = 0;  // bit t: column t moves
    for (int t = 0; t < 4; ++t) {
      columns[t] = first + t < stored ? inverse_column(stored_columns_[first + t]) : filler_column_.data();
      const double eta = columns[t][row] / pivot_value;
      etas[t] = eta;
      if (eta != 0) moving |= 1 << t;
      if (first + t < stored) stored_eta_[first + t] = eta;
    }
    update_four_rows_of(moving, columns[0], columns[1], columns[2], columns[3], row_norm_.data(), d.data(), etas,
                        n_);
  }
  // Row `row`: the pass above gave a moving column column_row - d_row eta there.
  double norm = variables_.is_w(entering) ? 1.0 : 0.0;
  for (int t = 0; t < stored; ++t) {
    double* column = inverse_column(stored_columns_[t]);
    if (stored_eta_[t] != 0) column[row] = stored_eta_[t];
    norm += std::abs(column[row]);
  }
  row_norm_[row] = norm;
}

void LemkeBasis::compute_row_norms() {
  std::copy(holds_w_.begin(), holds_w_.begin() + n_, row_norm_.begin());
  for (int c = 0; c < n_; ++c) {
    if (column_is_unit_[c]) continue;
    add_abs_column(basis_inverse_.data() + static_cast<std::size_t>(c) * n_, row_norm_.data(),
                   static_cast<std::size_t>(n_));
  }
}

bool LemkeBasis::factorise_block() {
  block_position_.clear();
  block_row_.clear();
  for (int p = 0; p < n_; ++p) {
    if (!variables_.is_w(basic_variable_[p])) block_position_.push_back(p);
  }
  unit_row_.clear();
  unit_position_.clear();
  for (int i = 0; i < n_; ++i) {
    const int p = variable_position_[i];
    if (p < 0) {
      block_row_.push_back(i);
    } else {
      unit_row_.push_back(i);
      unit_position_.push_back(p);
    }
  }
  const int k = static_cast<int>(block_position_.size());
  if (static_cast<int>(block_row_.size()) != k) return false;
  sparse_column_start_.resize(k + 1);
  // B_{R,P}'s nonzero entries, each column's rows ascending: every row of R is written
  // at the end of the list and kept where its entry is nonzero (without a branch that
  // the sparsity of M makes unpredictable). The list has room: it holds at most
  // (n - k) k < n^2 entries, and the last write lands at most one past them.
  const int units = static_cast<int>(unit_row_.size());
  int* sparse_row = sparse_row_.data();
  double* sparse_value = sparse_value_.data();
  int entries = 0;
  for (int t = 0; t < k; ++t) {
    const int variable = basic_variable_[block_position_[t]];
    double* column = block_columns_.data() + static_cast<std::size_t>(t) * n_;
    sparse_column_start_[t] = entries;
    write_column(variable, column);
    for (int u = 0; u < units; ++u) {
      const int i = unit_row_[u];
      const double value = column[i];
      sparse_row[entries] = i;
      sparse_value[entries] = value;
      entries += value != 0 ? 1 : 0;
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
  const int units = static_cast<int>(unit_row_.size());
  for (int u = 0; u < units; ++u) x[unit_position_[u]] = b[unit_row_[u]] - sums[unit_row_[u]];
}

// solve_with_block() of e_c for every row c of S at once, into the columns c of B^-1:
// the same operations, in the same order, on each. With b = e_c the block's
// right-hand side is a unit vector (lu_inverse() solves for all of them), and each
// basic w_i's row (i not in S) is 0 - B_{i,P} y, its sum in the order of t.
void LemkeBasis::invert_block() {
  const int k = static_cast<int>(block_position_.size());
  double* inverse = block_inverse_.data();
  int* order = inverse_order_.data();
  lu_inverse(block_lu_.data(), k, block_row_swap_.data(), inverse, order);
  // B_{i,P} A^-1 for the rows i of the basic w's, row i's sums at i s (a zero term adds
  // +-0 to a sum that starts at +0, so the zeros of B_{R,P} are passed over), s the
  // inverse's row length.
  const std::size_t size = static_cast<std::size_t>(lu_inverse_stride(k));
  double* sums = unit_products_.data();
  const int units = static_cast<int>(unit_row_.size());
  for (int u = 0; u < units; ++u) std::fill(sums + unit_row_[u] * size, sums + (unit_row_[u] + 1) * size, 0.0);
  for (int t = 0; t < k; ++t) {
    for (int e = sparse_column_start_[t]; e < sparse_column_start_[t + 1]; ++e) {
      add_scaled_column(inverse + t * size, sparse_value_[e], sums + sparse_row_[e] * size, size);
    }
  }
  for (int q = 0; q < k; ++q) {
    double* x = inverse_column(block_row_[order[q]]);
    for (int t = 0; t < k; ++t) x[block_position_[t]] = inverse[t * size + q];
    for (int u = 0; u < units; ++u) x[unit_position_[u]] = 0.0 - sums[unit_row_[u] * size + q];
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
  const int units = static_cast<int>(unit_row_.size());
  for (int u = 0; u < units; ++u) r[unit_row_[u]] += x[unit_position_[u]];
  const int k = static_cast<int>(block_position_.size());
  for (int t = 0; t < k; ++t) {
    const double value = x[block_position_[t]];
    if (value == 0) continue;
    add_scaled_column(block_columns_.data() + static_cast<std::size_t>(t) * n_, value, r.data(),
                      static_cast<std::size_t>(n_));
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
  stored_columns_.clear();
  for (int i = 0; i < n_; ++i) {
    column_is_unit_[i] = variable_position_[i] >= 0 ? 1 : 0;
    if (!column_is_unit_[i]) stored_columns_.push_back(i);
  }
  // The stored columns of B^-1: B^-1 e_c for the rows c of S.
  invert_block();
  compute_row_norms();
  solve_values();
  return true;
}

}  // namespace contactlab
