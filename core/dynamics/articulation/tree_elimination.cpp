#include "dynamics/articulation/tree_elimination.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "dynamics/articulation/equality_elimination.h"

namespace contactlab {
namespace {

constexpr int kTreeLinkSize = 6;  // a link's velocities

// The k-th link a row moves, unless none or one listed before it (-1 then).
int distinct_row_link(const std::array<int, 4>& links, int k) {
  if (links[k] < 0) return -1;
  for (int earlier = 0; earlier < k; ++earlier) {
    if (links[earlier] == links[k]) return -1;
  }
  return links[k];
}

}  // namespace

bool eliminate_rows_along_tree(const Eigen::MatrixXd& rows, const std::vector<std::array<int, 4>>& row_links,
                               const Eigen::VectorXd& compliance, const std::vector<int>& key,
                               const Eigen::VectorXd& correction, TreeElimination& ws,
                               Eigen::VectorXd& free_velocity, Eigen::MatrixXd& inverse_mass) {
  const int m = static_cast<int>(rows.rows());
  const int n = static_cast<int>(rows.cols());
  const int links = n / kTreeLinkSize;
  if (m == 0) return true;

  // (keys) => the elimination order: larger keys first (leaves before their parents),
  // rows of one key in their order.
  ws.order.resize(m);
  std::iota(ws.order.begin(), ws.order.end(), 0);
  std::stable_sort(ws.order.begin(), ws.order.end(), [&](int a, int b) { return key[a] > key[b]; });
  ws.link_rows.resize(links);
  for (std::vector<int>& moving : ws.link_rows) moving.clear();
  for (int p = 0; p < m; ++p) {
    for (int k = 0; k < 4; ++k) {
      const int link = distinct_row_link(row_links[ws.order[p]], k);
      if (link >= 0) ws.link_rows[link].push_back(p);
    }
  }

  // Y = M^-1 H^T, packed link by link: per link, per row moving it (by place), the 6
  // entries of Y's column on the link's block; the rest of Y is zero.
  ws.link_start.resize(links + 1);
  ws.link_start[0] = 0;
  for (int link = 0; link < links; ++link) {
    ws.link_start[link + 1] = ws.link_start[link] + static_cast<int>(ws.link_rows[link].size());
  }
  ws.mobility.resize(kTreeLinkSize, ws.link_start[links]);
  for (int link = 0; link < links; ++link) {
    const int first = kTreeLinkSize * link;
    for (int e = 0; e < static_cast<int>(ws.link_rows[link].size()); ++e) {
      const int r = ws.order[ws.link_rows[link][e]];
      for (int i = 0; i < kTreeLinkSize; ++i) {
        double sum = 0;
        for (int j = first; j < first + kTreeLinkSize; ++j) sum += inverse_mass(first + i, j) * rows(r, j);
        ws.mobility(i, ws.link_start[link] + e) = sum;
      }
    }
  }

  // G = H Y + C, lower triangle by place: rows that share a link, summed link by link.
  ws.entries.clear();
  ws.diagonal.setZero(m);
  for (int link = 0; link < links; ++link) {
    const int first = kTreeLinkSize * link;
    const std::vector<int>& moving = ws.link_rows[link];
    const int count = static_cast<int>(moving.size());
    for (int ea = 0; ea < count; ++ea) {
      const int a = moving[ea];
      const int r = ws.order[a];
      for (int eb = 0; eb < count; ++eb) {
        const int b = moving[eb];
        if (b > a) continue;
        double sum = 0;
        for (int k = 0; k < kTreeLinkSize; ++k) sum += rows(r, first + k) * ws.mobility(k, ws.link_start[link] + eb);
        ws.entries.emplace_back(a, b, sum);
        if (a == b) ws.diagonal[a] += sum;
      }
    }
  }
  for (int p = 0; p < m; ++p) {
    const double soft = compliance[ws.order[p]];
    if (soft > 0) {
      ws.entries.emplace_back(p, p, soft);
      ws.diagonal[p] += soft;
    }
  }
  double largest = 0;
  for (int p = 0; p < m; ++p) {
    if (!std::isfinite(ws.diagonal[p])) return false;
    largest = std::max(largest, ws.diagonal[p]);
  }
  ws.gram.resize(m, m);
  ws.gram.setFromTriplets(ws.entries.begin(), ws.entries.end());

  // G = L D L^T in the order; a pivot at or below kDependentPivot times G's largest
  // diagonal entry marks dependent rows (equality_elimination.h's test).
  ws.factor.ldlt.compute(ws.gram);
  if (ws.factor.ldlt.info() != Eigen::Success) return false;
  const Eigen::VectorXd& pivots = ws.factor.ldlt.vectorD();
  for (int p = 0; p < m; ++p) {
    if (!(pivots[p] > kDependentPivot * largest)) return false;
  }

  // mu = G^-1 (t - H v_free); v_free += Y mu.
  ws.correction.resize(m);
  for (int p = 0; p < m; ++p) ws.correction[p] = correction[ws.order[p]];
  ws.multiplier = ws.factor.ldlt.solve(ws.correction);
  for (int link = 0; link < links; ++link) {
    const int first = kTreeLinkSize * link;
    for (int e = 0; e < static_cast<int>(ws.link_rows[link].size()); ++e) {
      const double multiplier = ws.multiplier[ws.link_rows[link][e]];
      for (int i = 0; i < kTreeLinkSize; ++i) {
        free_velocity[first + i] += ws.mobility(i, ws.link_start[link] + e) * multiplier;
      }
    }
  }

  // X = G^-1 Y^T (m x n), one sparse solve per column of Y^T.
  ws.rhs.setZero(m, n);
  for (int link = 0; link < links; ++link) {
    const int first = kTreeLinkSize * link;
    for (int e = 0; e < static_cast<int>(ws.link_rows[link].size()); ++e) {
      const int p = ws.link_rows[link][e];
      for (int i = 0; i < kTreeLinkSize; ++i) ws.rhs(p, first + i) = ws.mobility(i, ws.link_start[link] + e);
    }
  }
  ws.solved = ws.factor.ldlt.solve(ws.rhs);

  // M^-1 -= Y X, column by column: Y's rows on a link's block are non-zero only in the
  // columns of the rows that move the link.
  for (int j = 0; j < n; ++j) {
    const double* solved = ws.solved.col(j).data();
    double* column = inverse_mass.col(j).data();
    for (int link = 0; link < links; ++link) {
      const int first = kTreeLinkSize * link;
      const int start = ws.link_start[link];
      const int count = static_cast<int>(ws.link_rows[link].size());
      for (int i = 0; i < kTreeLinkSize; ++i) {
        double removed = 0;
        for (int e = 0; e < count; ++e) removed += ws.mobility(i, start + e) * solved[ws.link_rows[link][e]];
        column[first + i] -= removed;
      }
    }
  }
  return true;
}

}  // namespace contactlab
