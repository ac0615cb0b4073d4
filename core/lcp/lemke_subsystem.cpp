#include "lcp/lemke_subsystem.h"

#include <cstddef>

#include "lcp/lemke_lu.h"

namespace contactlab {

namespace {

constexpr double kSingularPivot = 1e-13;  // relative to the largest |M_BB| entry

}  // namespace

bool solve_principal_subsystem(const Eigen::Ref<const Eigen::MatrixXd>& M, const Eigen::VectorXd& q,
                               const std::vector<char>& z_is_basic, SubsystemWorkspace& workspace,
                               Eigen::VectorXd& z) {
  const int n = static_cast<int>(q.size());
  std::vector<int>& basic = workspace.basic_index;
  basic.clear();
  for (int i = 0; i < n; ++i) {
    if (z_is_basic[i]) basic.push_back(i);
  }
  const int k = static_cast<int>(basic.size());
  workspace.lu.resize(static_cast<std::size_t>(k) * k);
  workspace.row_swap.resize(k);
  workspace.rhs.resize(k);
  for (int c = 0; c < k; ++c) {
    for (int r = 0; r < k; ++r) {
      workspace.lu[r + static_cast<std::size_t>(c) * k] = M(basic[r], basic[c]);
    }
    workspace.rhs[c] = -q[basic[c]];
  }
  if (!lu_factorise(workspace.lu.data(), k, workspace.row_swap.data(), kSingularPivot)) {
    return false;
  }
  lu_solve(workspace.lu.data(), k, workspace.row_swap.data(), workspace.rhs.data());
  z.setZero(n);
  for (int c = 0; c < k; ++c) z[basic[c]] = workspace.rhs[c];
  return true;
}

}  // namespace contactlab
