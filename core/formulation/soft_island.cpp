#include "formulation/soft_island.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "contact/restitution.h"
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

// eps_n: the regulariser a purely normal impulse at contact c meets, over A_nn. The
// elliptic cone's R_nn = eps A_nn gives eps. In the pyramid such an impulse is shared by
// the u rays alike, each against r_cj = eps (A_nn + mu^2 (cos_j^2 A_t1t1 + sin_j^2
// A_t2t2)), whose mean over j (sum cos_j^2 = u / 2) divided by u A_nn is the ratio.
double normal_regularisation_ratio(const IslandRows& rows, int c, const Options& options) {
  const double epsilon = options.soft_regularisation;
  const Mat3& w = rows.self_block(c);
  // A contact no impulse can move (A_nn = 0) has no ratio to speak of.
  if (options.soft_cone == 1 || !(w(0, 0) > 0)) return epsilon;
  const double mu = rows.friction_coefficient[c];
  return epsilon * (w(0, 0) + 0.5 * mu * mu * (w(1, 1) + w(2, 2))) / (rows.friction_edges * w(0, 0));
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

  // Newton's law at an impact (contact/restitution.h), per contact; none without e > 0.
  ws.impact.resize(k);
  bool any_impact = false;
  for (int c = 0; c < k; ++c) {
    ws.impact[c] = newton_impact_velocity(rows.restitution[c], contacts.start_velocity[c].x(), options);
    any_impact = any_impact || ws.impact[c].has_value();
  }

  // (W_cc, phi, J v^l, v_free) => R_c = eps diag(W_cc), J_c v_free - v*_c
  ws.regularisation.resize(k);
  ws.offset.resize(k);
  for (int c = 0; c < k; ++c) {
    ws.regularisation[c] = epsilon * rows.self_block(c).diagonal();
    Vec3 reference =
        kept_velocity * contacts.start_velocity[c] - Vec3(stiffness * contacts.distance[c], 0, 0);
    // A penetration is undone at no more than max_recovery_speed, as eq. (19)'s push is
    // (contact_rows.h).
    if (contacts.distance[c] < 0) reference.x() = std::min(reference.x(), options.max_recovery_speed);
    const Vec3 free_velocity = rows.frame_velocity(c, island.velocity);  // J_c v_free
    if (ws.impact[c]) {
      // The reference whose regularised answer leaves an isolated contact at v_n' =
      // -e v_n^l: a normal impulse p_n against a regulariser eps_n A_nn gives v_n' =
      // v_n,free + (v*_n - v_n,free) / (1 + eps_n), so v*_n = v_n' + eps_n (v_n' - v_n,free).
      const double impact = *ws.impact[c];
      const double normal_regularisation = normal_regularisation_ratio(rows, c, options);  // eps_n
      reference.x() = std::max(reference.x(), impact + normal_regularisation * (impact - free_velocity.x()));
    } else if (any_impact && contacts.distance[c] > 0) {
      // An open contact beside an impact asks no separation: its reference keeps 1 -
      // 2 h (1 + eps) / kappa of the speed it separated at, and would push its bodies
      // apart to keep it when the impact's impulse stops one of them, adding energy.
      reference.x() = std::min(reference.x(), 0.0);
    }
    ws.offset[c] = free_velocity - reference;
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
  // Torsion rows are soft as a contact frame's rows: R_s = eps s^T M^-1 s, and the
  // reference keeps what the tangential rows' keeps of the spin at the start of the
  // step, v*_s = (1 - 2 h (1 + eps) / kappa) s^T v^l (s the row scaled by mu_t).
  const int count = rows.torsion_count;
  ws.torsion_regularisation.resize(count);
  ws.torsion_offset.resize(count);
  for (int t = 0; t < count; ++t) {
    const double reference = kept_velocity * contacts.start_torsion_velocity[rows.torsion[t].contact];
    ws.torsion_regularisation[t] = epsilon * rows.torsion_torsion_entry(t, t);
    ws.torsion_offset[t] = rows.torsion_velocity(t, island.velocity) - reference;
    lcp.regularisation[edge_torsion_unknown(rows) + t] = ws.torsion_regularisation[t];
    lcp.offset[edge_torsion_unknown(rows) + t] = ws.torsion_offset[t];
  }

  SolverFallback elliptic_failure;
  const bool elliptic = options.soft_cone == 1;
  if (elliptic && rows.dense_gram) {
    ws.limit_offset = lcp.offset.segment(k * u, rows.joint_row_count());
    if (solve_soft_elliptic(rows, ws.regularisation, ws.offset, ws.limit_offset,
                            ws.torsion_regularisation, ws.torsion_offset, ws.elliptic, island,
                            impulses, report, elliptic_failure)) {
      return;
    }
  } else if (elliptic) {
    if (solve_soft_newton_elliptic(rows, ws.regularisation, ws.offset, ws.newton.system,
                                   ws.elliptic_newton, island, impulses, report)) {
      return;
    }
    elliptic_failure.reason = FallbackReason::EllipticNewtonToPyramid;
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
  if (!rows.dense_gram) {
    if (!solve_soft_newton(rows, lcp, ws.newton, island, impulses, report)) {
      impulses.reset(k, rows.limit_count, rows.joint_friction_count);
      island.velocity.setZero();
      report.fall_back(SolverStatus::NumericalFailure, SolverFallback{FallbackReason::SoftNewtonHeldStill});
    }
  } else {
    solve_edge_lcp(rows, lcp, warm_starts, ws.solver, island, impulses, report);
  }
  if (elliptic) report.fallbacks.insert(report.fallbacks.begin(), std::move(elliptic_failure));
}

}  // namespace contactlab
