#include "formulation/velocity_hessian.h"

#include <algorithm>

namespace contactlab {

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
  if (count == ws.analysed_members && ws.pairs == ws.analysed_pairs) return true;

  // The pattern: each member's lower 6x6 triangle, each pair's full 6x6 block.
  const int n = 6 * count;
  std::vector<Eigen::Triplet<double>> entries;
  entries.reserve(21 * count + 36 * ws.pairs.size());
  for (int m = 0; m < count; ++m) {
    for (int j = 0; j < 6; ++j) {
      for (int i = j; i < 6; ++i) entries.emplace_back(6 * m + i, 6 * m + j, 0.0);
    }
  }
  for (const std::pair<int, int>& pair : ws.pairs) {
    for (int j = 0; j < 6; ++j) {
      for (int i = 0; i < 6; ++i) entries.emplace_back(6 * pair.first + i, 6 * pair.second + j, 0.0);
    }
  }
  Eigen::SparseMatrix<double> lower(n, n);
  lower.setFromTriplets(entries.begin(), entries.end());
  lower.makeCompressed();
  // Where each block column starts among the stored entries: a member's diagonal
  // entry leads its column (lower triangle, rows sorted); a pair's rows 6 a .. 6 a + 5
  // follow one another.
  const int* outer = lower.outerIndexPtr();
  const int* inner = lower.innerIndexPtr();
  ws.member_entry.resize(n);
  for (int column = 0; column < n; ++column) ws.member_entry[column] = outer[column];
  ws.pair_entry.resize(6 * ws.pairs.size());
  for (std::size_t p = 0; p < ws.pairs.size(); ++p) {
    for (int j = 0; j < 6; ++j) {
      const int column = 6 * ws.pairs[p].second + j;
      ws.pair_entry[6 * p + j] = static_cast<int>(
          std::lower_bound(inner + outer[column], inner + outer[column + 1], 6 * ws.pairs[p].first) - inner);
    }
  }
  // P by approximate minimum degree over H's full pattern, as SimplicialLDLT orders.
  {
    Eigen::SparseMatrix<double> full;
    full = lower.selfadjointView<Eigen::Lower>();
    Eigen::AMDOrdering<int> minimum_degree;
    minimum_degree(full, ws.inverse_order);
  }
  ws.order = ws.inverse_order.inverse();
  // Where each stored entry of H lands in P H P^T's upper triangle: the entries' own
  // indices, exact in doubles, carried there by the same permutation.
  for (int e = 0; e < lower.nonZeros(); ++e) lower.valuePtr()[e] = e;
  ws.ordered_hessian.resize(n, n);
  ws.ordered_hessian.selfadjointView<Eigen::Upper>() = lower.selfadjointView<Eigen::Lower>().twistedBy(ws.order);
  ws.ordered_entry.resize(lower.nonZeros());
  for (int e = 0; e < ws.ordered_hessian.nonZeros(); ++e) {
    ws.ordered_entry[static_cast<int>(ws.ordered_hessian.valuePtr()[e])] = e;
  }
  ws.factor.analyzePattern(ws.ordered_hessian);
  ws.analysed_members = count;
  ws.analysed_pairs = ws.pairs;
  return true;
}

Vec3 frame_rate(const VelocityHessian& ws, int c, const Eigen::VectorXd& x) {
  Vec3 rate = Vec3::Zero();
  for (int s = 0; s < 2; ++s) {
    const int m = ws.contact_member[s][c];
    if (m >= 0) rate += ws.side_rows[2 * c + s] * member_part(x, m);
  }
  return rate;
}

void add_frame_force(const VelocityHessian& ws, int c, const Vec3& force, Eigen::VectorXd& out,
                     Eigen::VectorXd& size) {
  for (int s = 0; s < 2; ++s) {
    const int m = ws.contact_member[s][c];
    if (m < 0) continue;
    const Vec6 generalised = ws.side_rows[2 * c + s].transpose() * force;
    out.segment<6>(6 * m) += generalised;
    size.segment<6>(6 * m) += generalised.cwiseAbs();
  }
}

void fill_velocity_hessian(const std::vector<Mat3>& weight, VelocityHessian& ws) {
  const int k = static_cast<int>(weight.size());
  const int count = static_cast<int>(ws.mass.size());
  for (int m = 0; m < count; ++m) ws.member_block[m] = ws.mass[m];
  for (Mat6& block : ws.pair_block) block.setZero();
  for (int c = 0; c < k; ++c) {
    if (weight[c] == Mat3::Zero()) continue;
    Eigen::Matrix<double, 6, 3> weighted[2];  // J_s^T D per side
    for (int s = 0; s < 2; ++s) {
      const int m = ws.contact_member[s][c];
      if (m < 0) continue;
      weighted[s].noalias() = ws.side_rows[2 * c + s].transpose() * weight[c];
      ws.member_block[m].noalias() += weighted[s] * ws.side_rows[2 * c + s];
    }
    const int pair = ws.contact_pair[c];
    if (pair < 0) continue;
    // The block (first, second) of the pair: rows of the larger member.
    const int upper_side = ws.contact_member[0][c] == ws.pairs[pair].first ? 0 : 1;
    ws.pair_block[pair].noalias() += weighted[upper_side] * ws.side_rows[2 * c + 1 - upper_side];
  }
  double* values = ws.ordered_hessian.valuePtr();
  const int* ordered = ws.ordered_entry.data();
  for (int m = 0; m < count; ++m) {
    for (int j = 0; j < 6; ++j) {
      const int* column = ordered + ws.member_entry[6 * m + j];
      for (int i = j; i < 6; ++i) values[column[i - j]] = ws.member_block[m](i, j);
    }
  }
  for (std::size_t p = 0; p < ws.pairs.size(); ++p) {
    for (int j = 0; j < 6; ++j) {
      const int* column = ordered + ws.pair_entry[6 * p + j];
      for (int i = 0; i < 6; ++i) values[column[i]] = ws.pair_block[p](i, j);
    }
  }
}

bool newton_direction(VelocityHessian& ws, const Eigen::VectorXd& gradient, Eigen::VectorXd& direction) {
  ws.factor.factorize(ws.ordered_hessian);
  if (ws.factor.info() != Eigen::Success) return false;
  ws.ordered_vector = ws.order * gradient;
  ws.ordered_vector = ws.factor.solve(ws.ordered_vector);
  direction = -(ws.inverse_order * ws.ordered_vector);
  return true;
}

double inertia_term(const VelocityHessian& system, const Eigen::VectorXd& displacement, Eigen::VectorXd& gradient,
                    Eigen::VectorXd& term_size) {
  double cost = 0;
  for (int m = 0; m < static_cast<int>(system.mass.size()); ++m) {
    const Vec6 momentum = system.mass[m] * member_part(displacement, m);
    member_part(gradient, m) = momentum;
    member_part(term_size, m) = momentum.cwiseAbs();
    cost += 0.5 * member_part(displacement, m).dot(momentum);
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
