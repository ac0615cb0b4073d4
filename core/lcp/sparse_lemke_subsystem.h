// The principal subsystem of a sparse LCP for a complementary basis (lemke_subsystem.h's
// sparse counterpart, sparse_lemke.h): with B the indices whose z_i is basic, z_N = 0 and
//
//   M_BB z_B = -q_B                                   (seed 002 eq. 21, w_B = 0)
//
// solved by Eigen's SparseLU (COLAMD ordering) with one step of iterative refinement.
#pragma once

#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

namespace contactlab {

// Buffers reused between solves.
struct SparseSubsystemWorkspace {
  std::vector<int> basic_index;     // B, ascending
  std::vector<int> basic_position;  // per index: its place in B, or -1
  std::vector<Eigen::Triplet<double>> triplets;
  Eigen::SparseMatrix<double> block;  // M_BB
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
  Eigen::VectorXd rhs;
  Eigen::VectorXd solution;
};

// Writes z (size n, zero outside B) and returns true, or returns false when M_BB is
// singular (a zero pivot) or the answer is not finite.
bool solve_sparse_principal_subsystem(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                                      const std::vector<char>& z_is_basic, SparseSubsystemWorkspace& workspace,
                                      Eigen::VectorXd& z);

}  // namespace contactlab
