#include "formulation/velocity_hessian.h"

#include <algorithm>
#include <utility>

#include "base/column_rows.h"
#include "base/double_pair.h"
#include "base/vector_clones.h"

namespace contactlab {
namespace {

// Column c of a b for a 6x3 and b 3x6 (column-major) into `out`, each entry as a_r0
// b_0c + (a_r1 b_1c + a_r2 b_2c): the order in which Eigen's fixed-size product sums
// its three terms, down a column's rows (base/column_rows.h). Its rows from
// `first_row` on: all of them, or those on and below the diagonal (a diagonal block,
// of which the factorisation reads only the lower triangle).
template <int c, int first_row>
CONTACTLAB_INLINE_IN_CLONES void product_column(const double* __restrict a, const double* __restrict b,
                                                double* __restrict out) {
  using Rows = ColumnRows<first_row>;
  (Rows::load(a) * b[3 * c] + (Rows::load(a + 6) * b[3 * c + 1] + Rows::load(a + 12) * b[3 * c + 2]))
      .store(out + 6 * c);
}
// block += term over column c's rows from `first_row` on: with the term a product
// column, the same bits as adding the product's sums as they are formed.
template <int c, int first_row>
CONTACTLAB_INLINE_IN_CLONES void add_column(const double* __restrict term, double* __restrict block) {
  using Rows = ColumnRows<first_row>;
  (Rows::load(block + 6 * c) + Rows::load(term + 6 * c)).store(block + 6 * c);
}
template <int... C>
CONTACTLAB_INLINE_IN_CLONES void product(std::integer_sequence<int, C...>, const double* __restrict a,
                                         const double* __restrict b, double* __restrict out) {
  (product_column<C, 0>(a, b, out), ...);
}
template <int... C>
CONTACTLAB_INLINE_IN_CLONES void lower_product(std::integer_sequence<int, C...>, const double* __restrict a,
                                               const double* __restrict b, double* __restrict out) {
  (product_column<C, C>(a, b, out), ...);
}
template <int... C>
CONTACTLAB_INLINE_IN_CLONES void add_block(std::integer_sequence<int, C...>, const double* __restrict term,
                                           double* __restrict block) {
  (add_column<C, 0>(term, block), ...);
}
template <int... C>
CONTACTLAB_INLINE_IN_CLONES void add_lower_block(std::integer_sequence<int, C...>, const double* __restrict term,
                                                 double* __restrict block) {
  (add_column<C, C>(term, block), ...);
}
using BlockColumns = std::integer_sequence<int, 0, 1, 2, 3, 4, 5>;

// w = J^T D for J a 3x6 and D a 3x3 (column-major), w_rl = J_0r D_0l + (J_1r D_1l +
// J_2r D_2l) as Eigen's product sums it, in pairs of w's rows (J's columns, taken two
// at a time across J's rows).
CONTACTLAB_INLINE_IN_CLONES void weigh_side(const double* __restrict j, const double* __restrict d,
                                            double* __restrict w) {
  DoublePair rows[3][3];  // rows[k][p]: J_k,2p and J_k,2p+1
  for (int k = 0; k < 3; ++k) {
    for (int p = 0; p < 3; ++p) rows[k][p] = DoublePair{j[6 * p + k], j[6 * p + 3 + k]};
  }
  for (int l = 0; l < 3; ++l) {
    const DoublePair d0 = both(d[3 * l]), d1 = both(d[3 * l + 1]), d2 = both(d[3 * l + 2]);
    for (int p = 0; p < 3; ++p) store_pair(w + 6 * l + 2 * p, rows[0][p] * d0 + (rows[1][p] * d1 + rows[2][p] * d2));
  }
}

}  // namespace

bool prepare_velocity_hessian(const IslandRows& rows, const IslandDynamics& island, VelocityHessian& ws) {
  const std::vector<IslandMember>& members = island.members();
  const int count = static_cast<int>(members.size());
  const int k = rows.contact_count;
  ws.mass.resize(count);
  for (int m = 0; m < count; ++m) {
    if (members[m].body < 0 || members[m].offset != 6 * m) return false;
    const InverseMass& inverse = island.free_inverse_mass(m);
    if (!(inverse.inverse_mass > 0)) return false;
    ws.mass[m].setZero();
    ws.mass[m].topLeftCorner<3, 3>() = Mat3::Identity() / inverse.inverse_mass;
    ws.mass[m].bottomRightCorner<3, 3>() = inverse.inverse_inertia.inverse();
  }
  ws.contact_member[0].resize(k);
  ws.contact_member[1].resize(k);
  ws.side_rows.resize(2 * k);
  ws.pairs.clear();
  for (int c = 0; c < k; ++c) {
    for (int s = 0; s < 2; ++s) {
      const MemberJacobian& side = rows.frame_jacobians[2 * c + s];
      ws.contact_member[s][c] = side.member;
      if (side.member >= 0) ws.side_rows[2 * c + s] = side.rows;
    }
    const int a = ws.contact_member[0][c], b = ws.contact_member[1][c];
    if (a >= 0 && b >= 0 && a != b) ws.pairs.emplace_back(std::max(a, b), std::min(a, b));
  }
  std::sort(ws.pairs.begin(), ws.pairs.end());
  ws.pairs.erase(std::unique(ws.pairs.begin(), ws.pairs.end()), ws.pairs.end());
  ws.contact_pair.assign(k, -1);
  for (int c = 0; c < k; ++c) {
    const int a = ws.contact_member[0][c], b = ws.contact_member[1][c];
    if (a < 0 || b < 0 || a == b) continue;
    const std::pair<int, int> key(std::max(a, b), std::min(a, b));
    ws.contact_pair[c] = static_cast<int>(std::lower_bound(ws.pairs.begin(), ws.pairs.end(), key) - ws.pairs.begin());
  }
  ws.member_block.resize(count);
  ws.pair_block.resize(ws.pairs.size());
  ws.blocks_filled = false;
  ++ws.uses;
  int oldest = -1;
  for (int p = 0; p < static_cast<int>(ws.patterns.size()); ++p) {
    VelocityHessian::AnalysedPattern& kept = ws.patterns[p];
    if (kept.members == count && kept.pairs == ws.pairs) {
      kept.last_use = ws.uses;
      ws.pattern = p;
      return true;
    }
    if (oldest < 0 || kept.last_use < ws.patterns[oldest].last_use) oldest = p;
  }
  if (static_cast<int>(ws.patterns.size()) < kKeptPatterns) {
    oldest = static_cast<int>(ws.patterns.size());
    ws.patterns.emplace_back();
  }
  VelocityHessian::AnalysedPattern& fresh = ws.patterns[oldest];
  fresh.factor.analyse(count, ws.pairs);
  fresh.members = count;
  fresh.pairs = ws.pairs;
  fresh.last_use = ws.uses;
  ws.pattern = oldest;
  return true;
}

CONTACTLAB_VECTOR_CLONES
void fill_velocity_hessian(const std::vector<Mat3>& weight, VelocityHessian& ws, const std::vector<char>* may_differ) {
  const int k = static_cast<int>(weight.size());
  const int count = static_cast<int>(ws.mass.size());
  // The blocks to compute: all after prepare_velocity_hessian, else those of the
  // contacts whose D_c changed since the last fill.
  const bool whole = !ws.blocks_filled || static_cast<int>(ws.filled_weight.size()) != k;
  ws.member_dirty.assign(count, whole ? 1 : 0);
  ws.pair_dirty.assign(ws.pairs.size(), whole ? 1 : 0);
  ws.weight_changed.assign(k, whole ? 1 : 0);
  if (whole) {
    ws.filled_weight = weight;
    ws.side_product.resize(2 * k);
    ws.pair_product.resize(k);
  } else {
    for (int c = 0; c < k; ++c) {
      if ((may_differ != nullptr && !(*may_differ)[c]) || weight[c] == ws.filled_weight[c]) continue;
      ws.filled_weight[c] = weight[c];
      ws.weight_changed[c] = 1;
      for (int s = 0; s < 2; ++s) {
        if (ws.contact_member[s][c] >= 0) ws.member_dirty[ws.contact_member[s][c]] = 1;
      }
      if (ws.contact_pair[c] >= 0) ws.pair_dirty[ws.contact_pair[c]] = 1;
    }
  }
  for (int m = 0; m < count; ++m) {
    if (ws.member_dirty[m]) ws.member_block[m] = ws.mass[m];
  }
  for (std::size_t p = 0; p < ws.pairs.size(); ++p) {
    if (ws.pair_dirty[p]) ws.pair_block[p].setZero();
  }
  // Each block's sum over its contacts in their order, whether all blocks are computed
  // or some: the same bits either way. A contact's terms are formed when its D_c
  // changed and kept: a dirty block adds the kept terms of its other contacts.
  for (int c = 0; c < k; ++c) {
    const int pair = ws.contact_pair[c];
    const bool pair_dirty = pair >= 0 && ws.pair_dirty[pair];
    bool member_dirty[2];
    for (int s = 0; s < 2; ++s) {
      const int m = ws.contact_member[s][c];
      member_dirty[s] = m >= 0 && ws.member_dirty[m];
    }
    if (!(pair_dirty || member_dirty[0] || member_dirty[1]) || weight[c] == Mat3::Zero()) continue;
    if (ws.weight_changed[c]) {
      Eigen::Matrix<double, 6, 3> weighted[2];  // J_s^T D per side
      for (int s = 0; s < 2; ++s) {
        if (ws.contact_member[s][c] < 0) continue;
        weigh_side(ws.side_rows[2 * c + s].data(), weight[c].data(), weighted[s].data());
        lower_product(BlockColumns(), weighted[s].data(), ws.side_rows[2 * c + s].data(),
                      ws.side_product[2 * c + s].data());
      }
      if (pair >= 0) {
        // The block (first, second) of the pair: rows of the larger member.
        const int upper_side = ws.contact_member[0][c] == ws.pairs[pair].first ? 0 : 1;
        product(BlockColumns(), weighted[upper_side].data(), ws.side_rows[2 * c + 1 - upper_side].data(),
                ws.pair_product[c].data());
      }
    }
    for (int s = 0; s < 2; ++s) {
      if (member_dirty[s]) {
        add_lower_block(BlockColumns(), ws.side_product[2 * c + s].data(),
                        ws.member_block[ws.contact_member[s][c]].data());
      }
    }
    if (pair_dirty) add_block(BlockColumns(), ws.pair_product[c].data(), ws.pair_block[pair].data());
  }
  ws.blocks_filled = true;
}

bool newton_direction(VelocityHessian& ws, const Eigen::VectorXd& gradient, Eigen::VectorXd& direction) {
  BlockCholesky& factor = ws.factor();
  if (!factor.factor(ws.member_block, ws.pair_block, ws.member_dirty, ws.pair_dirty)) return false;
  factor.solve(gradient, direction, -1);
  return true;
}

double inertia_term(const VelocityHessian& system, const Eigen::VectorXd& displacement, Eigen::VectorXd& gradient,
                    Eigen::VectorXd& term_size) {
  double cost = 0;
  for (int m = 0; m < static_cast<int>(system.mass.size()); ++m) {
    member_momentum(system.mass[m], displacement, m, gradient);
    member_part(term_size, m) = member_part(gradient, m).cwiseAbs();
    cost += 0.5 * member_part(displacement, m).dot(member_part(gradient, m));
  }
  return cost;
}

bool gradient_small(const Eigen::VectorXd& gradient, const Eigen::VectorXd& term_size, double tolerance) {
  const Eigen::Index count = gradient.size() / 6;
  const auto by_kind = [&](const Eigen::VectorXd& x, int kind) {
    return Eigen::Map<const Eigen::MatrixXd, 0, Eigen::OuterStride<>>(x.data() + 3 * kind, 3, count,
                                                                     Eigen::OuterStride<>(6));
  };
  for (int kind = 0; kind < 2; ++kind) {
    const double allowed = tolerance * by_kind(term_size, kind).maxCoeff();
    if (by_kind(gradient, kind).cwiseAbs().maxCoeff() > allowed) return false;
  }
  return true;
}

}  // namespace contactlab
