#include "formulation/edge_lcp.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "base/finite_values.h"
#include "conic/interior_point.h"
#include "formulation/cone_edge_problem.h"

namespace contactlab {
namespace {

constexpr int kActiveSetRounds = 6;
// The proximal point iteration on rows without regularisation (r = 0, Anitescu's
// positive semidefinite problem): each round solves the positive-definite problem
// with rho = kProximalWeight G_ii added to the diagonal and q - rho z_k as offset,
// whose fixed point z_k = z_{k+1} satisfies the original conditions exactly. Its
// answer is the one nearest the previous impulses, so a four-legged table keeps a
// smooth load distribution instead of jumping between vertices; the residual of w
// falls by about rho / (rho + lambda) per iteration (lambda a nonzero eigenvalue of
// G on the active rows).
constexpr double kProximalWeight = 1e-6;
constexpr int kProximalIterations = 8;
constexpr std::size_t kWarmStartCapacity = 64;
constexpr double kCertificateTolerance = 1e-9;
// A contact counts as sticking for the next guess when no ray's w exceeds this
// (relative to the certificate's scale): its tangential velocity is below ~1e-6 m/s.
constexpr double kStickingSlack = 1e-6;

struct EdgeCertificate {
  double min_z = 0;
  double min_w = 0;
  double complementarity = 0;
  double scale = 1;
  bool valid = false;
};

double max_abs(const Eigen::VectorXd& values) {
  double largest = 0;
  for (Eigen::Index i = 0; i < values.size(); ++i) largest = std::max(largest, std::abs(values[i]));
  return largest;
}

// A member as the model knows it: a free body's index, -2 - an articulation's, or -1
// for the static side of a contact.
long long member_identity(const IslandDynamics& island, int member) {
  if (member < 0) return -1;
  const IslandMember& entry = island.members()[member];
  return entry.body >= 0 ? entry.body : -2 - entry.articulation;
}

void make_key(const IslandRows& rows, const IslandDynamics& island, std::vector<long long>& key) {
  key.clear();
  key.push_back(rows.friction_edges);
  key.push_back(rows.contact_count);
  for (const MemberJacobian& side : rows.frame_jacobians)
    key.push_back(member_identity(island, side.member));
  for (const LimitRow& limit : rows.limits) {
    key.push_back(-2 - limit.articulation);
    key.push_back(limit.sign > 0 ? 2 * limit.link : 2 * limit.link + 1);
  }
}

const EdgeWarmStart* find_warm_start(EdgeWarmStarts& warm_starts, const EdgeLcpWorkspace& ws,
                                     std::size_t size) {
  for (EdgeWarmStart& entry : warm_starts.entries) {
    if (entry.key == ws.key && entry.active.size() == size) {
      entry.last_used = ++warm_starts.clock;
      return &entry;
    }
  }
  return nullptr;
}

// Keeps the answer's active rows and impulses for the next solve of the same
// contacts. A contact without regularisation whose every ray holds (sticking: w within
// kStickingSlack) is kept with all its rays, so that it is solved as a frame next time.
void remember_warm_start(const IslandRows& rows, const EdgeLcp& lcp, const EdgeLcpWorkspace& ws,
                         const EdgeCertificate& certificate, EdgeWarmStarts& warm_starts) {
  std::vector<EdgeWarmStart>& entries = warm_starts.entries;
  EdgeWarmStart* slot = nullptr;
  for (EdgeWarmStart& entry : entries) {
    if (entry.key == ws.key) slot = &entry;
  }
  if (slot == nullptr && entries.size() < kWarmStartCapacity) {
    entries.emplace_back();
    slot = &entries.back();
  }
  if (slot == nullptr) {
    slot = &entries.front();
    for (EdgeWarmStart& entry : entries) {
      if (entry.last_used < slot->last_used) slot = &entry;
    }
  }
  slot->key = ws.key;
  slot->active = ws.active;
  slot->z = ws.z;
  slot->last_used = ++warm_starts.clock;
  const int u = rows.friction_edges;
  const double slack = kStickingSlack * certificate.scale;
  for (int c = 0; c < rows.contact_count; ++c) {
    bool sticking = true;
    double normal = 0;
    for (int j = 0; j < u; ++j) {
      const int row = c * u + j;
      sticking = sticking && !(lcp.regularisation[row] > 0) && ws.w[row] <= slack;
      normal += ws.z[row];
    }
    if (!sticking || !(normal > 0)) continue;
    for (int j = 0; j < u; ++j) slot->active[c * u + j] = 1;
  }
}

// z => impulses, v' = v_free + M^-1 H (impulses) in island.velocity, and the
// certificate of z with w = q + G z + r z (G z from the rows' velocity change).
// Rounding negatives of z within the tolerance become 0 first.
EdgeCertificate evaluate(const IslandRows& rows, const EdgeLcp& lcp, EdgeLcpWorkspace& ws,
                         IslandDynamics& island, IslandImpulses& impulses) {
  Eigen::VectorXd& z = ws.z;
  Eigen::VectorXd& w = ws.w;
  const Eigen::Index n = z.size();
  const double q_norm = max_abs(lcp.offset);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (z[i] < 0 && z[i] >= -kCertificateTolerance * std::max(1.0, q_norm)) z[i] = 0;
  }
  edge_impulses(rows, z, impulses);
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  edge_row_velocities(rows, island.velocity, w);

