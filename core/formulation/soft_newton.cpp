#include "formulation/soft_newton.h"

#include <algorithm>
#include <cmath>

#include "base/finite_values.h"
#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

using SideRows = Eigen::Matrix<double, 3, 6>;

// Member m's 6 velocities in v.
auto member_part(const Eigen::VectorXd& v, int m) { return v.segment<6>(6 * m); }

// (island, rows) => M per member, each contact's sides, the off-diagonal blocks of H
// and, when they differ from the last solve's, H's pattern and its symbolic analysis.
bool prepare(const IslandRows& rows, const IslandDynamics& island, SoftNewtonWorkspace& ws) {
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
  ws.hessian.resize(n, n);
  ws.hessian.setFromTriplets(entries.begin(), entries.end());
  ws.hessian.makeCompressed();
  // Where each block column starts among the stored entries: a member's diagonal
  // entry leads its column (lower triangle, rows sorted); a pair's rows 6 a .. 6 a + 5
  // follow one another.
  const int* outer = ws.hessian.outerIndexPtr();
  const int* inner = ws.hessian.innerIndexPtr();
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
  ws.factor.analyzePattern(ws.hessian);
  ws.analysed_members = count;
  ws.analysed_pairs = ws.pairs;
  return true;
}

// J_c x in contact c's frame, for x a velocity change over the island.
Vec3 frame_rate(const SoftNewtonWorkspace& ws, int c, const Eigen::VectorXd& x) {
  Vec3 rate = Vec3::Zero();
  for (int s = 0; s < 2; ++s) {
    const int m = ws.contact_member[s][c];
    if (m >= 0) rate += ws.side_rows[2 * c + s] * member_part(x, m);
  }
  return rate;
}

// v => y per ray, the gradient g and its terms' size t; returns f(v).
double evaluate(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int count = static_cast<int>(ws.mass.size());
  ws.displacement = ws.velocity - ws.free_velocity;
  double cost = 0;
  for (int m = 0; m < count; ++m) {
    const Vec6 momentum = ws.mass[m] * member_part(ws.displacement, m);
    ws.gradient.segment<6>(6 * m) = momentum;
    ws.term_size.segment<6>(6 * m) = momentum.cwiseAbs();
    cost += 0.5 * member_part(ws.displacement, m).dot(momentum);
  }
  for (int c = 0; c < k; ++c) {
    const Vec3 rate = frame_rate(ws, c, ws.displacement);
    Vec3 force = Vec3::Zero();  // f_c = sum_j e_cj min(y_cj, 0) / r_cj
    for (int j = 0; j < u; ++j) {
      const int ray = c * u + j;
      const Vec3 edge = edge_ray(rows, c, j);
      const double y = lcp.offset[ray] + edge.dot(rate);
      ws.ray_velocity[ray] = y;
      if (y < 0) {
        force += edge * (y / lcp.regularisation[ray]);
        cost += 0.5 * y * y / lcp.regularisation[ray];
      }
    }
    for (int s = 0; s < 2; ++s) {
      const int m = ws.contact_member[s][c];
      if (m < 0) continue;
      const Vec6 generalised = ws.side_rows[2 * c + s].transpose() * force;
      ws.gradient.segment<6>(6 * m) += generalised;
      ws.term_size.segment<6>(6 * m) += generalised.cwiseAbs();
    }
  }
  return cost;
}

// |g_i| <= tol T for every coordinate, T the largest term size t_j over the island's
// coordinates of the same kind (linear [N s] or angular [N m s]): a coordinate whose
// terms are all at round-off (a cube's sideways momentum in a resting grid) is measured
// against the island's, not its own.
bool gradient_small(const SoftNewtonWorkspace& ws) {
  const Eigen::Index count = ws.gradient.size() / 6;
  const auto by_kind = [&](const Eigen::VectorXd& x, int kind) {
    return Eigen::Map<const Eigen::MatrixXd, 0, Eigen::OuterStride<>>(x.data() + 3 * kind, 3, count,
                                                                     Eigen::OuterStride<>(6));
  };
  for (int kind = 0; kind < 2; ++kind) {
    const double allowed = kSoftNewtonTolerance * by_kind(ws.term_size, kind).maxCoeff();
    if (by_kind(ws.gradient, kind).cwiseAbs().maxCoeff() > allowed) return false;
  }
  return true;
}

