#include "formulation/soft_newton_elliptic.h"

#include <cmath>
#include <limits>

#include "formulation/cone_edge_problem.h"
#include "formulation/soft_newton.h"

namespace contactlab {
namespace {

constexpr double kEllipticLineTolerance = 1e-10;
constexpr int kEllipticLineIterations = 50;

// v => y_c and each contact's l_c and p_c (H_c is formed where H is built), the gradient
// g and its terms' size t; returns f(v), or NaN when a contact's term could not be
// evaluated.
double evaluate_elliptic(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                         const std::vector<Vec3>& offset, const VelocityHessian& system,
                         SoftEllipticNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  ws.displacement = ws.velocity - ws.free_velocity;
  double cost = inertia_term(system, ws.displacement, ws.gradient, ws.term_size);
  for (int c = 0; c < k; ++c) {
    ws.contact_velocity[c] = offset[c] + frame_rate(system, c, ws.displacement);
    EllipticConeCost& term = ws.cost[c];
    if (!elliptic_cone_cost(ws.contact_velocity[c], regularisation[c], rows.friction_coefficient[c], false,
                            term)) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    cost += term.value;
    if (term.zone != EllipticZone::Top) add_frame_force(system, c, -term.impulse, ws.gradient, ws.term_size);
  }
  return cost;
}

// The a >= 0 where f'(a) = d^T g(v + a d) vanishes, by Newton's method on f' kept in the
// bracket [lo, hi] with f'(lo) < 0 < f'(hi) (bisecting, or doubling while there is no
// hi, when a Newton step leaves it). NaN when a contact's term could not be evaluated.
double elliptic_line_search(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                            const VelocityHessian& system, SoftEllipticNewtonWorkspace& ws) {
  const int k = rows.contact_count;
  const int count = static_cast<int>(system.mass.size());
  double curvature = 0;  // d^T M d
  double start = 0;      // (v - v_free)^T M d
  for (int m = 0; m < count; ++m) {
    const Vec6 moved = system.mass[m] * member_part(ws.direction, m);
    curvature += member_part(ws.direction, m).dot(moved);
    start += member_part(ws.displacement, m).dot(moved);
  }
  for (int c = 0; c < k; ++c) ws.contact_slope[c] = frame_rate(system, c, ws.direction);
  const double initial = ws.direction.dot(ws.gradient);  // f'(0)
  if (!(initial < 0)) return 0;
  const double allowed = kEllipticLineTolerance * -initial;
  double lo = 0;
  double hi = std::numeric_limits<double>::infinity();
  double a = 1;
  EllipticConeCost term;
  for (int iteration = 0; iteration < kEllipticLineIterations; ++iteration) {
    double derivative = curvature * a + start;
    double second = curvature;
    for (int c = 0; c < k; ++c) {
      const Vec3& slope = ws.contact_slope[c];
      if (!elliptic_cone_cost(ws.contact_velocity[c] + a * slope, regularisation[c],
                              rows.friction_coefficient[c], true, term)) {
        return std::numeric_limits<double>::quiet_NaN();
      }
      derivative -= slope.dot(term.impulse);
      second += slope.dot(term.hessian * slope);
    }
    if (std::abs(derivative) <= allowed) return a;
    (derivative < 0 ? lo : hi) = a;
    double next = a - derivative / second;
    if (!(next > lo && next < hi)) next = std::isfinite(hi) ? 0.5 * (lo + hi) : 2 * a;
    if (std::isfinite(hi) && hi - lo <= 1e-15 * hi) return a;
    a = next;
  }
  return a;
}

}  // namespace

bool solve_soft_newton_elliptic(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                                const std::vector<Vec3>& offset, VelocityHessian& system,
                                SoftEllipticNewtonWorkspace& ws, IslandDynamics& island,
                                IslandImpulses& impulses, IslandSolveReport& report) {
  const int k = rows.contact_count;
  ws.answered_by = nullptr;
  if (rows.joint_row_count() > 0 || rows.torsion_count > 0 ||
      static_cast<int>(regularisation.size()) != k || static_cast<int>(offset.size()) != k ||
      !island.velocity.allFinite() || !prepare_velocity_hessian(rows, island, system)) {
    return false;
  }
  for (int c = 0; c < k; ++c) {
    if (!offset[c].allFinite() || !(regularisation[c].array() > 0).all()) return false;
  }
  const int n = static_cast<int>(island.velocity.size());
  ws.free_velocity = island.velocity;
  ws.gradient.resize(n);
  ws.term_size.resize(n);
  ws.direction.resize(n);
  ws.weight.resize(k);
  ws.contact_velocity.resize(k);
  ws.contact_slope.resize(k);
  ws.cost.resize(k);
  ws.built_zone.resize(k);

  // Start from v^l where the cost is lower there.
  ws.velocity = ws.free_velocity;
  double cost = evaluate_elliptic(rows, regularisation, offset, system, ws);
  if (island.start_velocity.size() == n && island.start_velocity.allFinite()) {
    ws.velocity = island.start_velocity;
    const double warm_cost = evaluate_elliptic(rows, regularisation, offset, system, ws);
    if (warm_cost < cost) {
      report.warm_start_used = true;
      cost = warm_cost;
    } else {
      ws.velocity = ws.free_velocity;
      cost = evaluate_elliptic(rows, regularisation, offset, system, ws);
    }
  }
  if (!std::isfinite(cost)) return false;

  bool converged = gradient_small(ws.gradient, ws.term_size, kSoftNewtonTolerance);
  int iterations = 0;
  while (!converged && iterations < kSoftNewtonIterations) {
    ++iterations;
    for (int c = 0; c < k; ++c) {
      if (!elliptic_cone_hessian(ws.contact_velocity[c], regularisation[c], rows.friction_coefficient[c],
                                 ws.cost[c], ws.weight[c])) {
        return false;
      }
    }
    fill_velocity_hessian(ws.weight, system);
    if (!newton_direction(system, ws.gradient, ws.direction)) return false;
    if (!ws.direction.allFinite()) return false;
    const double step = elliptic_line_search(rows, regularisation, system, ws);
    if (!std::isfinite(step)) return false;
    ws.velocity += step * ws.direction;
    for (int c = 0; c < k; ++c) ws.built_zone[c] = ws.cost[c].zone;
    if (!std::isfinite(evaluate_elliptic(rows, regularisation, offset, system, ws))) return false;
    // Where no contact is on the cone's surface the cost is quadratic on each side of
    // the step: zones unchanged, the step minimised that very quadratic, exactly (as
    // soft_newton.h's unchanged active set; its gradient, all round-off when every
    // contact separates, may never pass the relative test).
    bool quadratic_piece = true;
    for (int c = 0; c < k && quadratic_piece; ++c) {
      quadratic_piece = ws.cost[c].zone == ws.built_zone[c] && ws.cost[c].zone != EllipticZone::Middle;
    }
    converged = quadratic_piece || gradient_small(ws.gradient, ws.term_size, kSoftNewtonTolerance);
  }
  report.iterations += iterations;
  report.problem_size = 3 * k;
  if (!converged || !ws.velocity.allFinite()) return false;

  // p_c at the minimiser, v^{l+1} = v_free + M^-1 J^T p.
  impulses.reset(k, 0, 0);
  for (int c = 0; c < k; ++c) impulses.contact[c] = ws.cost[c].impulse;
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  ws.answered_by = "velocity-space Newton method";
  return true;
}

}  // namespace contactlab
