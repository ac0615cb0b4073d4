#include "dynamics/articulation/equality_elimination.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// The rows of G kept, in order: row j is kept when its pivot, after the rows kept
// before it (Cholesky-Crout over them), exceeds kDependentPivot times G's largest
// diagonal entry. `upper` holds L^T over the kept rows as they are found (column r:
// L's entries of G's row r against the kept columns, contiguous).
void independent_rows(const Eigen::MatrixXd& gram, std::vector<int>& kept, Eigen::MatrixXd& upper) {
  const int m = static_cast<int>(gram.rows());
  double largest = 0;
  for (int j = 0; j < m; ++j) largest = std::max(largest, gram(j, j));
  const double smallest_pivot = kDependentPivot * largest;
  kept.clear();
  upper.setZero(m, m);
  for (int j = 0; j < m; ++j) {
    const int column = static_cast<int>(kept.size());
    double pivot = gram(j, j);
    for (int k = 0; k < column; ++k) pivot -= upper(k, j) * upper(k, j);
    if (!(pivot > smallest_pivot)) continue;
    const double diagonal = std::sqrt(pivot);
    upper(column, j) = diagonal;
    for (int i = j + 1; i < m; ++i) {
      double sum = gram(i, j);
      for (int k = 0; k < column; ++k) sum -= upper(k, i) * upper(k, j);
      upper(column, i) = sum / diagonal;
    }
    kept.push_back(j);
  }
}

// column := G^-1 column with G = L L^T, as DenseCholesky::solve_in_place, but the
// forward substitution starts at the column's first non-zero entry: a column of Y^T
// in maximal coordinates is zero up to the first row that moves its link (the values
// are the same; a zero entry stays zero).
void solve_from_first_nonzero(const Eigen::MatrixXd& lower, double* column) {
  const int n = static_cast<int>(lower.rows());
  int first = 0;
  while (first < n && column[first] == 0) ++first;
  if (first == n) return;
  for (int i = first; i < n; ++i) {
    double sum = column[i];
    for (int k = first; k < i; ++k) sum -= lower(i, k) * column[k];
    column[i] = sum / lower(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    double sum = column[i];
    for (int k = i + 1; k < n; ++k) sum -= lower(k, i) * column[k];
    column[i] = sum / lower(i, i);
  }
}

}  // namespace

Status eliminate_equality_rows(const Eigen::MatrixXd& mobility, const Eigen::MatrixXd& gram,
                               const Eigen::VectorXd& correction, EqualityElimination& ws,
                               Eigen::VectorXd& free_velocity, Eigen::MatrixXd& inverse_mass) {
  const int n = static_cast<int>(mobility.rows());
  std::vector<int>& kept = ws.kept;
  independent_rows(gram, kept, ws.upper);
  const int rows = static_cast<int>(kept.size());
  if (rows == 0) return Status::success();

  // mu = G^-1 (t - H v_free) over the kept rows.
  ws.kept_gram.resize(rows, rows);
  ws.correction.resize(rows);
  for (int a = 0; a < rows; ++a) {
    for (int b = 0; b < rows; ++b) ws.kept_gram(a, b) = gram(kept[a], kept[b]);
    ws.correction[a] = correction[kept[a]];
  }
  CONTACTLAB_RETURN_IF_ERROR(ws.factor.factor(ws.kept_gram));
  ws.factor.solve_in_place(ws.correction);
  for (int i = 0; i < n; ++i) {
    for (int a = 0; a < rows; ++a) free_velocity[i] += mobility(i, kept[a]) * ws.correction[a];
  }
  // M^-1 -= Y G^-1 Y^T over the kept rows. Y is sparse in maximal coordinates (a row
  // moves two links): its zeros are skipped, which changes no sum.
  Eigen::MatrixXd& solved = ws.solved;
  solved.resize(rows, n);
  for (int a = 0; a < rows; ++a) {
    for (int j = 0; j < n; ++j) solved(a, j) = mobility(j, kept[a]);
  }
  for (int j = 0; j < n; ++j) solve_from_first_nonzero(ws.factor.lower(), solved.col(j).data());
  // Per coordinate i, the kept rows whose Y(i, a) is not zero, in order.
  ws.nonzero_start.assign(n + 1, 0);
  ws.nonzero.clear();
  for (int i = 0; i < n; ++i) {
    for (int a = 0; a < rows; ++a) {
      if (mobility(i, kept[a]) != 0) ws.nonzero.push_back(a);
    }
    ws.nonzero_start[i + 1] = static_cast<int>(ws.nonzero.size());
  }
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      double removed = 0;
      for (int e = ws.nonzero_start[i]; e < ws.nonzero_start[i + 1]; ++e) {
        const int a = ws.nonzero[e];
        removed += mobility(i, kept[a]) * solved(a, j);
      }
      inverse_mass(i, j) -= removed;
    }
  }
  return Status::success();
}

}  // namespace contactlab
