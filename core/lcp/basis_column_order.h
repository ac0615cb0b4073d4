// The order in which the LU of a sparse Lemke basis B (sparse_lemke_basis.h) eliminates
// B's columns: the unit columns e_i of the basic w's first, then the other basic
// variables' columns (z's and z0) in COLAMD's order of their block A = B_{R,C}, R the
// equations whose w is not basic (the block basis_block_lu.h factorises alone). A unit
// column eliminated first pivots on its own row with no multiplier and no fill, and the
// rows it takes leave A for the rest of the elimination, so COLAMD orders A's columns
// (some 40 % of B's on bin_pile's islands) rather than all of B's, for factors with as
// many nonzeros (docs/performance.md, "The sparse basis ordered through its z block").
#pragma once

#include <vector>

#include <Eigen/SparseCore>

#include "lcp/sparse_lu_solve.h"

namespace contactlab {

class BasisColumnOrder {
 public:
  // order.indices()[p]: the rank at which B's column p is eliminated; is_unit[p]: B's
  // column p is a unit column (its one entry 1 on the row of its w).
  void compute(const Eigen::SparseMatrix<double>& B, const std::vector<char>& is_unit, ColumnOrder& order);

 private:
  std::vector<int> row_in_block_;
  std::vector<int> block_column_;  // B's column of each of A's
  Eigen::SparseMatrix<double> block_;
  ColumnOrder block_order_;
};

}  // namespace contactlab
