// The basis of Lemke's augmented system (seed 002 eq. 21)
//
//   w - M z - e z0 = q,
//
// kept as an explicit inverse. The basis matrix B has the column e_i for a basic w_i,
// -M_{:,j} for a basic z_j and -d for z0, d the covering vector: e from the slack
// basis, or B_0 1 from a complementary starting basis B_0 (start_from()), so that z0
// enters every start alike, along B_0^-1 (-d) = -1. A column c of B^-1 is the unit vector e_p
// while w_c is basic (p = its position), so only the columns of nonbasic w's are
// stored: a pivot updates them with a rank-one (eta) product in O(n k) for k basic z's.
//
// Rank-one updates carry the rounding of every basis the path passed through. A fresh
// factorisation removes it: with R the rows of the basic w's and S the others, B
// restricted to S and the positions P of the z's and z0 is a k x k block A (LU,
// lemke_lu.h), and B x = b is x_P = A^-1 b_S, x_p = b_i - B_{i,P} x_P at the position p
// of each basic w_i.
#pragma once

#include <cstddef>
#include <vector>

#include "lcp/scratch_array.h"

namespace contactlab {

// The LCP as the pivoting sees it: the caller scales M and q by powers of two (exact)
// so that tolerances act on numbers of order one,
//   M_s = matrix_scale * M + diagonal_shift * I,   q_s = offset_scale * q.
struct ScaledLcp {
  const double* matrix = nullptr;  // M, size x size, column-major
  const double* offset = nullptr;  // q
  int size = 0;
  double matrix_scale = 1;
  double offset_scale = 1;
  double diagonal_shift = 0;  // added to the diagonal of the scaled matrix

  double matrix_entry(int row, int col) const {
    const double value = matrix[row + static_cast<std::size_t>(col) * size] * matrix_scale;
    return row == col ? value + diagonal_shift : value;
  }
  double offset_entry(int row) const { return offset[row] * offset_scale; }
};

// Variable numbering: w_i = i, z_j = n + j, z0 = 2n.
struct LemkeVariables {
  int n = 0;
  bool is_w(int v) const { return v < n; }
  bool is_z(int v) const { return v >= n && v < 2 * n; }
  int z0() const { return 2 * n; }
  int complement(int v) const { return is_w(v) ? v + n : v - n; }
};

class LemkeBasis {
 public:
  // B = I (every w_i basic at position i), x_B = q, d = e. Buffers only grow.
  void reset(const ScaledLcp& lcp);
  // After reset(): the complementary basis with z_i basic at position i where
  // z_is_basic[i] (w_i elsewhere), x_B from a fresh factorisation and d = B 1. False,
  // with the slack basis of reset() kept, when that basis is singular to working
  // precision.
  bool start_from(const std::vector<char>& z_is_basic);

  int variable_at(int position) const { return basic_variable_[position]; }
  int position_of(int variable) const { return variable_position_[variable]; }
  const std::vector<double>& values() const { return basic_value_; }  // x_B by position

  // Column c of B^-1 is the unit vector at position_of(c) while w_c is basic;
  // otherwise it is stored.
  bool inverse_column_is_unit(int column) const { return column_is_unit_[column] != 0; }
  const double* stored_inverse_column(int column) const {
    return basis_inverse_.data() + static_cast<std::size_t>(column) * n_;
  }
  // |B^-1_{row,:}|_1 and its largest value over the rows.
  double inverse_row_norm(int row) const { return row_norm_[row]; }
  double inverse_size() const;

  // d = B^-1 a for the column a of `variable`, and the rounding scale of each d_i,
  // |B^-1_{i,:}|_1 |a|_inf: what noise in the data (an entry that is zero in exact
  // arithmetic but 1e-17 after rounding) and in B^-1 can contribute to d_i.
  void compute_direction(int variable, std::vector<double>& d, std::vector<double>& noise) const;

  // Exchanges the variable at `row` for `entering`, whose direction d is given:
  // x_B -= theta d with theta = x_row / d_row, x_row = theta, and the eta update of B^-1.
  void pivot(int row, int entering, const std::vector<double>& d);

  // Sets x_row to exactly 0 by moving the right-hand side: q + dq -= x_row B e_row, no
  // other value changes. The values solve B x_B = q + dq; with z and w read off this
  // basis, M z + q = w - dq.
  void move_value_to_zero(int row);

  // B^-1 and x_B from a fresh factorisation. False (and nothing changed) when the
  // structural block is singular to working precision.
  bool refactorise();
  // x_B from a fresh factorisation and one step of iterative refinement, B^-1 kept.
  bool recompute_values();

 private:
  double column_entry(int variable, int row) const;
  void write_column(int variable, double* column) const;
  double* inverse_column(int c) { return basis_inverse_.data() + static_cast<std::size_t>(c) * n_; }
  bool factorise_block();
  void solve_with_block(const double* b, double* x);
  void invert_block();
  void solve_values();
  void compute_row_norms();

  const ScaledLcp* lcp_ = nullptr;
  int n_ = 0;
  LemkeVariables variables_;
  ScratchArray<double> basis_inverse_;   // n x n column-major, non-unit columns only
  std::vector<double> covering_;        // d
  std::vector<double> offset_;          // q + dq (see move_value_to_zero())
  std::vector<double> basic_value_;     // x_B = B^-1 (q + dq) per position
  std::vector<double> row_norm_;        // |B^-1_{i,:}|_1 per row
  std::vector<double> holds_w_;         // per position: 1 where a w is basic there, else 0
  std::vector<int> basic_variable_;     // variable held by each position
  std::vector<int> variable_position_;  // position of each of the 2n+1 variables, or -1
  std::vector<char> column_is_unit_;    // B^-1 column c is a unit vector (w_c basic)
  std::vector<int> stored_columns_;     // the c whose column of B^-1 is stored, ascending (kept
                                        // as pivots and factorisations change them)
  std::vector<double> stored_eta_;      // a pivot's eta for each of them, in that order
  std::vector<double> filler_column_;   // +0s: fills a pivot's last group of four columns
  // The factorisation of the structural block and its scratch.
  std::vector<int> block_position_;     // P
  std::vector<int> block_row_;          // S
  std::vector<int> unit_row_;           // R, the rows of the basic w's, ascending
  std::vector<int> unit_position_;      // the position of each, variable_position_ of unit_row_
  ScratchArray<double> block_columns_;   // B_{:,P}, n x k column-major
  ScratchArray<double> block_lu_;        // A = B_{S,P}, then its LU factors
  std::vector<int> block_row_swap_;
  std::vector<double> block_solution_;  // y
  std::vector<double> block_product_;   // B_{i,P} y per row i
  ScratchArray<double> block_inverse_;  // A^-1 by rows, its columns in inverse_order_ (lu_inverse())
  std::vector<int> inverse_order_;
  ScratchArray<double> unit_products_;  // B_{i,P} A^-1 for the rows i of R, by rows (invert_block())
  // The nonzero entries of B_{R,P} (R the rows of the basic w's), column by column.
  std::vector<int> sparse_column_start_;
  ScratchArray<int> sparse_row_;
  ScratchArray<double> sparse_value_;
  std::vector<double> right_side_;
  std::vector<double> correction_;
};

}  // namespace contactlab