  EdgeCertificate certificate;
  double change_size = 0;
  double regularised_size = 0;
  double z_dot_w = 0;
  bool finite = true;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double change = w[i] - ws.row_velocity[i];  // (G z)_i
    const double regularised = lcp.regularisation[i] * z[i];
    change_size = std::max(change_size, std::abs(change));
    regularised_size = std::max(regularised_size, std::abs(regularised));
    w[i] = lcp.offset[i] + change + regularised;
    certificate.min_z = i == 0 ? z[i] : std::min(certificate.min_z, z[i]);
    certificate.min_w = i == 0 ? w[i] : std::min(certificate.min_w, w[i]);
    z_dot_w += z[i] * w[i];
    finite = finite && std::isfinite(z[i]) && std::isfinite(w[i]);
  }
  certificate.complementarity = std::abs(z_dot_w);
  certificate.scale = std::max({1.0, q_norm, change_size + regularised_size});
  const double allowed = kCertificateTolerance * certificate.scale;
  certificate.valid = finite && certificate.min_z >= -allowed && certificate.min_w >= -allowed &&
                      certificate.complementarity <= allowed;
  return certificate;
}

// The guess's next round: rows with z < 0 leave, rows with w < 0 enter (w of the
// proximal problem, in ws.w); a sticking frame held all its rays. False when nothing
// changes.
bool correct_guess(const IslandRows& rows, EdgeLcpWorkspace& ws, double allowed) {
  const int u = rows.friction_edges;
  for (int c = 0; c < rows.contact_count; ++c) {
    if (ws.active_set.form[c] != ContactForm::StickingFrame) continue;
    for (int j = 0; j < u; ++j) ws.active[c * u + j] = 1;
  }
  bool changed = false;
  for (std::size_t i = 0; i < ws.active.size(); ++i) {
    if (ws.active[i] && ws.z[i] < -allowed) {
      ws.active[i] = 0;
      changed = true;
    } else if (!ws.active[i] && ws.w[i] < -allowed) {
      ws.active[i] = 1;
      changed = true;
    }
  }
  return changed;
}

// 1. The active-set guess, its proximal iterations and its corrections; true when an
// answer passed the certificate.
bool solve_by_active_set(const IslandRows& rows, const EdgeLcp& lcp, EdgeWarmStarts& warm_starts,
                         EdgeLcpWorkspace& ws, IslandDynamics& island, IslandImpulses& impulses,
                         IslandSolveReport& report) {
  const Eigen::Index n = lcp.offset.size();
  const EdgeWarmStart* remembered = find_warm_start(warm_starts, ws, static_cast<std::size_t>(n));
  if (remembered != nullptr) {
    ws.active = remembered->active;
    ws.proximal_center = remembered->z;
  } else {
    ws.active.resize(static_cast<std::size_t>(n));
    for (Eigen::Index i = 0; i < n; ++i) ws.active[i] = lcp.offset[i] < 0 ? 1 : 0;
    ws.proximal_center.setZero(n);
  }
  bool proximal = false;
  for (Eigen::Index i = 0; i < n; ++i) proximal = proximal || !(lcp.regularisation[i] > 0);
  const double proximal_scale = proximal ? kProximalWeight : 0.0;
  const int iterations = proximal ? kProximalIterations : 1;

  for (int round = 0; round < kActiveSetRounds; ++round) {
    if (!factor_edge_active_set(rows, lcp.regularisation, proximal_scale, ws.active,
                                ws.active_set)) {
      return false;
    }
    double allowed = 0;
    for (int iteration = 0; iteration < iterations; ++iteration) {
      solve_edge_active_set(rows, lcp.regularisation, lcp.offset, ws.proximal_center, ws.active,
                            ws.active_set, ws.z);
      const EdgeCertificate certificate = evaluate(rows, lcp, ws, island, impulses);
      if (certificate.valid) {
        report.warm_start_used = remembered != nullptr && round == 0;
        remember_warm_start(rows, lcp, ws, certificate, warm_starts);
        return true;
      }
      // w of the proximal problem; while z solves it, the guess is right and the
      // iteration moves the centre.
      allowed = kCertificateTolerance * certificate.scale;
      proximal_shift(rows, ws.z, ws.proximal_center, ws.active, ws.active_set, ws.shift);
      ws.w += ws.shift;
      if (ws.z.minCoeff() < -allowed || ws.w.minCoeff() < -allowed) break;
      ws.proximal_center = ws.z;
    }
    if (!correct_guess(rows, ws, allowed)) return false;
  }
  return false;
}

