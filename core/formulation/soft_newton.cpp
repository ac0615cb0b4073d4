#include "formulation/soft_newton.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "base/finite_values.h"
#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

// v => y per ray, the gradient g and its terms' size t; returns f(v).
double evaluate(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const VelocityHessian& system = ws.system;
  ws.displacement = ws.velocity - ws.free_velocity;
  double cost = inertia_term(system, ws.displacement, ws.gradient, ws.term_size);
  for (int c = 0; c < k; ++c) {
    const Vec3 rate = frame_rate(system, c, ws.displacement);
    Vec3 force = Vec3::Zero();  // f_c = sum_j e_cj min(y_cj, 0) / r_cj
    bool pressed = false;
    for (int j = 0; j < u; ++j) {
      const int ray = c * u + j;
      const Vec3 edge = edge_ray(rows, c, j);
      const double y = lcp.offset[ray] + edge.dot(rate);
      ws.ray_velocity[ray] = y;
      if (y < 0) {
        force += edge * (y / lcp.regularisation[ray]);
        cost += 0.5 * y * y / lcp.regularisation[ray];
        pressed = true;
      }
    }
    // A contact with no ray pressed adds J_c^T 0, zeros, to g and t: skipped.
    if (pressed) add_frame_force(system, c, force, ws.gradient, ws.term_size);
  }
  return cost;
}

// f(v_free): the rays' terms at y = q alone, the same sum in the same order as
// evaluate() forms there (its inertia term and e^T J (v - v_free) are exact zeros), so
// the same bits without the contacts' frame rates and forces.
double cost_at_free_velocity(const EdgeLcp& lcp, int rays) {
  double cost = 0;
  for (int ray = 0; ray < rays; ++ray) {
    const double y = lcp.offset[ray];
    if (y < 0) cost += 0.5 * y * y / lcp.regularisation[ray];
  }
  return cost;
}

// The active set at y into ws.active, its contacts whose rays changed marked in
// ws.active_changed; true when any changed.
bool take_active_set(int u, SoftNewtonWorkspace& ws) {
  bool changed = false;
  const int k = static_cast<int>(ws.active_changed.size());
  for (int c = 0; c < k; ++c) {
    for (int ray = c * u; ray < (c + 1) * u; ++ray) {
      const char active = ws.ray_velocity[ray] < 0;
      if (active == ws.active[ray]) continue;
      ws.active[ray] = active;
      ws.active_changed[c] = 1;
      changed = true;
    }
  }
  return changed;
}

// D_c = sum_{j in A} e e^T / r for the contacts whose active rays changed since the
// last fill (the others' D_c stand as they were, bit for bit), then H = M + J^T D J,
// told which D_c were formed again.
void fill_hessian(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  for (int c = 0; c < k; ++c) {
    if (!ws.active_changed[c]) continue;
    Mat3& weight = ws.weight[c];
    weight.setZero();
    for (int j = 0; j < u; ++j) {
      const int ray = c * u + j;
      if (!ws.active[ray]) continue;
      const Vec3 edge = edge_ray(rows, c, j);
      weight.noalias() += edge * edge.transpose() / lcp.regularisation[ray];
    }
  }
  fill_velocity_hessian(ws.weight, ws.system, &ws.active_changed);
  std::fill(ws.active_changed.begin(), ws.active_changed.end(), 0);
}

