#include "formulation/soft_newton.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "base/double_pair.h"
#include "base/finite_values.h"
#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

// v => v - v_free, M (v - v_free) and each contact's J_c (v - v_free), from scratch.
void take_displacement(SoftNewtonWorkspace& ws) {
  const VelocityHessian& system = ws.system;
  ws.displacement = ws.velocity - ws.free_velocity;
  for (int m = 0; m < static_cast<int>(system.mass.size()); ++m) {
    member_momentum(system.mass[m], ws.displacement, m, ws.momentum);
  }
  for (int c = 0; c < static_cast<int>(ws.contact_rate.size()); ++c) {
    ws.contact_rate[c] = frame_rate(system, c, ws.displacement);
  }
}

// v at v_free: every term of take_displacement an exact zero.
void take_zero_displacement(SoftNewtonWorkspace& ws) {
  ws.velocity = ws.free_velocity;
  ws.displacement.setZero();
  ws.momentum.setZero();
  std::fill(ws.contact_rate.begin(), ws.contact_rate.end(), Vec3::Zero());
}

// Each ray's e_cj and 1 / r_cj for a solve.
void take_rays(const IslandRows& rows, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  ws.ray_edge.resize(k * u);
  ws.inverse_regularisation.resize(k * u);
  for (int c = 0; c < k; ++c) {
    for (int j = 0; j < u; ++j) {
      ws.ray_edge[c * u + j] = edge_ray(rows, c, j);
      ws.inverse_regularisation[c * u + j] = 1.0 / lcp.regularisation[c * u + j];
    }
  }
}

// pair(ray) for the rays of [first, last) two at a time, then lone(ray) for one left
// over: the per-ray passes below in pairs of rays, each lane a ray's scalar work.
template <typename Pair, typename Lone>
inline void in_ray_pairs(int first, int last, Pair pair, Lone lone) {
  int ray = first;
  for (; ray + 1 < last; ray += 2) pair(ray);
  if (ray < last) lone(ray);
}

// e^T x for the rays `ray` and `ray + 1` (adjacent Vec3s), each e_0 x_0 + (e_1 x_1 +
// e_2 x_2) as Eigen's dot sums it.
inline DoublePair ray_pair_dot(const Vec3* edge, int ray, const Vec3& x) {
  const double* e = edge[ray].data();
  return DoublePair{e[0], e[3]} * both(x[0]) + (DoublePair{e[1], e[4]} * both(x[1]) + DoublePair{e[2], e[5]} * both(x[2]));
}

// A ray's y into `velocity` and y < 0 into `active`; non-zero when that changed it.
char take_ray(double y, double& velocity, char& active) {
  const char pressed = y < 0;
  const char changed = pressed ^ active;
  velocity = y;
  active = pressed;
  return changed;
}

// The frame rates => y_cj = q_cj + e_cj^T J_c (v - v_free) per ray, and the active set
// at y into ws.active, its contacts whose rays changed marked in ws.active_changed;
// true when any changed.
bool take_ray_velocities(int u, const EdgeLcp& lcp, SoftNewtonWorkspace& ws) {
  const int k = static_cast<int>(ws.contact_rate.size());
  const double* offset = lcp.offset.data();
  const Vec3* edge = ws.ray_edge.data();
  double* velocity = ws.ray_velocity.data();
  char* active = ws.active.data();
  bool changed = false;
  for (int c = 0; c < k; ++c) {
    const Vec3 rate = ws.contact_rate[c];
    char contact_changed = 0;
    in_ray_pairs(
        c * u, (c + 1) * u,
        [&](int ray) {
          const DoublePair y = load_pair(offset + ray) + ray_pair_dot(edge, ray, rate);
          contact_changed |= take_ray(y[0], velocity[ray], active[ray]);
          contact_changed |= take_ray(y[1], velocity[ray + 1], active[ray + 1]);
        },
        [&](int ray) { contact_changed |= take_ray(offset[ray] + edge[ray].dot(rate), velocity[ray], active[ray]); });
    if (contact_changed) {
      ws.active_changed[c] = 1;
      changed = true;
    }
  }
  return changed;
}

