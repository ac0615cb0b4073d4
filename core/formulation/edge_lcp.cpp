#include "formulation/edge_lcp.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "base/finite_values.h"
#include "conic/interior_point.h"
#include "formulation/cone_edge_problem.h"
#include "formulation/edge_warm_start.h"
#include "formulation/joint_friction_lcp.h"
#include "formulation/torsion_lcp.h"

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
constexpr double kCertificateTolerance = 1e-9;
// A contact counts as sticking for the next guess when no ray's w exceeds this
// (relative to the certificate's scale): its tangential velocity is below ~1e-6 m/s.
constexpr double kStickingSlack = 1e-6;

struct EdgeCertificate {
  double min_z = 0;
  double min_w = 0;
  double complementarity = 0;
  double scale = 1;
  double box_residual = 0;  // the joint friction rows' (evaluate)
  bool valid = false;
};

double max_abs(const Eigen::VectorXd& values) {
  double largest = 0;
  for (Eigen::Index i = 0; i < values.size(); ++i) largest = std::max(largest, std::abs(values[i]));
  return largest;
}

// c_n = sum_j beta_cj: torsion row t's bound on its impulse p_s in z.
double torsion_bound(const IslandRows& rows, const Eigen::VectorXd& z, int t) {
  const int u = rows.friction_edges;
  double normal = 0;
  for (int j = 0; j < u; ++j) normal += z[rows.torsion[t].contact * u + j];
  return normal;
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

// With torsion rows: Lemke's final basis of `size` unknowns from the last solve of the
// same contacts, if any.
const std::vector<char>* find_lemke_basis(EdgeWarmStarts& warm_starts, const EdgeLcpWorkspace& ws,
                                          std::size_t size) {
  for (EdgeWarmStart& entry : warm_starts.entries) {
    if (entry.key == ws.key && entry.lemke_basis.size() == size) {
      entry.last_used = ++warm_starts.clock;
      return &entry.lemke_basis;
    }
  }
  return nullptr;
}

// Keeps Lemke's final basis for the next solve of the same contacts with torsion rows.
void remember_lemke_basis(const EdgeLcpWorkspace& ws, const std::vector<char>& basis,
                          EdgeWarmStarts& warm_starts) {
  EdgeWarmStart& slot = warm_start_slot(ws.key, warm_starts);
  slot.key = ws.key;
  slot.active.clear();
  slot.z.resize(0);
  slot.lemke_basis = basis;
  slot.last_used = ++warm_starts.clock;
}

// Keeps the answer's active rows and impulses for the next solve of the same
// contacts. A contact without regularisation whose every ray holds (sticking: w within
// kStickingSlack) is kept with all its rays, so that it is solved as a frame next time.
void remember_warm_start(const IslandRows& rows, const EdgeLcp& lcp, const EdgeLcpWorkspace& ws,
                         const EdgeCertificate& certificate, EdgeWarmStarts& warm_starts) {
  EdgeWarmStart* slot = &warm_start_slot(ws.key, warm_starts);
  slot->key = ws.key;
  slot->active = ws.active;
  slot->z = ws.z;
  slot->lemke_basis.clear();
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
// Rounding negatives of z within the tolerance become 0 first, and a joint friction
// row's rounding past its bound the bound. A joint friction row's certificate is that
// of the box, tau in [-b, b] with w >= 0 where tau = -b, w <= 0 where tau = b and
// w = 0 between: its gaps tau + b and b - tau count as z, and min(tau + b, max(w, 0))
// and min(b - tau, max(-w, 0)) must be within the tolerance, so that a joint inside
// its bound sticks to the tolerance in velocity (a product with the gap, ~c h, would
// let it creep at 1e-9 / (c h)). A torsion row's impulse past its bound sum_j beta_cj by
// rounding comes back to the bound; its conditions couple it to the rays
// (torsion_lcp.h), which this certificate does not state: with torsion rows the answer
// comes certified by the solver that found it (Lemke's or the interior-point method's),
// and the certificate here is not used.
EdgeCertificate evaluate(const IslandRows& rows, const EdgeLcp& lcp, EdgeLcpWorkspace& ws,
                         IslandDynamics& island, IslandImpulses& impulses) {
  Eigen::VectorXd& z = ws.z;
  Eigen::VectorXd& w = ws.w;
  const Eigen::Index n = z.size();
  const Eigen::Index first_box = edge_friction_unknown(rows);
  const Eigen::Index first_torsion = edge_torsion_unknown(rows);
  const double q_norm = max_abs(lcp.offset);
  const double rounding = kCertificateTolerance * std::max(1.0, q_norm);
  for (Eigen::Index i = 0; i < first_box; ++i) {
    if (z[i] < 0 && z[i] >= -rounding) z[i] = 0;
  }
  for (Eigen::Index i = first_box; i < first_torsion; ++i) {
    const double bound = rows.joint_friction[i - first_box].bound;
    if (std::abs(z[i]) > bound && std::abs(z[i]) <= bound + rounding) z[i] = z[i] > 0 ? bound : -bound;
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    const double bound = torsion_bound(rows, z, t);
    double& impulse = z[first_torsion + t];
    if (std::abs(impulse) > bound && std::abs(impulse) <= bound + rounding) {
      impulse = impulse > 0 ? bound : -bound;
    }
  }
  edge_impulses(rows, z, impulses);
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  edge_row_velocities(rows, island.velocity, w);

  EdgeCertificate certificate;
  certificate.min_z = std::numeric_limits<double>::infinity();
  certificate.min_w = std::numeric_limits<double>::infinity();
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
    finite = finite && std::isfinite(z[i]) && std::isfinite(w[i]);
    if (i >= first_torsion) continue;
    if (i >= first_box) {
      const double bound = rows.joint_friction[i - first_box].bound;
      const double below = z[i] + bound;  // gap to -b
      const double above = bound - z[i];  // gap to b
      certificate.min_z = std::min({certificate.min_z, below, above});
      certificate.box_residual =
          std::max({certificate.box_residual, std::min(below, std::max(w[i], 0.0)),
                    std::min(above, std::max(-w[i], 0.0))});
      continue;
    }
    certificate.min_z = std::min(certificate.min_z, z[i]);
    certificate.min_w = std::min(certificate.min_w, w[i]);
    z_dot_w += z[i] * w[i];
  }
  certificate.complementarity = std::abs(z_dot_w);
  certificate.scale = std::max({1.0, q_norm, change_size + regularised_size});
  const double allowed = kCertificateTolerance * certificate.scale;
  certificate.valid = finite && certificate.min_z >= -allowed && certificate.min_w >= -allowed &&
                      certificate.complementarity <= allowed && certificate.box_residual <= allowed;
  return certificate;
}

// True when the guess's answer breaks one of its own conditions: z < 0 or w < 0 on a
// ray or limit, or a joint friction row that would change its state
// (next_joint_friction_state).
bool guess_violated(const IslandRows& rows, const EdgeLcpWorkspace& ws, double allowed) {
  const int first_box = edge_friction_unknown(rows);
  if (ws.z.head(first_box).minCoeff() < -allowed || ws.w.head(first_box).minCoeff() < -allowed) {
    return true;
  }
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    const int i = first_box + f;
    const char state = ws.active[i];
    if (next_joint_friction_state(state, ws.z[i], ws.w[i], rows.joint_friction[f].bound, allowed) != state) {
      return true;
    }
  }
  return false;
}