// The a >= 0 that minimises f(v + a d): the zero of its derivative, piecewise linear in
// a, A a + B, sweeping the kinks where a ray's y + a (e^T J d) crosses 0 in order.
double exact_line_search(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int count = static_cast<int>(ws.system.mass.size());
  double slope = 0;      // A
  double intercept = 0;  // B
  for (int m = 0; m < count; ++m) {
    const Vec6 moved = ws.system.mass[m] * member_part(ws.direction, m);
    slope += member_part(ws.direction, m).dot(moved);
    intercept += (member_part(ws.velocity, m) - member_part(ws.free_velocity, m)).dot(moved);
  }
  ws.kinks.clear();
  for (int c = 0; c < k; ++c) {
    const Vec3 rate = frame_rate(ws.system, c, ws.direction);
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
  // The kinks in increasing order, taken off a heap: the sweep usually stops after a
  // few of them, so they are not all sorted. Those within the whole Newton step (a <= 1)
  // come first and are heaped alone; the others only when the sweep passes them all
  // (the same order, so the same sums).
  const auto later = std::greater<std::pair<double, int>>();
  const auto sweep = [&](std::vector<std::pair<double, int>>::iterator first,
                         std::vector<std::pair<double, int>>::iterator last) {
    std::make_heap(first, last, later);
    for (auto unvisited = last; unvisited != first; --unvisited) {
      std::pop_heap(first, unvisited, later);
      const std::pair<double, int>& kink = *(unvisited - 1);
      if (slope > 0 && -intercept / slope <= kink.first) return true;
      const int ray = kink.second;
      const double along = ws.ray_slope[ray];
      const double change = along > 0 ? -1.0 : 1.0;  // a leaving ray has e^T J d > 0
      slope += change * along * along / lcp.regularisation[ray];
      intercept += change * ws.ray_velocity[ray] * along / lcp.regularisation[ray];
    }
    return false;
  };
  const auto beyond_step = std::partition(ws.kinks.begin(), ws.kinks.end(),
                                          [](const std::pair<double, int>& kink) { return kink.first <= 1.0; });
  if (!sweep(ws.kinks.begin(), beyond_step)) sweep(beyond_step, ws.kinks.end());
  return std::max(0.0, -intercept / slope);
}

}  // namespace

bool minimise_soft_cost(const IslandRows& rows, const EdgeLcp& lcp, const Eigen::VectorXd& start,
                        SoftNewtonWorkspace& ws, IslandSolveReport& report) {
  const int n = static_cast<int>(ws.free_velocity.size());
  const int rays = rows.contact_count * rows.friction_edges;
  ws.gradient.resize(n);
  ws.term_size.resize(n);
  ws.direction.resize(n);
  ws.ray_velocity.resize(rays);
  ws.ray_slope.resize(rays);
  ws.active.assign(rays, 0);
  ws.weight.resize(rows.contact_count);

  // Start from `start` where the cost is lower there.
  bool warm = false;
  if (start.size() == n && start.allFinite()) {
    ws.velocity = start;
    warm = evaluate(rows, lcp, ws) < cost_at_free_velocity(lcp, rays);
    if (warm) report.warm_start_used = true;
  }
  if (!warm) {
    ws.velocity = ws.free_velocity;
    evaluate(rows, lcp, ws);
  }
  // The first fill computes every D_c: the last solve's are of another r.
  ws.active_changed.assign(rows.contact_count, 1);
  take_active_set(rows.friction_edges, ws);

  bool converged = gradient_small(ws.gradient, ws.term_size, kSoftNewtonTolerance);
  int iterations = 0;
  while (!converged && iterations < kSoftNewtonIterations) {
    ++iterations;
    // d = -H^-1 g on the active set's quadratic, then the exact step along it.
    fill_hessian(rows, lcp, ws);
    if (!newton_direction(ws.system, ws.gradient, ws.direction)) return false;
    if (!ws.direction.allFinite()) return false;
    const double step = exact_line_search(rows, lcp, ws);
    ws.velocity += step * ws.direction;
    evaluate(rows, lcp, ws);
    const bool changed = take_active_set(rows.friction_edges, ws);
    converged = !changed || gradient_small(ws.gradient, ws.term_size, kSoftNewtonTolerance);
  }
  report.iterations += iterations;
  return converged && ws.velocity.allFinite();
}

bool solve_soft_newton(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws,
                       IslandDynamics& island, IslandImpulses& impulses, IslandSolveReport& report) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int rays = k * u;
  ws.answered_by = nullptr;
  if (rows.joint_row_count() > 0 || rows.torsion_count > 0 || lcp.offset.size() != rays ||
      lcp.regularisation.size() != rays || !all_finite(lcp.offset.data(), rays) ||
      !(lcp.regularisation.array() > 0).all() || !island.velocity.allFinite() ||
      !prepare_velocity_hessian(rows, island, ws.system)) {
    return false;
  }
  ws.free_velocity = island.velocity;
  report.problem_size = rays;
  if (!minimise_soft_cost(rows, lcp, island.start_velocity, ws, report)) return false;

  // y => beta = max(0, -y / r), the frame impulses, v^{l+1} = v_free + M^-1 J^T p.
  ws.z.resize(rays);
  for (int ray = 0; ray < rays; ++ray) {
    ws.z[ray] = std::max(0.0, -ws.ray_velocity[ray] / lcp.regularisation[ray]);
  }
  edge_impulses(rows, ws.z, impulses);
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  ws.answered_by = "velocity-space Newton method";
  return true;
}

}  // namespace contactlab