// The active set at y into ws.active; true when it differs from what was there.
bool take_active_set(SoftNewtonWorkspace& ws) {
  bool changed = false;
  for (Eigen::Index ray = 0; ray < ws.ray_velocity.size(); ++ray) {
    const char active = ws.ray_velocity[ray] < 0;
    changed = changed || active != ws.active[ray];
    ws.active[ray] = active;
  }
  return changed;
}

// H = M + J^T D J over the active set, into the stored entries of ws.hessian.
void fill_hessian(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int count = static_cast<int>(ws.mass.size());
  for (int m = 0; m < count; ++m) ws.member_block[m] = ws.mass[m];
  for (Mat6& block : ws.pair_block) block.setZero();
  for (int c = 0; c < k; ++c) {
    Mat3 weight = Mat3::Zero();  // D_c = sum_{j in A} e e^T / r
    bool any = false;
    for (int j = 0; j < u; ++j) {
      const int ray = c * u + j;
      if (!ws.active[ray]) continue;
      const Vec3 edge = edge_ray(rows, c, j);
      weight.noalias() += edge * edge.transpose() / lcp.regularisation[ray];
      any = true;
    }
    if (!any) continue;
    Eigen::Matrix<double, 6, 3> weighted[2];  // J_s^T D per side
    for (int s = 0; s < 2; ++s) {
      const int m = ws.contact_member[s][c];
      if (m < 0) continue;
      weighted[s].noalias() = ws.side_rows[2 * c + s].transpose() * weight;
      ws.member_block[m].noalias() += weighted[s] * ws.side_rows[2 * c + s];
    }
    const int pair = ws.contact_pair[c];
    if (pair < 0) continue;
    // The block (first, second) of the pair: rows of the larger member.
    const int upper_side = ws.contact_member[0][c] == ws.pairs[pair].first ? 0 : 1;
    ws.pair_block[pair].noalias() += weighted[upper_side] * ws.side_rows[2 * c + 1 - upper_side];
  }
  double* values = ws.hessian.valuePtr();
  for (int m = 0; m < count; ++m) {
    for (int j = 0; j < 6; ++j) {
      double* column = values + ws.member_entry[6 * m + j];
      for (int i = j; i < 6; ++i) column[i - j] = ws.member_block[m](i, j);
    }
  }
  for (std::size_t p = 0; p < ws.pairs.size(); ++p) {
    for (int j = 0; j < 6; ++j) {
      double* column = values + ws.pair_entry[6 * p + j];
      for (int i = 0; i < 6; ++i) column[i] = ws.pair_block[p](i, j);
    }
  }
}

