// The LU of a sparse Lemke basis B (sparse_lemke_basis.h) through its block of z
// columns only. B's columns are e_i for a basic w_i, -M_{:,j} for a basic z_j and -d
// for z0. Let W be the equations whose w is basic and C the positions of the other
// basic variables (z's and z0); |C| = n - |W|, and with R the equations not in W,
//
//   B x = b   <=>   A x_C = b_R,   A = B_{R,C}   (the block of the z columns)
//                   x_{w_i} = b_i - B_{i,C} x_C   for i in W,
//
// so only A (|C| x |C|, the basic z's and z0) is ordered (COLAMD) and factorised
// (Eigen's SparseLU), never the n x n basis: on the 80-cube pyramid's island
// (5232 unknowns) A has a few hundred to about 1500 columns.
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

#include "lcp/lemke_basis.h"
#include "lcp/sparse_lu_solve.h"

namespace contactlab {

class BasisBlockLu {
 public:
  // Factorises B with basic_variable[p] the variable at position p (variables of
  // lemke_basis.h: w_i, z_j, z0) and `covering` the column -d's d. False when A is
  // singular (solve() is then not to be called before the next factorise()).
  bool factorise(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& covering,
                 const LemkeVariables& variables, const std::vector<int>& basic_variable);
  // x := B^-1 b, b by equation, x by position.
  void solve(const Eigen::VectorXd& b, Eigen::VectorXd& x) const;

 private:
  // Per equation its row in A (R), or -1; per equation the position of its basic w
  // (W), or -1; the positions of C in A's column order.
  std::vector<int> row_in_block_;
  std::vector<int> slack_position_;
  std::vector<int> block_position_;
  // B_{W,C} column by column: the position of the row's w and the entry.
  std::vector<int> coupling_start_, coupling_position_;
  std::vector<double> coupling_value_;
  Eigen::SparseMatrix<double> block_;
  SparseLuFactors lu_;
  mutable Eigen::VectorXd block_rhs_, block_solution_, lu_work_;
};

}  // namespace contactlab
