#include "formulation/block_cholesky.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <Eigen/OrderingMethods>
#include <Eigen/SparseCore>

#include "base/column_rows.h"
#include "base/double_pair.h"
#include "base/vector_clones.h"

namespace contactlab {
namespace {

using Block = BlockCholesky::Block;

// The 6x6 kernels below are column-major (entry (r, c) at 6 c + r). Those whose work
// in a column depends on the column's index are structs whose column<C>() does column
// C, run through `in_column_order` for each C in the order given: every trip count
// inside a column is then a constant, so the loops unroll and vectorise without the
// peeled and remainder loops a count that varies with the column needs (the pivot
// block's square took twice the instructions of a whole 6x6 product before). The
// blocks are distinct (__restrict), so a column stays in registers. The order of each
// entry's sum is the header's either way. The factorisation's kernels are inlined into
// factor_column(), compiled for AVX as well as for the baseline (base/vector_clones.h):
// a column's rows as a quad and a pair (base/column_rows.h), two AVX instructions
// where three pairs took three. So is the forward solve's product by a column's blocks;
// the rest of the solve is in pairs for the baseline alone (docs/performance.md).
template <typename Kernel, int... C, typename... Blocks>
CONTACTLAB_INLINE_IN_CLONES bool in_column_order(std::integer_sequence<int, C...>, Blocks... blocks) {
  return (Kernel::template column<C>(blocks...) && ...);
}
using Forwards = std::integer_sequence<int, 0, 1, 2, 3, 4, 5>;

// S = L L^T in place on S's lower triangle (its upper one is left as it was):
// L_cc = sqrt(S_cc - sum_{k<c} L_ck^2), L_rc = (S_rc - sum_{k<c} L_rk L_ck) / L_cc.
// False when a pivot is not positive.
struct FactorPivot {
  template <int c>
  CONTACTLAB_INLINE_IN_CLONES static bool column(double* __restrict s) {
    double d = s[6 * c + c];
    for (int k = 0; k < c; ++k) d -= s[6 * k + c] * s[6 * k + c];
    if (!(d > 0)) return false;
    const double root = std::sqrt(d);
    s[6 * c + c] = root;
    ColumnRows<c + 1> x = ColumnRows<c + 1>::load(s + 6 * c);
    for (int k = 0; k < c; ++k) x.subtract(s + 6 * k, s[6 * k + c]);
    (x / root).store(s + 6 * c);
    return true;
  }
};

// B := B L^-T for L the lower triangle of `pivot`: column by column, b_c = (b_c -
// sum_{k<c} b_k L_ck) / L_cc.
struct DivideByPivot {
  template <int c>
  CONTACTLAB_INLINE_IN_CLONES static bool column(const double* __restrict pivot, double* __restrict b) {
    ColumnRows<0> x = ColumnRows<0>::load(b + 6 * c);
    for (int k = 0; k < c; ++k) x.subtract(b + 6 * k, pivot[6 * k + c]);
    (x / pivot[6 * c + c]).store(b + 6 * c);
    return true;
  }
};

// S -= A A^T on S's lower triangle: s_rc -= sum_k a_rk a_ck over the rows r >= c, k
// ascending.
struct SubtractSquare {
  template <int c>
  CONTACTLAB_INLINE_IN_CLONES static bool column(const double* __restrict a, double* __restrict s) {
    ColumnRows<c> x = ColumnRows<c>::load(s + 6 * c);
    for (int k = 0; k < 6; ++k) x.subtract(a + 6 * k, a[6 * k + c]);
    x.store(s + 6 * c);
    return true;
  }
};

// y_i -= L_ij y_j for the blocks L_ij of a column j, entries [begin, end) with rows
// row[e] (column-major 6x6), each y_i's entry summed over k ascending. Compiled for AVX
// and the baseline (base/vector_clones.h), called once a column.
CONTACTLAB_VECTOR_CLONES
void subtract_column_times(const Block* entry, const int* row, int begin, int end, const double* __restrict y_j,
                           double* __restrict y) {
  for (int e = begin; e < end; ++e) {
    ColumnRows<0> y_i = ColumnRows<0>::load(y + 6 * row[e]);
    for (int k = 0; k < 6; ++k) y_i.subtract(entry[e].data() + 6 * k, y_j[k]);
    y_i.store(y + 6 * row[e]);
  }
}

// z_j -= L_ij^T z_i, each z_j[c] a sum over r ascending, in pairs of c (columns c and
// c + 1 of L_ij, a row at a time).
void subtract_transposed_times(const double* __restrict l, const double* __restrict z_i, double* __restrict z_j) {
  for (int c = 0; c < 6; c += 2) {
    DoublePair value = load_pair(z_j + c);
    for (int r = 0; r < 6; ++r) value -= DoublePair{l[6 * c + r], l[6 * c + 6 + r]} * both(z_i[r]);
    store_pair(z_j + c, value);
  }
}

// S -= A B^T, column by column: s_c -= sum_k a_k B_ck, k ascending.
CONTACTLAB_INLINE_IN_CLONES void subtract_product(const double* __restrict a, const double* __restrict b,
                                                  double* __restrict s) {
  for (int c = 0; c < 6; ++c) {
    ColumnRows<0> x = ColumnRows<0>::load(s + 6 * c);
    for (int k = 0; k < 6; ++k) x.subtract(a + 6 * k, b[6 * k + c]);
    x.store(s + 6 * c);
  }
}

}  // namespace

void BlockCholesky::analyse(int n, const std::vector<std::pair<int, int>>& pairs) {
  // P by approximate minimum degree over the blocks' graph.
  {
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(n + 2 * pairs.size());
    for (int b = 0; b < n; ++b) entries.emplace_back(b, b, 1.0);
    for (const std::pair<int, int>& pair : pairs) {
      entries.emplace_back(pair.first, pair.second, 1.0);
      entries.emplace_back(pair.second, pair.first, 1.0);
    }
    Eigen::SparseMatrix<double> graph(n, n);
    graph.setFromTriplets(entries.begin(), entries.end());
    Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> order;
    Eigen::AMDOrdering<int> minimum_degree;
    minimum_degree(graph, order);
    order_.assign(order.indices().data(), order.indices().data() + n);
  }
  position_.resize(n);
  for (int p = 0; p < n; ++p) position_[order_[p]] = p;

  // A's lower pattern row by row, in positions: row i's columns are
  // a_column[a_start[i] .. a_start[i + 1]) (flat, as are L's rows below: a vector per
  // row took a quarter of the analysis in allocations).
  std::vector<int> a_start(n + 1, 0);
  for (const std::pair<int, int>& pair : pairs) {
    ++a_start[std::max(position_[pair.first], position_[pair.second]) + 1];
  }
  for (int i = 0; i < n; ++i) a_start[i + 1] += a_start[i];
  std::vector<int> a_column(pairs.size());
  {
    std::vector<int> placed(a_start.begin(), a_start.end() - 1);
    for (const std::pair<int, int>& pair : pairs) {
      const int i = position_[pair.first], j = position_[pair.second];
      a_column[placed[std::max(i, j)]++] = std::min(i, j);
    }
  }
  // The elimination tree and L's rows: from each A_ik up the tree until row i's mark.
  // Row i's columns, ascending, are l_column[row_start_[i] .. row_start_[i + 1]).
  parent_.assign(n, -1);
  std::vector<int> mark(n, -1);
  std::vector<int> l_column;
  l_column.reserve(2 * pairs.size());
  row_start_.assign(n + 1, 0);
  for (int i = 0; i < n; ++i) {
    mark[i] = i;
    for (int a = a_start[i]; a < a_start[i + 1]; ++a) {
      for (int k = a_column[a]; mark[k] != i; k = parent_[k]) {
        if (parent_[k] < 0) parent_[k] = i;
        l_column.push_back(k);
        mark[k] = i;
      }
    }
    std::sort(l_column.begin() + row_start_[i], l_column.end());
    row_start_[i + 1] = static_cast<int>(l_column.size());
  }
  // L's columns, rows ascending, and each row's entries.
  column_start_.assign(n + 1, 0);
  for (int k : l_column) ++column_start_[k + 1];
  for (int j = 0; j < n; ++j) column_start_[j + 1] += column_start_[j];
  row_of_entry_.resize(column_start_[n]);
  row_entries_.resize(l_column.size());
  std::vector<int> filled(column_start_.begin(), column_start_.end() - 1);
  for (int i = 0; i < n; ++i) {
    for (int r = row_start_[i]; r < row_start_[i + 1]; ++r) {
      const int k = l_column[r];
      const int entry = filled[k]++;
      row_of_entry_[entry] = i;
      row_entries_[r] = {k, entry};
    }
  }
  // Where each pair's block lands: column min, row max of its positions.
  pair_start_.assign(n + 1, 0);
  for (const std::pair<int, int>& pair : pairs) {
    ++pair_start_[std::min(position_[pair.first], position_[pair.second]) + 1];
  }
  for (int j = 0; j < n; ++j) pair_start_[j + 1] += pair_start_[j];
  pair_places_.resize(pairs.size());
  pair_column_.resize(pairs.size());
  entry_from_pair_.assign(row_of_entry_.size(), 0);
  std::vector<int> placed(pair_start_.begin(), pair_start_.end() - 1);
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const int a = position_[pairs[p].first], b = position_[pairs[p].second];
    const int j = std::min(a, b), i = std::max(a, b);
    const int* rows = row_of_entry_.data();
    const int entry = static_cast<int>(std::lower_bound(rows + column_start_[j], rows + column_start_[j + 1], i) - rows);
    pair_places_[placed[j]++] = PairPlace{static_cast<int>(p), entry, a < b};
    pair_column_[p] = j;
    entry_from_pair_[entry] = 1;
  }
  pivot_.resize(n);
  entry_.resize(row_of_entry_.size());
  slot_.assign(n, -1);
  refactor_.assign(n, 0);
  factored_columns_ = 0;
  valid_ = false;
}

