// The principal subsystem of an LCP for a guessed basis (used by the warm start):
// with B the indices whose z_i is basic and N the others, z_N = 0 and
//
//   M_BB z_B = -q_B,   w_N = q_N + M_NB z_B                    (seed 002 eq. 21, w_B = 0)
//
// solved by a dense LU factorisation with partial pivoting (row ties go to the lowest
// index, so the result is deterministic).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace contactlab {

// Buffers reused between solves; they only grow.
struct SubsystemWorkspace {
  std::vector<int> basic_index;  // B, ascending
  std::vector<double> lu;        // M_BB, then its LU factors, |B| x |B| column-major
  std::vector<int> row_swap;     // the partial pivoting row exchanges
  std::vector<double> rhs;       // -q_B, then z_B
};

// Writes z (size n, zero outside B) and returns true, or returns false when M_BB is
// singular to working precision (a pivot below 1e-13 of the largest |M_BB| entry).
bool solve_principal_subsystem(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::VectorXd& q,
                               const std::vector<char>& z_is_basic, SubsystemWorkspace& workspace,
                               Eigen::VectorXd& z);

}  // namespace contactlab