// The guess's next round: rows with z < 0 leave, rows with w < 0 enter (w of the
// proximal problem, in ws.w); a sticking frame held all its rays; a joint friction row
// takes next_joint_friction_state. False when nothing changes.
bool correct_guess(const IslandRows& rows, EdgeLcpWorkspace& ws, double allowed) {
  const int u = rows.friction_edges;
  const int first_box = edge_friction_unknown(rows);
  for (int c = 0; c < rows.contact_count; ++c) {
    if (ws.active_set.form[c] != ContactForm::StickingFrame) continue;
    for (int j = 0; j < u; ++j) ws.active[c * u + j] = 1;
  }
  bool changed = false;
  for (int i = 0; i < first_box; ++i) {
    if (ws.active[i] && ws.z[i] < -allowed) {
      ws.active[i] = 0;
      changed = true;
    } else if (!ws.active[i] && ws.w[i] < -allowed) {
      ws.active[i] = 1;
      changed = true;
    }
  }
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    const int i = first_box + f;
    const char next =
        next_joint_friction_state(ws.active[i], ws.z[i], ws.w[i], rows.joint_friction[f].bound, allowed);
    changed = changed || next != ws.active[i];
    ws.active[i] = next;
  }
  return changed;
}

// The offsets the reduced system sees: q plus what the joint friction rows at a bound
// contribute, G_{:,f} (+-b_f), from the velocity their impulses cause; and those
// impulses into z after the solve (set_bound_impulses).
void fold_bound_impulses(const IslandRows& rows, const EdgeLcp& lcp, EdgeLcpWorkspace& ws) {
  const int first_box = edge_friction_unknown(rows);
  ws.bounded_offset = lcp.offset;
  ws.bound_velocity.setZero(ws.free_velocity.size());
  bool any = false;
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    const char state = ws.active[first_box + f];
    if (state == kFree) continue;
    const double bound = rows.joint_friction[f].bound;
    rows.apply_limit_impulse(rows.friction_row(f), state == kAtUpperBound ? bound : -bound,
                             ws.bound_velocity);
    any = true;
  }
  if (!any) return;
  edge_row_velocities(rows, ws.bound_velocity, ws.bound_shift);
  ws.bounded_offset += ws.bound_shift;
}

