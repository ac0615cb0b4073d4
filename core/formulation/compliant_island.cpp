// Compliant contact, seed 004 "Compliant Contact Models": every contact is a spring
// and a damper along its normal, linear or Hunt and Crossley's, and regularised
// friction in its tangent plane (compliant_contact_force.h: the force laws). The normal
// force is explicit in the contact's state at the start of the substep; friction is
// taken at the substep's end slip, linearised about its start (implicit_friction.h).
//
// zeta is options.compliant_damping_ratio, except at a contact whose material pair
// has a restitution e > 0: there it is the damping ratio whose spring-damper returns
// the body at e of its speed (restitution_damping.h), so e sets the bounce as it does
// in the other formulations. e = 0 keeps the option's zeta (critical damping, zeta = 1,
// returns e^-2 = 0.135 of a fast impact's speed: a damper that never pulls cannot stop
// a fast body dead; a slow one, dominated by its weight on the spring, stays down).
// Under Hunt and Crossley's law e is not used.
//
// The impulses h_s f_n and p_t enter v^{l+1} = v_free + M^-1 J^T (h_s f_n, p_t) (seed
// 002 eq. 18 with the contact impulses known; seed 004 eq. 21 over the substep), and
// q^{l+1} = q^l + h_s v^{l+1}: symplectic Euler for each contact spring (seed 004's
// semi-implicit Euler, q[n+1] = q[n] + h v[n+1]). Its stability alone bounds the
// substep h_s (below); friction's, implicit, does not.
//
// Joint limits stay hard rows (seed 002 eq. 9 with eq. 19's correction): a limit row
// carries only the velocity it asks for, no distance to make a spring from, and its
// stiffness would be the joint's, not the contact's k of the lecture's trade-off.
// Joint friction rows (seed 002 eq. 14's Coulomb term as the bound |tau| <= c h_s,
// contact_rows.h) are solved with them. Solved as an LCP over the joint rows alone
// after the contact impulses, a limit holds at any substep, and, the contact forces
// being explicit, the joint friction impulse is exact for this formulation: a joint
// whose load stays below c does not move.
#include "formulation/compliant_island.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include <Eigen/Core>

#include "base/finite_values.h"
#include "contact/restitution.h"
#include "formulation/compliant_contact_force.h"
#include "formulation/implicit_friction.h"
#include "formulation/joint_friction_lcp.h"
#include "formulation/stribeck_friction.h"
#include "lcp/lemke.h"

