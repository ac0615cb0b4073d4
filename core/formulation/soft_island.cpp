#include "formulation/soft_island.h"

#include <algorithm>
#include <utility>

#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

// The inverse of a 3x3 matrix by its adjugate (+ - * / only). The matrices here are
// inertias plus h b I, symmetric positive definite.
Mat3 inverse_by_adjugate(const Mat3& m) {
  Mat3 adjugate;
  adjugate(0, 0) = m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1);
  adjugate(0, 1) = m(0, 2) * m(2, 1) - m(0, 1) * m(2, 2);
  adjugate(0, 2) = m(0, 1) * m(1, 2) - m(0, 2) * m(1, 1);
  adjugate(1, 0) = m(1, 2) * m(2, 0) - m(1, 0) * m(2, 2);
  adjugate(1, 1) = m(0, 0) * m(2, 2) - m(0, 2) * m(2, 0);
  adjugate(1, 2) = m(0, 2) * m(1, 0) - m(0, 0) * m(1, 2);
  adjugate(2, 0) = m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0);
  adjugate(2, 1) = m(0, 1) * m(2, 0) - m(0, 0) * m(2, 1);
  adjugate(2, 2) = m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0);
  const double det = m(0, 0) * adjugate(0, 0) + m(0, 1) * adjugate(1, 0) + m(0, 2) * adjugate(2, 0);
  return adjugate / det;
}

}  // namespace

void soft_damped_free_body(const Body& body, const Options& options, const Quat& orientation,
                           const Vec6& velocity, const Vec6& force, InverseMass& inverse_mass,
                           Vec6& free_velocity) {
  const double h = options.time_step;
  const double added = h * options.soft_damping;  // h b
  const Mat3 rotation = orientation.toRotationMatrix();
  Mat3 inertia = rotation * body.inertia * rotation.transpose();  // I in world
  for (int i = 0; i < 3; ++i) inertia(i, i) += added;
  // (M + h b I)^-1
  inverse_mass.inverse_mass = 1.0 / (body.mass + added);
  inverse_mass.inverse_inertia = inverse_by_adjugate(inertia);
  // (M + h b I)(v_free - v) = h (k - b v)
  free_velocity = velocity + h * inverse_mass.apply(force - options.soft_damping * velocity);
}

void solve_soft_island(const IslandRows& rows, const IslandContactState& contacts,
                       const Options& options, EdgeWarmStarts& warm_starts,
                       SoftIslandWorkspace& ws, IslandDynamics& island, IslandImpulses& impulses,
                       IslandSolveReport& report) {
  const int k = rows.contact_count;
  const int u = rows.friction_edges;
  const double h = options.time_step;
  const double epsilon = options.soft_regularisation;
  const double kappa = options.soft_time_constant;
  // v* = (1 - 2 h (1 + eps) / kappa) J v^l - h (1 + eps) / kappa^2 [phi, 0, 0]
  const double kept_velocity = 1 - 2 * h * (1 + epsilon) / kappa;
  const double stiffness = h * (1 + epsilon) / (kappa * kappa);

  // (W_cc, phi, J v^l, v_free) => R_c = eps diag(W_cc), J_c v_free - v*_c
  ws.regularisation.resize(k);
  ws.offset.resize(k);
  for (int c = 0; c < k; ++c) {
    ws.regularisation[c] = epsilon * rows.block(c, c).diagonal();
    Vec3 reference =
        kept_velocity * contacts.start_velocity[c] - Vec3(stiffness * contacts.distance[c], 0, 0);
    // A penetration is undone at no more than max_recovery_speed, as eq. (19)'s push is
    // (contact_rows.h).
    if (contacts.distance[c] < 0) reference.x() = std::min(reference.x(), options.max_recovery_speed);
    ws.offset[c] = rows.frame_velocity(c, island.velocity) - reference;
  }
  // Limits and joint friction rows stay hard: l v_free - target (0 for friction).
  EdgeLcp& lcp = ws.lcp;
  const int n = edge_unknown_count(rows);
  lcp.offset.resize(n);
  lcp.regularisation.resize(n);
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    lcp.offset[k * u + l] =
        rows.limit_velocity(l, island.velocity) - rows.limits[l].target_velocity;
    lcp.regularisation[k * u + l] = 0;
  }

  SolverFallback elliptic_failure;
  const bool elliptic = options.soft_cone == 1;
  if (elliptic) {
    ws.limit_offset = lcp.offset.tail(rows.joint_row_count());
    if (solve_soft_elliptic(rows, ws.regularisation, ws.offset, ws.limit_offset, ws.elliptic,
                            island, impulses, report, elliptic_failure)) {
      return;
    }
  }

  // The pyramid: per ray r_cj = e_cj^T R_c e_cj and q_cj = e_cj^T (J_c v_free - v*_c).
  for (int c = 0; c < k; ++c) {
    const Vec3& r = ws.regularisation[c];
    for (int j = 0; j < u; ++j) {
      const Vec3 ray = edge_ray(rows, c, j);
      lcp.regularisation[c * u + j] =
          ray.x() * ray.x() * r.x() + ray.y() * ray.y() * r.y() + ray.z() * ray.z() * r.z();
      lcp.offset[c * u + j] = ray.dot(ws.offset[c]);
    }
  }
  solve_edge_lcp(rows, lcp, warm_starts, ws.solver, island, impulses, report);
  if (elliptic) report.fallbacks.insert(report.fallbacks.begin(), std::move(elliptic_failure));
}

}  // namespace contactlab
