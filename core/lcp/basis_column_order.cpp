#include "lcp/basis_column_order.h"

#include <Eigen/OrderingMethods>

namespace contactlab {

void BasisColumnOrder::compute(const Eigen::SparseMatrix<double>& B, const std::vector<char>& is_unit,
                               ColumnOrder& order) {
  const int n = static_cast<int>(B.cols());
  order.resize(n);
  // The unit columns first, by position; their rows leave R.
  int rank = 0;
  row_in_block_.assign(n, 0);
  for (int p = 0; p < n; ++p) {
    if (!is_unit[p]) continue;
    order.indices()[p] = rank++;
    row_in_block_[B.innerIndexPtr()[B.outerIndexPtr()[p]]] = -1;
  }
  int rows = 0;
  for (int i = 0; i < n; ++i) row_in_block_[i] = row_in_block_[i] < 0 ? -1 : rows++;
  // A = B_{R,C}, its rows ascending in each column as B's are.
  block_column_.clear();
  block_.resize(rows, n - rank);
  for (int p = 0; p < n; ++p) {
    if (is_unit[p]) continue;
    block_.startVec(static_cast<Eigen::Index>(block_column_.size()));
    for (Eigen::SparseMatrix<double>::InnerIterator it(B, p); it; ++it) {
      const int row = row_in_block_[it.row()];
      if (row >= 0) block_.insertBack(row, static_cast<Eigen::Index>(block_column_.size())) = it.value();
    }
    block_column_.push_back(p);
  }
  block_.finalize();
  if (block_column_.empty()) return;
  Eigen::COLAMDOrdering<int>()(block_, block_order_);
  for (std::size_t c = 0; c < block_column_.size(); ++c) order.indices()[block_column_[c]] = rank + block_order_.indices()[c];
}

}  // namespace contactlab
