#include "lcp/sparse_lemke_subsystem.h"

namespace contactlab {

bool solve_sparse_principal_subsystem(const Eigen::SparseMatrix<double>& M, const Eigen::VectorXd& q,
                                      const std::vector<char>& z_is_basic, SparseSubsystemWorkspace& ws,
                                      Eigen::VectorXd& z) {
  const int n = static_cast<int>(q.size());
  z.setZero(n);
  ws.basic_index.clear();
  ws.basic_position.assign(n, -1);
  for (int i = 0; i < n; ++i) {
    if (!z_is_basic[i]) continue;
    ws.basic_position[i] = static_cast<int>(ws.basic_index.size());
    ws.basic_index.push_back(i);
  }
  const int k = static_cast<int>(ws.basic_index.size());
  if (k == 0) return true;
  ws.triplets.clear();
  ws.rhs.resize(k);
  for (int t = 0; t < k; ++t) {
    const int column = ws.basic_index[t];
    ws.rhs[t] = -q[column];
    for (Eigen::SparseMatrix<double>::InnerIterator it(M, column); it; ++it) {
      const int r = ws.basic_position[it.row()];
      if (r >= 0) ws.triplets.emplace_back(r, t, it.value());
    }
  }
  ws.block.resize(k, k);
  ws.block.setFromTriplets(ws.triplets.begin(), ws.triplets.end());
  ws.lu.analyzePattern(ws.block);
  ws.lu.factorize(ws.block);
  if (ws.lu.info() != Eigen::Success) return false;
  ws.solution = ws.lu.solve(ws.rhs);
  // One step of refinement: z_B -= M_BB^-1 (M_BB z_B + q_B).
  const Eigen::VectorXd residual = ws.block * ws.solution - ws.rhs;
  ws.solution -= ws.lu.solve(residual);
  if (!ws.solution.allFinite()) return false;
  for (int t = 0; t < k; ++t) z[ws.basic_index[t]] = ws.solution[t];
  return true;
}

}  // namespace contactlab