// v + a d, its momentum moved by a M d and each ray's y by a e^T J d (the line
// search's), not formed again from v; the active set taken at the new y as
// take_ray_velocities takes it. True when it changed.
bool advance(double step, int u, SoftNewtonWorkspace& ws) {
  ws.velocity += step * ws.direction;
  ws.displacement = ws.velocity - ws.free_velocity;
  ws.momentum += step * ws.moved;
  const int k = static_cast<int>(ws.contact_rate.size());
  const double* along = ws.ray_slope.data();
  double* velocity = ws.ray_velocity.data();
  char* active = ws.active.data();
  bool changed = false;
  for (int c = 0; c < k; ++c) {
    char contact_changed = 0;
    in_ray_pairs(
        c * u, (c + 1) * u,
        [&](int ray) {
          const DoublePair y = load_pair(velocity + ray) + both(step) * load_pair(along + ray);
          contact_changed |= take_ray(y[0], velocity[ray], active[ray]);
          contact_changed |= take_ray(y[1], velocity[ray + 1], active[ray + 1]);
        },
        [&](int ray) { contact_changed |= take_ray(velocity[ray] + step * along[ray], velocity[ray], active[ray]); });
    if (contact_changed) {
      ws.active_changed[c] = 1;
      changed = true;
    }
  }
  return changed;
}

// (v - v_free, M (v - v_free), y per ray and its active set) => the gradient g and its
// terms' size t; returns f(v).
double take_gradient(int u, SoftNewtonWorkspace& ws) {
  const int k = static_cast<int>(ws.contact_rate.size());
  const double* velocity = ws.ray_velocity.data();
  const double* inverse = ws.inverse_regularisation.data();
  const Vec3* edge = ws.ray_edge.data();
  const char* active = ws.active.data();
  ws.gradient = ws.momentum;
  ws.term_size = ws.momentum.cwiseAbs();
  double cost = 0.5 * ws.displacement.dot(ws.momentum);
  for (int c = 0; c < k; ++c) {
    // f_c = sum_j e_cj min(y_cj, 0) / r_cj, its first two entries as a pair.
    DoublePair force = both(0.0);
    double last = 0;
    bool pressed = false;
    for (int ray = c * u; ray < (c + 1) * u; ++ray) {
      if (!active[ray]) continue;
      const double weighted = velocity[ray] * inverse[ray];  // y / r
      force += load_pair(edge[ray].data()) * both(weighted);
      last += edge[ray][2] * weighted;
      cost += 0.5 * velocity[ray] * weighted;
      pressed = true;
    }
    // A contact with no ray pressed adds J_c^T 0, zeros, to g and t: skipped.
    if (pressed) add_frame_force(ws.system, c, Vec3(force[0], force[1], last), ws.gradient, ws.term_size);
  }
  return cost;
}

// f(v_free): the rays' terms at y = q alone, the same sum in the same order as
// take_gradient() forms there (its inertia term and e^T J (v - v_free) are exact
// zeros), so the same bits without the contacts' forces.
double cost_at_free_velocity(const EdgeLcp& lcp, const SoftNewtonWorkspace& ws) {
  double cost = 0;
  for (Eigen::Index ray = 0; ray < lcp.offset.size(); ++ray) {
    const double y = lcp.offset[ray];
    if (y < 0) cost += 0.5 * y * (y * ws.inverse_regularisation[ray]);
  }
  return cost;
}