namespace contactlab {
namespace {

// The substep bound's assumptions (compliant_substep_count).
//
// Normal modes: n contact springs of stiffness k on bodies of mass m have the largest
// frequency w^2 = k lambda_max(W_nn), W_nn = J_n M^-1 J_n^T. A cube on the four
// corners of a face: lambda_max = 6 / m (its rocking modes; the bounce is 4 / m). A
// cube between two others (eight corners): 12 / m.
constexpr double kNormalModeFactor = 12;
// The bound is taken at half the explicit step's stability limit.
constexpr double kSafetyFactor = 0.5;
// The friction sweeps (implicit_friction.h) stop once no contact's slip changes by more
// than this fraction of the stiction speed v_s in a sweep, or after kMaxFrictionSweeps.
// A steady state (rest, creep, a steady slide) is exact after any number of sweeps.
constexpr double kFrictionSweepTolerance = 1e-2;
constexpr int kMaxFrictionSweeps = 20;
// The automatic count is capped at 10000 substeps per step (one substep costs one
// pass of the step pipeline); past the cap the explicit step may be unstable.
constexpr int kMaxCompliantSubsteps = 10000;

// (v after the contact impulses, joint rows) => limit impulses c_l, joint friction
// impulses tau and v^{l+1}: the LCP of seed 002 eq. (9) over the limit rows,
//   w = A c + (sign qdot - target) >= 0,  c >= 0,  c^T w = 0,  A_lm = l~_l^T M^-1 l~_m,
// with the joint friction rows split after them (joint_friction_lcp.h), z = [c_l;
// tau+; tau-; sigma]. Returns false (and leaves the velocity as it was) when Lemke
// finds no answer.
bool solve_limit_rows(const IslandRows& rows, CompliantIslandWorkspace& workspace,
                      IslandDynamics& island, IslandImpulses& impulses, IslandSolveReport& report) {
  const int count = rows.joint_row_count();
  const int size = count + 2 * rows.joint_friction_count;
  Eigen::MatrixXd& matrix = workspace.limit_matrix;
  Eigen::VectorXd& offset = workspace.limit_offset;
  matrix.resize(size, size);
  offset.resize(size);
  for (int l = 0; l < count; ++l) {
    for (int m = 0; m < count; ++m) matrix(l, m) = rows.limit_limit(l, m);
    offset[l] = rows.limit_velocity(l, island.velocity) - rows.limits[l].target_velocity;
  }
  split_joint_friction(rows, rows.limit_count, matrix, offset);
  const LcpSolution solution = workspace.lemke.solve(matrix, offset, LemkeSettings{});
  if (solution.status != LcpStatus::Solved) {
    SolverFallback failure{FallbackReason::CompliantLimitsUnsolved};
    failure.lemke = solution.status;
    failure.pivots = solution.pivots;
    failure.detail = solution.message;
    report.fall_back(solver_status_of(solution.status), std::move(failure));
    return false;
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    impulses.limit[l] = solution.z[l];
    rows.apply_limit_impulse(l, solution.z[l], island.velocity);
  }
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    impulses.joint_friction[f] = joint_friction_impulse(rows, solution.z, rows.limit_count, f);
    rows.apply_limit_impulse(rows.friction_row(f), impulses.joint_friction[f], island.velocity);
  }
  return true;
}

// The ceiling of `ratio` as a substep count in [1, kMaxCompliantSubsteps].
int substeps_for(double ratio) {
  if (!(ratio < kMaxCompliantSubsteps)) return kMaxCompliantSubsteps;
  if (!(ratio > 1)) return 1;
  const double whole = std::floor(ratio);
  return static_cast<int>(whole) + (whole < ratio ? 1 : 0);
}

}  // namespace

void compliant_island_impulses(const IslandRows& rows, const IslandContactState& contacts,
                               const Options& options, double substep,
                               CompliantIslandWorkspace& workspace, IslandDynamics& island,
                               IslandImpulses& impulses, IslandSolveReport& report) {
  impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  report.reset();
  report.problem_size = rows.joint_row_count();

  // (phi, J v^l, W_cc, e, mu_s, mu_d) => impulses h_s (f_n, f_t1, f_t2) at the start's
  // state, and each contact's friction linearised about its slip u0 (implicit_friction.h)
  bool finite = all_finite(island.velocity.data(), island.velocity.size());
  workspace.friction.resize(rows.contact_count);
  const StribeckCurve curve = compliant_stribeck_curve(options);
  for (int c = 0; c < rows.contact_count; ++c) {
    const double damping_ratio = rows.restitution[c] > 0 && !uses_hunt_crossley(options)
                                     ? workspace.damping_ratios.of_restitution(rows.restitution[c])
                                     : options.compliant_damping_ratio;
    const Vec3 force = compliant_contact_force(contacts.distance[c], contacts.start_velocity[c],
                                               rows.self_block(c)(0, 0), damping_ratio,
                                               contacts.static_friction[c], contacts.kinetic_friction[c],
                                               options);
    impulses.contact[c] = substep * force;
    LinearisedFriction& friction = workspace.friction[c];
    friction.slip = contacts.start_velocity[c].tail<2>();
    friction.force = force.tail<2>();
    friction.damping = friction_damping(friction.slip, force.x(), options.compliant_stiction_speed,
                                        contacts.static_friction[c], contacts.kinetic_friction[c], curve,
                                        substep, rows.self_block(c).bottomRightCorner<2, 2>());
    finite = finite && all_finite(&contacts.distance[c], 1) &&
             all_finite(contacts.start_velocity[c].data(), 3) && all_finite(impulses.contact[c].data(), 3) &&
             all_finite(friction.damping.data(), 4);
  }
  if (!finite) {
    impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
    island.velocity.setZero();
    report.fall_back(SolverStatus::NumericalFailure,
                     SolverFallback{FallbackReason::CompliantStateNotFinite});
    return;
  }

  // (v_free, impulses) => v_free + M^-1 J^T h_s f(u0), then the friction impulses at the
  // substep's end slip: v^{l+1} = v_free + M^-1 J^T p (implicit_friction.h)
  for (int c = 0; c < rows.contact_count; ++c) {
    rows.apply_frame_impulse(c, impulses.contact[c], island.velocity);
  }
  report.iterations =
      solve_implicit_friction(rows, workspace.friction, substep,
                              kFrictionSweepTolerance * options.compliant_stiction_speed, kMaxFrictionSweeps,
                              impulses.contact, island.velocity);
  if (rows.joint_row_count() > 0) solve_limit_rows(rows, workspace, island, impulses, report);
  if (!all_finite(island.velocity.data(), island.velocity.size())) {
    impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
    island.velocity.setZero();
    report.fallbacks.clear();  // what held the island still replaces what came before
    report.fall_back(SolverStatus::NumericalFailure,
                     SolverFallback{FallbackReason::CompliantVelocityNotFinite});
  }
}