CONTACTLAB_VECTOR_CLONES
bool BlockCholesky::factor_column(int j, const std::vector<Block>& diagonal, const std::vector<Block>& pair_blocks) {
  // A's column j into L's.
  Block& pivot = pivot_[j];
  pivot = diagonal[order_[j]];
  for (int e = column_start_[j]; e < column_start_[j + 1]; ++e) {
    if (!entry_from_pair_[e]) entry_[e].setZero();
    slot_[row_of_entry_[e]] = e;
  }
  for (int p = pair_start_[j]; p < pair_start_[j + 1]; ++p) {
    const PairPlace& place = pair_places_[p];
    if (place.transposed) {
      entry_[place.entry] = pair_blocks[place.pair].transpose();
    } else {
      entry_[place.entry] = pair_blocks[place.pair];
    }
  }
  // S_ij = A_ij - sum_k L_ik L_jk^T over row j's blocks L_jk, k ascending; the rows i
  // of column k from j on.
  for (int r = row_start_[j]; r < row_start_[j + 1]; ++r) {
    const int k = row_entries_[r].first;
    const int jk = row_entries_[r].second;
    const Block& row_j = entry_[jk];
    in_column_order<SubtractSquare>(Forwards(), row_j.data(), pivot.data());
    for (int e = jk + 1; e < column_start_[k + 1]; ++e) {
      subtract_product(entry_[e].data(), row_j.data(), entry_[slot_[row_of_entry_[e]]].data());
    }
  }
  // L_jj L_jj^T = S_jj, L_ij = S_ij L_jj^-T.
  if (!in_column_order<FactorPivot>(Forwards(), pivot.data())) return false;
  for (int e = column_start_[j]; e < column_start_[j + 1]; ++e) {
    in_column_order<DivideByPivot>(Forwards(), pivot.data(), entry_[e].data());
  }
  return true;
}

