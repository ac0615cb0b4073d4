#include "formulation/convex_newton.h"

#include <algorithm>
#include <cmath>

#include "base/finite_values.h"
#include "formulation/cone_edge_problem.h"

namespace contactlab {

bool solve_convex_newton(const IslandRows& rows, const IslandContactState& contacts, ContactWarmStart& warm_start,
                         ConvexNewtonWorkspace& ws, IslandDynamics& island, IslandImpulses& impulses,
                         IslandSolveReport& report) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const int rays = k * u;
  ws.answered_by = nullptr;
  if (rows.joint_row_count() > 0 || rows.torsion_count > 0 || !island.velocity.allFinite() ||
      !all_finite(rows.target_velocity.data(), k) ||
      !prepare_velocity_hessian(rows, island, ws.newton.system)) {
    return false;
  }
  SoftNewtonWorkspace& newton = ws.newton;
  newton.free_velocity = island.velocity;
  report.problem_size = rays;

  // (rows, v_free) => q_cj = e_cj^T J_c v_free - target_c, e_cj^T W_cc e_cj, Q.
  ws.offset.resize(rays);
  ws.scale.resize(rays);
  for (int c = 0; c < k; ++c) {
    const Vec3 free_rate = rows.frame_velocity(c, newton.free_velocity);
    const Mat3& delassus = rows.self_block(c);
    for (int j = 0; j < u; ++j) {
      const Vec3 edge = edge_ray(rows, c, j);
      ws.offset[c * u + j] = edge.dot(free_rate) - rows.target_velocity[c];
      // A contact no impulse can move (W_cc = 0) is still given a positive r.
      ws.scale[c * u + j] = std::max(edge.dot(delassus * edge), 1e-300);
    }
  }
  const double allowed = kConvexNewtonTolerance * std::max(1.0, ws.offset.cwiseAbs().maxCoeff());
  const ContactIdentities identities{contacts.geoms, contacts.feature, contacts.position};
  const int found = take_contact_multipliers(warm_start.previous, identities, u, ws.taken, ws.multiplier);
  report.warm_start_used = found > 0;
  // Every contact found again: the last answer is close, start stiff; most of them:
  // one round softer; fewer: cold.
  double ratio = found == k ? kConvexWarmRatio
                            : (found >= kConvexWarmShare * k ? kConvexMostlyWarmRatio : kConvexFirstRatio);

  const bool holds_ratio = static_cast<int>(island.members().size()) >= kConvexSteadyMembers;
  double last_residual = 0;
  for (int round = 0; round < kConvexNewtonRounds; ++round) {
    // beta^i => the minimiser of L_i, by soft's Newton method from the last v.
    ws.shifted.regularisation = ratio * ws.scale;
    ws.shifted.offset = ws.offset - ws.shifted.regularisation.cwiseProduct(ws.multiplier);
    minimise_soft_cost(rows, ws.shifted, round == 0 ? &island.start_velocity : nullptr, newton, report);
    if (!newton.velocity.allFinite()) return false;
    // y = s - r beta^i => beta^{i+1} = max(0, -y / r), and the KKT residual of s.
    double residual = 0;
    for (int ray = 0; ray < rays; ++ray) {
      const double r = ws.shifted.regularisation[ray];
      const double y = newton.ray_velocity[ray];
      const double slack = y + r * ws.multiplier[ray];  // s_cj
      const double pushes = std::max(0.0, -y / r);
      residual = std::max(residual, pushes > 0 ? std::abs(slack) : -slack);
      ws.multiplier[ray] = pushes;
    }
    if (!std::isfinite(residual)) return false;
    if (residual <= allowed) {
      keep_contact_multipliers(identities, u, ws.multiplier, warm_start.current);
      edge_impulses(rows, ws.multiplier, impulses);
      island.velocity = newton.free_velocity;
      apply_island_impulses(rows, impulses, island.velocity);
      ws.answered_by = "velocity-space method of multipliers";
      return true;
    }
    // Shrink rho above the steady ratio, on an island too small to hold it, or when
    // this round's rate stalls or would not reach the tolerance in the rounds left.
    const int rounds_left = kConvexNewtonRounds - round - 1;
    const double rate = round > 0 ? residual / last_residual : 0.0;
    const bool stalled = round > 0 && (rate > kConvexStallRate || std::pow(rate, rounds_left) * residual > allowed);
    if (ratio > kConvexSteadyRatio || !holds_ratio || stalled) ratio = std::max(kConvexLastRatio, 0.1 * ratio);
    last_residual = residual;
  }
  return false;
}

}  // namespace contactlab