// The a >= 0 that minimises f(v + a d): the zero of its derivative, piecewise linear in
// a, A a + B, sweeping the kinks where a ray's y + a (e^T J d) crosses 0 in order.
double exact_line_search(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int count = static_cast<int>(ws.mass.size());
  double slope = 0;      // A
  double intercept = 0;  // B
  for (int m = 0; m < count; ++m) {
    const Vec6 moved = ws.mass[m] * member_part(ws.direction, m);
    slope += member_part(ws.direction, m).dot(moved);
    intercept += (member_part(ws.velocity, m) - member_part(ws.free_velocity, m)).dot(moved);
  }
  ws.kinks.clear();
  for (int c = 0; c < k; ++c) {
    const Vec3 rate = frame_rate(ws, c, ws.direction);
    for (int j = 0; j < u; ++j) {
      const int ray = c * u + j;
      const double along = edge_ray(rows, c, j).dot(rate);  // e^T J d
      const double y = ws.ray_velocity[ray];
      ws.ray_slope[ray] = along;
      const bool active = y < 0 || (y == 0 && along < 0);
      if (active) {
        slope += along * along / lcp.regularisation[ray];
        intercept += y * along / lcp.regularisation[ray];
        if (along > 0) ws.kinks.emplace_back(-y / along, ray);  // leaves
      } else if (along < 0) {
        ws.kinks.emplace_back(-y / along, ray);  // enters
      }
    }
  }
  std::sort(ws.kinks.begin(), ws.kinks.end());
  for (const std::pair<double, int>& kink : ws.kinks) {
    if (slope > 0 && -intercept / slope <= kink.first) break;
    const int ray = kink.second;
    const double along = ws.ray_slope[ray];
    const double change = along > 0 ? -1.0 : 1.0;  // a leaving ray has e^T J d > 0
    slope += change * along * along / lcp.regularisation[ray];
    intercept += change * ws.ray_velocity[ray] * along / lcp.regularisation[ray];
  }
  return std::max(0.0, -intercept / slope);
}

}  // namespace

bool solve_soft_newton(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws,
                       IslandDynamics& island, IslandImpulses& impulses, IslandSolveReport& report) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int rays = k * u;
  if (rows.joint_row_count() > 0 || rows.torsion_count > 0 || lcp.offset.size() != rays ||
      lcp.regularisation.size() != rays || !all_finite(lcp.offset.data(), rays) ||
      !(lcp.regularisation.array() > 0).all() || !island.velocity.allFinite() ||
      !prepare(rows, island, ws)) {
    return false;
  }
  const int n = static_cast<int>(island.velocity.size());
  ws.free_velocity = island.velocity;
  ws.gradient.resize(n);
  ws.term_size.resize(n);
  ws.direction.resize(n);
  ws.ray_velocity.resize(rays);
  ws.ray_slope.resize(rays);
  ws.active.assign(rays, 0);

  // Start from v^l where the cost is lower there.
  ws.velocity = ws.free_velocity;
  double cost = evaluate(rows, lcp, ws);
  if (island.start_velocity.size() == n && island.start_velocity.allFinite()) {
    ws.velocity = island.start_velocity;
    const double warm_cost = evaluate(rows, lcp, ws);
    if (warm_cost < cost) {
      report.warm_start_used = true;
    } else {
      ws.velocity = ws.free_velocity;
      evaluate(rows, lcp, ws);
    }
  }
  take_active_set(ws);

  bool converged = gradient_small(ws);
  int iterations = 0;
  while (!converged && iterations < kSoftNewtonIterations) {
    ++iterations;
    // d = -H^-1 g on the active set's quadratic, then the exact step along it.
    fill_hessian(rows, lcp, ws);
    ws.factor.factorize(ws.hessian);
    if (ws.factor.info() != Eigen::Success) return false;
    ws.direction = -ws.factor.solve(ws.gradient);
    if (!ws.direction.allFinite()) return false;
    const double step = exact_line_search(rows, lcp, ws);
    ws.velocity += step * ws.direction;
    evaluate(rows, lcp, ws);
    const bool changed = take_active_set(ws);
    converged = !changed || gradient_small(ws);
  }
  report.iterations += iterations;
  report.problem_size = rays;
  if (!converged || !ws.velocity.allFinite()) return false;

  // y => beta = max(0, -y / r), the frame impulses, v^{l+1} = v_free + M^-1 J^T p.
  ws.z.resize(rays);
  for (int ray = 0; ray < rays; ++ray) {
    ws.z[ray] = std::max(0.0, -ws.ray_velocity[ray] / lcp.regularisation[ray]);
  }
  edge_impulses(rows, ws.z, impulses);
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  return true;
}

}  // namespace contactlab