bool BlockCholesky::factor(const std::vector<Block>& diagonal, const std::vector<Block>& pair_blocks,
                           const std::vector<char>& diagonal_changed, const std::vector<char>& pair_changed) {
  const int n = blocks();
  const int pairs = static_cast<int>(pair_column_.size());
  // The columns to compute: every one, or those whose blocks of A changed and their
  // ancestors (a parent comes after its children).
  const bool whole = !valid_;
  std::fill(refactor_.begin(), refactor_.end(), whole ? 1 : 0);
  if (!whole) {
    for (int b = 0; b < n; ++b) {
      if (diagonal_changed[b]) refactor_[position_[b]] = 1;
    }
    for (int p = 0; p < pairs; ++p) {
      if (pair_changed[p]) refactor_[pair_column_[p]] = 1;
    }
    for (int j = 0; j < n; ++j) {
      if (refactor_[j] && parent_[j] >= 0) refactor_[parent_[j]] = 1;
    }
  }
  valid_ = false;
  factored_columns_ = 0;
  for (int j = 0; j < n; ++j) {
    if (!refactor_[j]) continue;
    ++factored_columns_;
    if (!factor_column(j, diagonal, pair_blocks)) return false;
  }
  valid_ = true;
  return true;
}

void BlockCholesky::solve(const Eigen::VectorXd& b, Eigen::VectorXd& x, double sign) {
  const int n = blocks();
  permuted_.resize(6 * n);
  for (int p = 0; p < n; ++p) permuted_.segment<6>(6 * p) = b.segment<6>(6 * order_[p]);
  // L y = P x, column by column; y_j in a local block while its column is applied.
  double y_j[6];
  for (int j = 0; j < n; ++j) {
    const Block& pivot = pivot_[j];
    for (int c = 0; c < 6; ++c) {
      double value = permuted_[6 * j + c];
      for (int k = 0; k < c; ++k) value -= pivot(c, k) * y_j[k];
      y_j[c] = value / pivot(c, c);
    }
    for (int c = 0; c < 6; ++c) permuted_[6 * j + c] = y_j[c];
    subtract_column_times(entry_.data(), row_of_entry_.data(), column_start_[j], column_start_[j + 1], y_j,
                          permuted_.data());
  }
  // L^T z = y, from the last column back; z_j in a local block.
  double z_j[6];
  for (int j = n - 1; j >= 0; --j) {
    for (int c = 0; c < 6; ++c) z_j[c] = permuted_[6 * j + c];
    for (int e = column_start_[j]; e < column_start_[j + 1]; ++e) {
      subtract_transposed_times(entry_[e].data(), permuted_.data() + 6 * row_of_entry_[e], z_j);
    }
    const Block& pivot = pivot_[j];
    for (int c = 5; c >= 0; --c) {
      double value = z_j[c];
      for (int r = c + 1; r < 6; ++r) value -= pivot(r, c) * z_j[r];
      z_j[c] = value / pivot(c, c);
    }
    for (int c = 0; c < 6; ++c) permuted_[6 * j + c] = z_j[c];
  }
  x.resize(6 * n);
  for (int p = 0; p < n; ++p) x.segment<6>(6 * order_[p]) = sign * permuted_.segment<6>(6 * p);
}

}  // namespace contactlab