int compliant_substep_count(const Model& model, const Options& options,
                            DampingRatioTable& damping_ratios) {
  if (options.compliant_substeps > 0) return options.compliant_substeps;

  // (bodies) => m_min, links included
  double lightest = std::numeric_limits<double>::infinity();
  for (const Body& body : model.bodies) {
    if (!body.is_static && body.mass > 0) lightest = std::min(lightest, body.mass);
  }
  if (!(lightest < std::numeric_limits<double>::infinity())) return 1;

  // Spring-damper x'' = -w^2 x - 2 zeta w x' by symplectic Euler: the step matrix has
  // determinant 1 - 2 zeta w h and trace 2 - 2 zeta w h - (w h)^2, so (Jury) it is
  // stable while (w h)^2 + 4 zeta (w h) < 4, i.e. w h < 2 / (zeta + sqrt(1 + zeta^2)),
  // with w^2 = k kNormalModeFactor / m_min, for the largest zeta in use: the option's,
  // or that of the smallest restitution e > 0 of a material pair (zeta falls with e).
  //
  // Hunt and Crossley's law is the spring k (1 + d_hc d') and the damper k d_hc d of the
  // depth d. The depth is capped at v_max sqrt(m / k) (compliant_contact_force.h), so
  // its damper is at most the ratio zeta = k d_hc d / (2 sqrt(k m)) = d_hc v_max / 2 of critical; its
  // spring, stiffer while the contact closes, is taken at k (1 + d_hc v_max): an impact
  // faster than the recovery cap v_max may want more substeps than this.
  double zeta = options.compliant_damping_ratio;
  double stiffness = options.compliant_stiffness;
  if (uses_hunt_crossley(options)) {
    zeta = options.compliant_dissipation * options.max_recovery_speed / 2;
    stiffness *= 1 + options.compliant_dissipation * options.max_recovery_speed;
  } else {
    double least_restitution = 1;
    for (const FrictionPair& materials : model.friction_table) {
      const double restitution = applied_restitution(materials.restitution, options);
      if (restitution > 0 && restitution < least_restitution) least_restitution = restitution;
    }
    if (least_restitution < 1) zeta = std::max(zeta, damping_ratios.of_restitution(least_restitution));
  }
  const double stable_product = 2 / (zeta + std::sqrt(1 + zeta * zeta));
  const double frequency = std::sqrt(stiffness * kNormalModeFactor / lightest);  // w [1/s]
  const double largest_substep = kSafetyFactor * stable_product / frequency;
  // Friction sets no bound: its damper is integrated implicitly (implicit_friction.h).
  return substeps_for(options.time_step / largest_substep);
}

}  // namespace contactlab
