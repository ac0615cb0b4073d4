#include "lcp/basis_block_lu.h"

namespace contactlab {

bool BasisBlockLu::factorise(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& covering,
                             const LemkeVariables& variables, const std::vector<int>& basic_variable) {
  const int n = variables.n;
  // W (each equation's basic w and its position) and C.
  slack_position_.assign(n, -1);
  block_position_.clear();
  for (int p = 0; p < n; ++p) {
    const int variable = basic_variable[p];
    if (variables.is_w(variable)) {
      slack_position_[variable] = p;
    } else {
      block_position_.push_back(p);
    }
  }
  // R in ascending order: A's rows.
  row_in_block_.assign(n, -1);
  int rows = 0;
  for (int i = 0; i < n; ++i) {
    if (slack_position_[i] < 0) row_in_block_[i] = rows++;
  }
  const int size = static_cast<int>(block_position_.size());
  if (rows != size) return false;  // a w basic twice: not a basis

  // A = B_{R,C} written column by column (R keeps the equations' order, so each column's
  // rows ascend: the matrix setFromTriplets() would build), and B_{W,C} kept by the
  // positions of W's w's.
  coupling_start_.assign(1, 0);
  coupling_position_.clear();
  coupling_value_.clear();
  block_.resize(size, size);
  auto place = [&](int column, int equation, double value) {
    const int row = row_in_block_[equation];
    if (row >= 0) {
      block_.insertBack(row, column) = value;
    } else {
      coupling_position_.push_back(slack_position_[equation]);
      coupling_value_.push_back(value);
    }
  };
  for (int c = 0; c < size; ++c) {
    const int variable = basic_variable[block_position_[c]];
    block_.startVec(c);
    if (variables.is_z(variable)) {
      for (Eigen::SparseMatrix<double>::InnerIterator it(M, variable - n); it; ++it) {
        place(c, static_cast<int>(it.row()), -it.value());
      }
    } else {
      for (int i = 0; i < n; ++i) {
        if (covering[i] != 0) place(c, i, -covering[i]);
      }
    }
    coupling_start_.push_back(static_cast<int>(coupling_position_.size()));
  }
  block_.finalize();
  if (size == 0) return true;
  lu_.analyzePattern(block_);
  lu_.factorize(block_);
  return lu_.info() == Eigen::Success;
}

void BasisBlockLu::solve(const Eigen::VectorXd& b, Eigen::VectorXd& x) const {
  const int n = static_cast<int>(b.size());
  const int size = static_cast<int>(block_position_.size());
  x.resize(n);
  // A x_C = b_R, and x_{w_i} = b_i for i in W before the coupling below.
  block_rhs_.resize(size);
  for (int i = 0; i < n; ++i) {
    if (slack_position_[i] >= 0) {
      x[slack_position_[i]] = b[i];
    } else {
      block_rhs_[row_in_block_[i]] = b[i];
    }
  }
  if (size == 0) return;
  solve_sparse_lu(lu_, block_rhs_, block_solution_, lu_work_);
  // x_{w_i} -= B_{i,C} x_C
  for (int c = 0; c < size; ++c) {
    const double value = block_solution_[c];
    x[block_position_[c]] = value;
    if (value == 0) continue;
    for (int e = coupling_start_[c]; e < coupling_start_[c + 1]; ++e) {
      x[coupling_position_[e]] -= coupling_value_[e] * value;
    }
  }
}

}  // namespace contactlab
