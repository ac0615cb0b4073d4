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

// `lu` factorised successfully; x is resized, `work` is a buffer of the solve.
void solve_sparse_lu(const SparseLuFactors& lu, const Eigen::VectorXd& b, Eigen::VectorXd& x,
                     Eigen::VectorXd& work);

}  // namespace contactlab