// 3. The QP min 1/2 z^T (G + diag r) z + q^T z over z >= 0 by the interior-point method.
// On failure, its status and account go into `failure`.
bool solve_by_interior_point(const EdgeLcp& lcp, EdgeLcpWorkspace& ws, IslandSolveReport& report,
                             SolverFallback& failure) {
  const Eigen::Index n = lcp.offset.size();
  ConicProblem& program = ws.program;
  program.P = ws.matrix;
  program.c = lcp.offset;
  program.A.resize(0, 0);
  program.b.resize(0);
  program.G = -Eigen::MatrixXd::Identity(n, n);  // -z + s = 0, s >= 0
  program.h.setZero(n);
  program.orthant_size = static_cast<int>(n);
  program.cone_sizes.clear();
  const ConicSolution solution = solve_conic(program);
  report.iterations += solution.iterations;
  if (solution.status != ConicStatus::Solved) {
    failure.interior_point = solution.status;
    failure.detail = solution.message;
    return false;
  }
  ws.z = solution.x.cwiseMax(0.0);
  return true;
}

// 4. The frictionless LCP with the hard targets of contact_rows.h.
bool solve_frictionless(const IslandRows& rows, EdgeLcpWorkspace& ws, IslandDynamics& island,
                        IslandImpulses& impulses, IslandSolveReport& report) {
  build_frictionless_lcp(rows, ws.free_velocity, ws.frictionless);
  const LcpSolution solution =
      ws.lemke.solve(ws.frictionless.matrix, ws.frictionless.offset, LemkeSettings{});
  report.iterations += solution.pivots;
  if (solution.status != LcpStatus::Solved) return false;
  impulses.reset(rows.contact_count, rows.limit_count);
  for (int c = 0; c < rows.contact_count; ++c) impulses.contact[c] = Vec3(solution.z[c], 0, 0);
  for (int l = 0; l < rows.limit_count; ++l) impulses.limit[l] = solution.z[rows.limit_column(l)];
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  return true;
}

void hold_still(const IslandRows& rows, IslandDynamics& island, IslandImpulses& impulses) {
  impulses.reset(rows.contact_count, rows.limit_count);
  island.velocity.setZero();
}

}  // namespace

void solve_edge_lcp(const IslandRows& rows, const EdgeLcp& lcp, EdgeWarmStarts& warm_starts,
                    EdgeLcpWorkspace& ws, IslandDynamics& island, IslandImpulses& impulses,
                    IslandSolveReport& report) {
  const int n = edge_unknown_count(rows);
  report.problem_size = n;
  impulses.reset(rows.contact_count, rows.limit_count);
  if (!rows.is_finite() || lcp.offset.size() != n || lcp.regularisation.size() != n ||
      !all_finite(lcp.offset.data(), static_cast<std::size_t>(n)) ||
      !all_finite(lcp.regularisation.data(), static_cast<std::size_t>(n))) {
    report.fall_back(SolverStatus::InvalidInput, SolverFallback{FallbackReason::EdgeRowsNotFinite});
    hold_still(rows, island, impulses);
    return;
  }
  ws.free_velocity = island.velocity;
  edge_row_velocities(rows, ws.free_velocity, ws.row_velocity);
  make_key(rows, island, ws.key);

  // 1. active set
  if (solve_by_active_set(rows, lcp, warm_starts, ws, island, impulses, report)) return;

  // 2. Lemke. The rows were checked above, so the matrix is finite.
  build_edge_gram(rows, ws.matrix);
  for (int i = 0; i < n; ++i) ws.matrix(i, i) += lcp.regularisation[i];
  LemkeSettings settings;
  settings.check_matrix_finite = false;
  const LcpSolution solution = ws.lemke.solve(ws.matrix, lcp.offset, settings);
  report.iterations += solution.pivots;
  if (solution.status == LcpStatus::Solved) {
    ws.z = solution.z;
    const EdgeCertificate certificate = evaluate(rows, lcp, ws, island, impulses);
    ws.active = solution.z_is_basic;
    remember_warm_start(rows, lcp, ws, certificate, warm_starts);
    if (!solution.message.empty()) {
      SolverFallback regularised{FallbackReason::EdgeLemkeRegularised};
      regularised.detail = solution.message;
      report.fall_back(SolverStatus::Solved, std::move(regularised));
    }
    return;
  }
  SolverFallback failure;
  failure.lemke = solution.status;
  failure.pivots = solution.pivots;

  // 3. interior point, same QP
  if (solve_by_interior_point(lcp, ws, report, failure)) {
    evaluate(rows, lcp, ws, island, impulses);
    failure.reason = FallbackReason::EdgeInteriorPoint;
    report.fall_back(SolverStatus::Solved, std::move(failure));
    return;
  }

  // 4. frictionless, 5. still
  const bool frictionless = solve_frictionless(rows, ws, island, impulses, report);
  if (!frictionless) hold_still(rows, island, impulses);
  failure.reason = frictionless ? FallbackReason::EdgeWithoutFriction : FallbackReason::EdgeHeldStill;
  report.fall_back(solver_status_of(solution.status), std::move(failure));
}

}  // namespace contactlab
