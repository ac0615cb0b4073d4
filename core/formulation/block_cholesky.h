// A = L L^T for a symmetric positive-definite matrix of 6x6 blocks, sparse over its
// blocks: the velocity-space Hessian of an island of free bodies (velocity_hessian.h),
// a diagonal block per body and an off-diagonal one per pair of bodies in contact.
//
// The blocks are ordered by approximate minimum degree over the bodies' graph
// (Amestoy, Davis and Duff 1996, Eigen's AMDOrdering), P A P^T = L L^T. The analysis
// finds the elimination tree and L's block pattern row by row (Liu 1990, "The role of
// elimination trees in sparse factorization": row i of L is the union of the tree's
// paths from A's entries in row i up to i). The factorisation is left-looking over
// block columns, with dense 6x6 kernels:
//
//   S_ij = A_ij - sum_{k < j} L_ik L_jk^T      (i >= j, L_jk != 0),
//   L_jj L_jj^T = S_jj   (a 6x6 Cholesky),    L_ij = S_ij L_jj^-T,
//
// every sum in a fixed order (k ascending), so the same bits on every platform. A
// column of L depends only on A's column and on the columns below it in the tree, so
// when only some of A's blocks differ from the last factorisation's (a Newton
// iteration whose active rays changed on a few contacts), only their columns and those
// columns' ancestors in the tree are computed again: the same L, bit for bit, as a
// whole factorisation. The analysis is kept by the caller while the pattern stays the
// same.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>

namespace contactlab {

class BlockCholesky {
 public:
  using Block = Eigen::Matrix<double, 6, 6>;

  // (n blocks, the off-diagonal blocks (a, b), a != b, each pair once) => the order,
  // the elimination tree and L's pattern.
  void analyse(int blocks, const std::vector<std::pair<int, int>>& pairs);

  int blocks() const { return static_cast<int>(parent_.size()); }
  // L's stored off-diagonal blocks (the fill included).
  int off_diagonal_blocks() const { return static_cast<int>(row_of_entry_.size()); }

  // (A's diagonal blocks, per pair of analyse() its block A_ab (rows of a, columns of
  // b), which of them may differ from the last factor()'s: non-zero per block of
  // `diagonal_changed` and `pair_changed`) => L: after a successful factor() of the
  // same pattern, the columns of the flagged blocks and their ancestors; else every
  // column. A block flagged but unchanged only costs its column again (the same bits).
  // False, leaving the factor unusable until a whole factorisation succeeds, when a
  // pivot block is not positive definite.
  bool factor(const std::vector<Block>& diagonal, const std::vector<Block>& pair_blocks,
              const std::vector<char>& diagonal_changed, const std::vector<char>& pair_changed);
  // The block columns the last factor() computed.
  int factored_columns() const { return factored_columns_; }

  // x := sign A^-1 b for sign 1 or -1 (exact either way: Newton's direction is -H^-1 g
  // without a pass of its own), b and x over the original blocks (6 n entries), b and x
  // the same vector or distinct. Requires a successful factor().
  void solve(const Eigen::VectorXd& b, Eigen::VectorXd& x, double sign = 1);

 private:
  // Column j of L from A's column j and the columns below it.
  bool factor_column(int j, const std::vector<Block>& diagonal, const std::vector<Block>& pair_blocks);

  std::vector<int> order_;         // position p => original block
  std::vector<int> position_;      // original block => position
  std::vector<int> parent_;        // the elimination tree over positions
  // L's off-diagonal blocks column by column: column j's rows (ascending) are
  // row_of_entry_[column_start_[j] .. column_start_[j + 1]).
  std::vector<int> column_start_;
  std::vector<int> row_of_entry_;
  // Row j's blocks L_jk, k < j ascending: (k, the entry's index) in
  // row_entries_[row_start_[j] .. row_start_[j + 1]).
  std::vector<int> row_start_;
  std::vector<std::pair<int, int>> row_entries_;
  // A's off-diagonal blocks of column j: (the pair, its entry in L, transposed).
  struct PairPlace {
    int pair;
    int entry;
    bool transposed;  // the pair's block is A_ab with a at the smaller position
  };
  std::vector<int> pair_start_;
  std::vector<PairPlace> pair_places_;
  std::vector<int> pair_column_;   // per pair: the column that holds it
  std::vector<char> entry_from_pair_;  // per entry: A has a block there (else fill, zero in A)
  std::vector<Block> pivot_;       // L_jj per position
  std::vector<Block> entry_;       // L_ij per entry
  std::vector<int> slot_;          // scratch: row => its entry in the column being factored
  std::vector<char> refactor_;     // scratch: positions to factor again
  Eigen::VectorXd permuted_;       // scratch: P x
  int factored_columns_ = 0;
  bool valid_ = false;             // the last factor() succeeded
};

}  // namespace contactlab