// D_c = sum_{j in A} e e^T / r for the contacts whose active rays changed since the
// last fill (the others' D_c stand as they were, bit for bit), then H = M + J^T D J,
// told which D_c were formed again.
void fill_hessian(int u, SoftNewtonWorkspace& ws) {
  const int k = static_cast<int>(ws.contact_rate.size());
  for (int c = 0; c < k; ++c) {
    if (!ws.active_changed[c]) continue;
    Mat3& weight = ws.weight[c];
    weight.setZero();
    for (int ray = c * u; ray < (c + 1) * u; ++ray) {
      if (!ws.active[ray]) continue;
      const Vec3& edge = ws.ray_edge[ray];
      weight.noalias() += edge * (edge.transpose() * ws.inverse_regularisation[ray]);
    }
  }
  fill_velocity_hessian(ws.weight, ws.system, &ws.active_changed);
  std::fill(ws.active_changed.begin(), ws.active_changed.end(), 0);
}

constexpr int kScannedKinks = 4;

// The a >= 0 that minimises f(v + a d): the zero of its derivative, piecewise linear in
// a, A a + B, sweeping the kinks where a ray's y + a (e^T J d) crosses 0 in order.
double exact_line_search(int u, SoftNewtonWorkspace& ws) {
  const int k = static_cast<int>(ws.contact_rate.size());
  const double* velocity = ws.ray_velocity.data();
  const double* inverse = ws.inverse_regularisation.data();
  const Vec3* edge = ws.ray_edge.data();
  double* ray_slope = ws.ray_slope.data();
  const int count = static_cast<int>(ws.system.mass.size());
  // (A, B) as a pair, each lane's sum in the scalar's order.
  DoublePair line = both(0.0);
  const double* direction = ws.direction.data();
  const double* displacement = ws.displacement.data();
  const double* moved = ws.moved.data();  // M d
  for (int m = 0; m < count; ++m) {
    member_momentum(ws.system.mass[m], ws.direction, m, ws.moved);
    // d^T M d and (v - v_free)^T M d over the member's 6 velocities, each summed
    // (t_0 + (t_1 + t_2)) + (t_3 + (t_4 + t_5)) as Eigen's fixed-size dot sums it.
    const auto term = [&](int i) {
      return DoublePair{direction[6 * m + i], displacement[6 * m + i]} * both(moved[6 * m + i]);
    };
    line += (term(0) + (term(1) + term(2))) + (term(3) + (term(4) + term(5)));
  }
  // At most one kink a ray: the buffer is sized to the rays once a solve and written
  // by index, with no capacity check per kink.
  std::pair<double, int>* kink = ws.kinks.data();
  int kink_count = 0;
  for (int c = 0; c < k; ++c) {
    const Vec3 rate = frame_rate(ws.system, c, ws.direction);  // J_c d
    in_ray_pairs(
        c * u, (c + 1) * u, [&](int ray) { store_pair(ray_slope + ray, ray_pair_dot(edge, ray, rate)); },
        [&](int ray) { ray_slope[ray] = edge[ray].dot(rate); });
    for (int ray = c * u; ray < (c + 1) * u; ++ray) {
      const double along = ray_slope[ray];  // e^T J d
      const double y = velocity[ray];
      const bool active = y < 0 || (y == 0 && along < 0);
      if (active) {
        const double weighted = along * inverse[ray];  // e^T J d / r
        line += DoublePair{along, y} * both(weighted);
        if (along > 0) kink[kink_count++] = {-y / along, ray};  // leaves
      } else if (along < 0) {
        kink[kink_count++] = {-y / along, ray};  // enters
      }
    }
  }
  double slope = line[0];      // A
  double intercept = line[1];  // B
  // The kinks in increasing order: the sweep usually stops after one or two, so the
  // first kScannedKinks are found by a scan for the smallest, the rest taken off a heap
  // (not all sorted). Those within the whole Newton step (a <= 1) come first and are
  // swept alone; the others only when the sweep passes them all (the same order,
  // so the same sums).
  const auto passes = [&](const std::pair<double, int>& kink) {
    if (slope > 0 && -intercept / slope <= kink.first) return false;
    const int ray = kink.second;
    const double along = ray_slope[ray];
    const double change = along > 0 ? -1.0 : 1.0;  // a leaving ray has e^T J d > 0
    const double weighted = change * along * inverse[ray];
    slope += along * weighted;
    intercept += velocity[ray] * weighted;
    return true;
  };
  const auto later = std::greater<std::pair<double, int>>();
  const auto sweep = [&](std::pair<double, int>* first, std::pair<double, int>* last) {
    for (int scanned = 0; scanned < kScannedKinks && first != last; ++scanned, ++first) {
      std::iter_swap(first, std::min_element(first, last));
      if (!passes(*first)) return true;
    }
    std::make_heap(first, last, later);
    for (auto unvisited = last; unvisited != first; --unvisited) {
      std::pop_heap(first, unvisited, later);
      if (!passes(*(unvisited - 1))) return true;
    }
    return false;
  };
  std::pair<double, int>* const kinks_end = kink + kink_count;
  std::pair<double, int>* const beyond_step =
      std::partition(kink, kinks_end, [](const std::pair<double, int>& found) { return found.first <= 1.0; });
  if (!sweep(kink, beyond_step)) sweep(beyond_step, kinks_end);
  return std::max(0.0, -intercept / slope);
}

}  // namespace