void set_bound_impulses(const IslandRows& rows, EdgeLcpWorkspace& ws) {
  const int first_box = edge_friction_unknown(rows);
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    const char state = ws.active[first_box + f];
    if (state == kFree) continue;
    const double bound = rows.joint_friction[f].bound;
    ws.z[first_box + f] = state == kAtUpperBound ? bound : -bound;
  }
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
    // Rays and limits whose rows z = 0 leaves violated; every joint sticking.
    ws.active.resize(static_cast<std::size_t>(n));
    for (Eigen::Index i = 0; i < n; ++i) ws.active[i] = lcp.offset[i] < 0 ? 1 : 0;
    for (Eigen::Index i = edge_friction_unknown(rows); i < n; ++i) ws.active[i] = kFree;
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
    fold_bound_impulses(rows, lcp, ws);
    for (int iteration = 0; iteration < iterations; ++iteration) {
      solve_edge_active_set(rows, lcp.regularisation, ws.bounded_offset, ws.proximal_center,
                            ws.active, ws.active_set, ws.z);
      set_bound_impulses(rows, ws);
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
      if (guess_violated(rows, ws, allowed)) break;
      ws.proximal_center = ws.z;
    }
    if (!correct_guess(rows, ws, allowed)) return false;
  }
  return false;
}

// 3. The QP min 1/2 z^T (G + diag r) z + q^T z over z >= 0, the joint friction rows'
// box and the torsion rows' bounds by the interior-point method. On failure, its status
// and account go into `failure`.
bool solve_by_interior_point(const IslandRows& rows, const EdgeLcp& lcp, EdgeLcpWorkspace& ws,
                             IslandSolveReport& report, SolverFallback& failure) {
  const Eigen::Index n = lcp.offset.size();
  const Eigen::Index first_box = edge_friction_unknown(rows);
  const Eigen::Index boxes = rows.joint_friction_count;
  const Eigen::Index first_torsion = edge_torsion_unknown(rows);
  const Eigen::Index first_torsion_row = first_box + 2 * boxes;
  const int u = rows.friction_edges;
  ConicProblem& program = ws.program;
  program.P = ws.matrix;
  program.c = lcp.offset;
  program.A.resize(0, 0);
  program.b.resize(0);
  // -z + s = 0 on rays and limits; tau + s = b and -tau + s = b on a joint friction row;
  // +-p_s - sum_j beta_cj + s = 0 on a torsion row.
  const Eigen::Index inequalities = first_torsion_row + 2 * rows.torsion_count;
  program.G.setZero(inequalities, n);
  program.h.setZero(inequalities);
  for (Eigen::Index i = 0; i < first_box; ++i) program.G(i, i) = -1;
  for (Eigen::Index f = 0; f < boxes; ++f) {
    const double bound = rows.joint_friction[f].bound;
    program.G(first_box + 2 * f, first_box + f) = 1;
    program.G(first_box + 2 * f + 1, first_box + f) = -1;
    program.h[first_box + 2 * f] = bound;
    program.h[first_box + 2 * f + 1] = bound;
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    const int contact = rows.torsion[t].contact;
    const Eigen::Index row = first_torsion_row + 2 * t;
    program.G(row, first_torsion + t) = 1;
    program.G(row + 1, first_torsion + t) = -1;
    for (int j = 0; j < u; ++j) {
      program.G(row, contact * u + j) = -1;
      program.G(row + 1, contact * u + j) = -1;
    }
  }
  program.orthant_size = static_cast<int>(inequalities);
  program.cone_sizes.clear();
  const ConicSolution solution = solve_conic(program);
  report.iterations += solution.iterations;
  if (solution.status != ConicStatus::Solved) {
    failure.interior_point = solution.status;
    failure.detail = solution.message;
    return false;
  }
  ws.z = solution.x;
  ws.z.head(first_box) = ws.z.head(first_box).cwiseMax(0.0);
  for (Eigen::Index f = 0; f < boxes; ++f) {
    const double bound = rows.joint_friction[f].bound;
    ws.z[first_box + f] = std::min(bound, std::max(-bound, ws.z[first_box + f]));
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    const double bound = torsion_bound(rows, ws.z, t);
    ws.z[first_torsion + t] = std::min(bound, std::max(-bound, ws.z[first_torsion + t]));
  }
  return true;
}

