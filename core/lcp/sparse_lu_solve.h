// x = A^-1 b through the factors of Eigen's SparseLU (P_r A P_c^T = L U): the same
// permutations, supernodal forward and backward substitutions and dense kernels as
// SparseLU::solve, in the same order, but a column of L or U whose entry of x is zero
// is passed over (its products would subtract zeros) and no buffer is allocated. The
// nonzero entries of x are SparseLU::solve's bit for bit; only the sign of a zero
// entry may differ. On the sparse Lemke path's bases (mostly slack columns, a sparse
// right-hand side) most columns are so passed over.
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

namespace contactlab {

using SparseLuFactors = Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>>;

// A column ordering chosen by the caller (basis_column_order.h's) rather than by
// SparseLU: analyzePattern() default-constructs its ordering functor, so
// factorise_in_order() hands the order over through a per-thread pointer set for the
// call. SparseLU still post-orders the column elimination tree and
// prefers the diagonal (row j for A's column j) among equal pivots, as with COLAMD: with
// COLAMD's own order given, the factors are SparseLuFactors' bit for bit.
using ColumnOrder = Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int>;
struct GivenColumnOrdering {
  static thread_local const ColumnOrder* given;
  template <typename MatrixType>
  void operator()(const MatrixType& /*matrix*/, ColumnOrder& order) const {
    order = *given;
  }
};
using GivenOrderLuFactors = Eigen::SparseLU<Eigen::SparseMatrix<double>, GivenColumnOrdering>;

// The LU of A with A's column j eliminated as the order.indices()[j]-th (before the
// post-order); false when A is singular.
bool factorise_in_order(GivenOrderLuFactors& lu, const Eigen::SparseMatrix<double>& A, const ColumnOrder& order);

// `lu` factorised successfully; x is resized, `work` is a buffer of the solve.
void solve_sparse_lu(const SparseLuFactors& lu, const Eigen::VectorXd& b, Eigen::VectorXd& x,
                     Eigen::VectorXd& work);
void solve_sparse_lu(const GivenOrderLuFactors& lu, const Eigen::VectorXd& b, Eigen::VectorXd& x,
                     Eigen::VectorXd& work);

}  // namespace contactlab
