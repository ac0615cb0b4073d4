// The basis of Lemke's augmented system (seed 002 eq. 21)
//
//   w - M z - d z0 = q
//
// for a sparse M, kept as a sparse LU factorisation of the basis matrix B at its last
// refactorisation and the product form of the pivots taken since: each pivot appends
// one eta column, the direction d = B^-1 a of the entering column a and the row it
// pivoted on, so B^-1 b is the LU solve followed by one pass over each eta. The LU is
// Eigen's SparseLU (COLAMD) of B itself, or past kBlockFactorisationUnknowns of its
// block of z columns alone (basis_block_lu.h). Nothing of size n x n is kept: memory grows with the
// nonzeros of the basic columns, their LU factors and the etas (lemke_basis.h keeps the
// dense inverse instead, for the islands under the dense cap).
//
// B has the column e_i for a basic w_i, -M_{:,j} for a basic z_j and -d for z0, d the
// covering vector: e from the slack basis, or B_0 1 from a complementary starting basis
// B_0 (start_from()), so that z0 enters every start alike, along B_0^-1 (-d) = -1.
#pragma once

#include <memory>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

#include "lcp/basis_block_lu.h"
#include "lcp/eta_kernels.h"
#include "lcp/sparse_lu_solve.h"
#include "lcp/lemke_basis.h"

namespace contactlab {

// From this many unknowns on, B is factorised through its block of z columns: 1.4 to 3.8
// times cheaper a pivot on the touching pyramids' islands of 2580 to 5310 unknowns
// (docs/performance.md, "The sparse basis factorised through its z block"). Below it B
// is factorised whole: with the block's rounding at every size, three of bin_pile's
// islands under 1600 unknowns ended in the frictionless fallback in lcp.
constexpr int kBlockFactorisationUnknowns = 2000;

class SparseLemkeBasis {
 public:
  // B = I (every w_i basic at position i), x_B = q, d = e. `matrix` (n x n) and `offset`
  // must outlive the basis's use.
  void reset(const Eigen::SparseMatrix<double>& matrix, const Eigen::VectorXd& offset);
  // After reset(): the complementary basis with z_i basic at position i where
  // z_is_basic[i] (w_i elsewhere), d = B 1 and x_B from a fresh factorisation. False,
  // with the slack basis of reset() kept, when that basis is singular.
  bool start_from(const std::vector<char>& z_is_basic);

  int variable_at(int position) const { return basic_variable_[position]; }
  int position_of(int variable) const { return variable_position_[variable]; }
  const Eigen::VectorXd& values() const { return basic_value_; }  // x_B by position
  int updates() const { return static_cast<int>(eta_row_.size()); }  // etas since the LU

  // d = B^-1 a for the column a of `variable`.
  void compute_direction(int variable, Eigen::VectorXd& d);
  // Exchanges the variable at `row` for `entering` along its direction d:
  // x_B -= theta d with theta = x_row / d_row, x_row = theta, and d appended as an eta.
  void pivot(int row, int entering, const Eigen::VectorXd& d);
  // Sets x_row to exactly 0 by moving the right-hand side: q + dq -= x_row B e_row.
  void move_value_to_zero(int row);
  // A fresh LU of B, the etas dropped, and x_B = B^-1 (q + dq) with one step of
  // iterative refinement. False (and nothing changed) when B is singular.
  bool refactorise();

 private:
  // target += factor * (the column of `variable` in [I, -M, -d]).
  void add_column(int variable, double factor, Eigen::VectorXd& target) const;
  void clear_etas();
  // b := B^-1 b: the LU solve, then the etas in order.
  void solve(Eigen::VectorXd& b) const;
  // b := E_k^-1 ... E_1^-1 b, the etas stored whole applied kEtasInOnePass at a time
  // (eta_kernels.h), with the same arithmetic as one by one.
  void apply_etas(Eigen::VectorXd& b) const;
  void flush_etas(Eigen::VectorXd& b) const;

  const Eigen::SparseMatrix<double>* matrix_ = nullptr;
  int n_ = 0;
  LemkeVariables variables_;
  Eigen::VectorXd covering_;        // d
  Eigen::VectorXd offset_;          // q + dq (see move_value_to_zero())
  Eigen::VectorXd basic_value_;     // x_B per position
  std::vector<int> basic_variable_;     // variable held by each position
  std::vector<int> variable_position_;  // position of each of the 2n+1 variables, or -1
  // B at a refactorisation and its LU, or its block's LU (`by_block`); `identity`: B
  // was I (no LU). The current one and a trial, swapped when the trial succeeds.
  struct Factorisation {
    Eigen::SparseMatrix<double> matrix;
    SparseLuFactors lu;
    BasisBlockLu block;
    bool by_block = false;
    bool identity = true;
  };
  // Into `trial`: B formed and factorised whole, or through its block; false when
  // singular.
  bool factorise_whole(Factorisation& trial);
  bool factorise_block(Factorisation& trial);
  std::unique_ptr<Factorisation> current_ = std::make_unique<Factorisation>();
  std::unique_ptr<Factorisation> trial_ = std::make_unique<Factorisation>();
  const Eigen::VectorXd* original_offset_ = nullptr;
  // The etas: per pivot its row, pivot value and d without d_row, either its nonzeros
  // and their rows (sparse) or, where more than two thirds of d are nonzero, d whole
  // with d_row = 0 (dense: a contiguous pass with no row index to load; on the
  // pyramids' islands past 2000 unknowns 99.9 % of d's entries are nonzero).
  std::vector<int> eta_row_;
  std::vector<double> eta_pivot_;
  std::vector<char> eta_dense_;
  std::vector<int> eta_start_;        // into eta_value_
  std::vector<int> eta_index_start_;  // into eta_index_ (sparse etas only)
  std::vector<int> eta_index_;
  std::vector<double> eta_value_;
  // Etas taken in order and not yet applied to b, not even to their rows: each sets b_row
  // to its value, and one with a column (stored whole, value nonzero) then subtracts
  // column value from the rest of b.
  struct EtaGroup {
    static constexpr int kEvents = 8;
    int events = 0;
    int row[kEvents];
    double value[kEvents];
    const double* column[kEvents];
    double row_result[kEvents];
    int columns_count = 0;
    const double* columns[kEtasInOnePass];
    double column_value[kEtasInOnePass];
    // b_i after the group's eta number `event`, from b_i before it.
    double applied(int event, int i, double b_i) const;
    void add(int at_row, double row_value, const double* eta);
  };
  mutable EtaGroup eta_group_;
  mutable Eigen::VectorXd scratch_, lu_work_;
  Eigen::VectorXd residual_;
};

}  // namespace contactlab