// 4. The frictionless LCP with the hard targets of contact_rows.h.
bool solve_frictionless(const IslandRows& rows, EdgeLcpWorkspace& ws, IslandDynamics& island,
                        IslandImpulses& impulses, IslandSolveReport& report) {
  build_frictionless_lcp(rows, ws.free_velocity, ws.frictionless);
  const LcpSolution solution =
      ws.lemke.solve(ws.frictionless.matrix(), ws.frictionless.offset, LemkeSettings{});
  report.iterations += solution.pivots;
  if (solution.status != LcpStatus::Solved) return false;
  impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  for (int c = 0; c < rows.contact_count; ++c) impulses.contact[c] = Vec3(solution.z[c], 0, 0);
  for (int l = 0; l < rows.limit_count; ++l) impulses.limit[l] = solution.z[rows.limit_column(l)];
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    impulses.joint_friction[f] = joint_friction_impulse(rows, solution.z, rows.normal_count(), f);
  }
  island.velocity = ws.free_velocity;
  apply_island_impulses(rows, impulses, island.velocity);
  return true;
}

void hold_still(const IslandRows& rows, IslandDynamics& island, IslandImpulses& impulses) {
  impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  island.velocity.setZero();
}

}  // namespace

void solve_edge_lcp(const IslandRows& rows, const EdgeLcp& lcp, EdgeWarmStarts& warm_starts,
                    EdgeLcpWorkspace& ws, IslandDynamics& island, IslandImpulses& impulses,
                    IslandSolveReport& report) {
  const int n = edge_unknown_count(rows);
  report.problem_size = n;
  ws.answered_by = nullptr;
  impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  if (!rows.is_finite() || lcp.offset.size() != n || lcp.regularisation.size() != n ||
      !all_finite(lcp.offset.data(), static_cast<std::size_t>(n)) ||
      !all_finite(lcp.regularisation.data(), static_cast<std::size_t>(n))) {
    report.fall_back(SolverStatus::InvalidInput, SolverFallback{FallbackReason::EdgeRowsNotFinite});
    hold_still(rows, island, impulses);
    return;
  }
  ws.free_velocity = island.velocity;
  edge_row_velocities(rows, ws.free_velocity, ws.row_velocity);
  make_warm_start_key(rows, island, ws.key);

  // 1. active set; not with torsion rows, whose bound couples them to the rays.
  const bool torsion = rows.torsion_count > 0;
  if (!torsion && solve_by_active_set(rows, lcp, warm_starts, ws, island, impulses, report)) {
    ws.answered_by = "active set";
    return;
  }

  // 2. Lemke. The rows were checked above, so the matrix is finite. Joint friction
  // rows and torsion rows enter it split (joint_friction_lcp.h, torsion_lcp.h).
  build_edge_gram(rows, ws.matrix);
  for (int i = 0; i < n; ++i) ws.matrix(i, i) += lcp.regularisation[i];
  LemkeSettings settings;
  settings.check_matrix_finite = false;
  const int first_box = edge_friction_unknown(rows);
  const bool split = rows.joint_friction_count > 0 || torsion;
  if (split) build_split_edge_lcp(rows, ws.matrix, lcp.offset, ws.split_matrix, ws.split_offset);
  // With torsion rows, from the basis the same contacts ended with last time.
  const std::vector<char>* warm =
      torsion ? find_lemke_basis(warm_starts, ws, static_cast<std::size_t>(ws.split_offset.size()))
              : nullptr;
  const LcpSolution solution = split ? ws.lemke.solve(ws.split_matrix, ws.split_offset, settings, warm)
                                     : ws.lemke.solve(ws.matrix, lcp.offset, settings);
  report.iterations += solution.pivots;
  if (torsion) report.warm_start_used = solution.warm_start_used;
  if (solution.status == LcpStatus::Solved) {
    ws.answered_by = "Lemke";
    ws.z = solution.z.head(n);
    ws.active.assign(solution.z_is_basic.begin(), solution.z_is_basic.begin() + n);
    for (int f = 0; f < rows.joint_friction_count; ++f) {
      const double tau = joint_friction_impulse(rows, solution.z, first_box, f);
      const double bound = rows.joint_friction[f].bound;
      ws.z[first_box + f] = tau;
      ws.active[first_box + f] =
          tau >= bound ? kAtUpperBound : (tau <= -bound ? kAtLowerBound : kFree);
    }
    const int split_torsion = first_box + 3 * rows.joint_friction_count;
    for (int t = 0; t < rows.torsion_count; ++t) {
      ws.z[edge_torsion_unknown(rows) + t] = torsion_impulse(rows, solution.z, split_torsion, t);
    }
    const EdgeCertificate certificate = evaluate(rows, lcp, ws, island, impulses);
    if (torsion) {
      remember_lemke_basis(ws, solution.z_is_basic, warm_starts);
    } else {
      remember_warm_start(rows, lcp, ws, certificate, warm_starts);
    }
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
  if (solve_by_interior_point(rows, lcp, ws, report, failure)) {
    evaluate(rows, lcp, ws, island, impulses);
    ws.answered_by = "interior point";
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

void build_split_edge_lcp(const IslandRows& rows, const Eigen::MatrixXd& matrix, const Eigen::VectorXd& offset,
                          Eigen::MatrixXd& split_matrix, Eigen::VectorXd& split_offset) {
  const int first_box = edge_friction_unknown(rows);
  const int boxes = rows.joint_friction_count;
  const int first_torsion = edge_torsion_unknown(rows);  // in z
  const int split_torsion = first_box + 3 * boxes;       // in the split problem
  const int count = rows.torsion_count;
  const int size = split_torsion + 3 * count;
  split_matrix.resize(size, size);
  split_matrix.topLeftCorner(first_torsion, first_torsion) =
      matrix.topLeftCorner(first_torsion, first_torsion);
  split_offset.resize(size);
  split_offset.head(first_torsion) = offset.head(first_torsion);
  split_joint_friction(rows, first_box, split_matrix, split_offset);
  if (count == 0) return;
  // p+ against the unknowns before it: G's entries, a joint friction row's tau-
  // negated, its sigma 0; then among themselves.
  for (int t = 0; t < count; ++t) {
    const int row = split_torsion + t;
    const int natural = first_torsion + t;
    for (int i = 0; i < first_torsion; ++i) {
      split_matrix(row, i) = matrix(natural, i);
      split_matrix(i, row) = matrix(i, natural);
    }
    for (int f = 0; f < boxes; ++f) {
      const int minus = first_box + boxes + f;
      const int slack = first_box + 2 * boxes + f;
      split_matrix(row, minus) = -matrix(natural, first_box + f);
      split_matrix(minus, row) = -matrix(first_box + f, natural);
      split_matrix(row, slack) = split_matrix(slack, row) = 0;
    }
    for (int r = 0; r < count; ++r) {
      split_matrix(row, split_torsion + r) = matrix(natural, first_torsion + r);
    }
    split_offset[row] = offset[natural];
  }
  split_torsion_edge_lcp(rows, split_torsion, split_matrix, split_offset);
}

}  // namespace contactlab