bool minimise_soft_cost(const IslandRows& rows, const EdgeLcp& lcp, const Eigen::VectorXd* start,
                        SoftNewtonWorkspace& ws, IslandSolveReport& report) {
  const int n = static_cast<int>(ws.free_velocity.size());
  const int rays = rows.contact_count * rows.friction_edges;
  ws.gradient.resize(n);
  ws.term_size.resize(n);
  ws.direction.resize(n);
  ws.moved.resize(n);
  ws.ray_velocity.resize(rays);
  ws.ray_slope.resize(rays);
  ws.kinks.resize(rays);
  ws.active.assign(rays, 0);
  ws.weight.resize(rows.contact_count);
  ws.active_changed.resize(rows.contact_count);
  ws.momentum.resize(n);  // sizes as the last call's when resuming: kept
  ws.contact_rate.resize(rows.contact_count);
  take_rays(rows, lcp, ws);
  const int u = rows.friction_edges;

  // Start from `start`, or v as the last call left it, where the cost is lower there.
  bool warm = false;
  if (start == nullptr || (start->size() == n && start->allFinite())) {
    if (start != nullptr) {
      ws.velocity = *start;
      take_displacement(ws);
    }
    take_ray_velocities(u, lcp, ws);
    warm = take_gradient(u, ws) < cost_at_free_velocity(lcp, ws);
    if (warm) report.warm_start_used = true;
  }
  if (!warm) {
    take_zero_displacement(ws);
    take_ray_velocities(u, lcp, ws);
    take_gradient(u, ws);
  }
  // The first fill computes every D_c: the last solve's are of another r.
  std::fill(ws.active_changed.begin(), ws.active_changed.end(), 1);

  bool converged = gradient_small(ws.gradient, ws.term_size, kSoftNewtonTolerance);
  bool failed = false;
  int iterations = 0;
  while (!converged && iterations < kSoftNewtonIterations) {
    ++iterations;
    // d = -H^-1 g on the active set's quadratic, then the exact step along it.
    fill_hessian(u, ws);
    failed = !newton_direction(ws.system, ws.gradient, ws.direction) || !ws.direction.allFinite();
    if (failed) break;
    // An unchanged active set ends the solve, its gradient unneeded.
    converged = !advance(exact_line_search(u, ws), u, ws);
    if (!converged) {
      take_gradient(u, ws);
      converged = gradient_small(ws.gradient, ws.term_size, kSoftNewtonTolerance);
    }
  }
  if (!failed) report.iterations += iterations;
  // The steps' sums of a M d and a e^T J d replaced by M (v - v_free), J_c (v - v_free)
  // and y formed again: the answer's y are those of its v.
  if (iterations > 0) {
    take_displacement(ws);
    take_ray_velocities(u, lcp, ws);
  }
  return !failed && converged && ws.velocity.allFinite();
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
  if (!minimise_soft_cost(rows, lcp, &island.start_velocity, ws, report)) return false;

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
