#include "formulation/lcp_formulation.h"

#include <utility>

#include "formulation/joint_friction_lcp.h"
#include "formulation/lcp_basis_map.h"
#include "formulation/lcp_unknown_labels.h"
#include "formulation/torsion_lcp.h"

namespace contactlab {
namespace {

// A contact whose normal row has slack above this opens [m/s].
constexpr double kOpeningTolerance = 1e-9;

// Islands of at least this many unknowns take Lemke's path from their warm basis where
// it misses, the basis carried over contact by contact where their contacts changed
// (lcp_formulation.h). Smaller ones, whose cold paths are short, go cold as before, so
// that the small scenes' trajectories keep their bits (docs/performance.md, "lcp's
// warm paths"): 150 unknowns are 25 contacts at u = 4.
constexpr int kWarmPathUnknowns = 150;

// The geom pairs an LCP was built from, contact by contact, to recognise a problem of
// the same shape next pass. Feature ids are left out on purpose: where two equal faces
// meet, a corner flips between "vertex" and "clipped edge" from one step to the next
// while the point stays put. A basis that no longer fits costs nothing: the solver
// checks it and falls back to pivoting.
void make_warm_start_key(const Options& options, const IslandRows& rows,
                         const IslandContactState& contacts, std::vector<long long>& key) {
  key.clear();
  key.push_back(options.friction_edges);
  for (const std::pair<int, int>& geoms : contacts.geoms) {
    key.push_back(geoms.first);
    key.push_back(geoms.second);
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    const LimitRow& limit = rows.limits[l];
    key.push_back(-1 - limit.articulation);
    key.push_back(limit.sign > 0 ? 2 * limit.link : 2 * limit.link + 1);
  }
  // Joint friction rows: a negative second entry, unlike any limit's.
  for (const JointFrictionRow& friction : rows.joint_friction) {
    key.push_back(-1 - friction.articulation);
    key.push_back(-1 - friction.link);
  }
}

// Keeps the island's final basis and its contacts' points for the next pass, reusing
// last pass's storage.
void remember_warm_start(const std::vector<long long>& key, const std::vector<char>& z_is_basic,
                         const std::vector<Vec3>& points, LcpBases& bases) {
  if (bases.used == bases.current.size()) bases.current.emplace_back();
  LcpBasis& entry = bases.current[bases.used++];
  entry.key = key;
  entry.z_is_basic = z_is_basic;
  entry.points = points;
}

const std::vector<char>* find_warm_start(const std::vector<LcpBasis>& candidates,
                                         const std::vector<long long>& key, int size) {
  for (const LcpBasis& entry : candidates) {
    if (entry.z_is_basic.empty()) continue;
    if (entry.key == key && static_cast<int>(entry.z_is_basic.size()) == size) {
      return &entry.z_is_basic;
    }
  }
  return nullptr;
}

// (z, w) => per contact the impulse in its frame, the slip speed lambda and the mode
// (sliding also where it spins, sigma of its torsion row > 0); per limit its impulse;
// per joint friction row tau = tau+ - tau-; per torsion row p_s = p+ - p-.
void read_solution(const IslandRows& rows, const Eigen::VectorXd& z, const Eigen::VectorXd& w,
                   IslandSolution& solution) {
  const int m = rows.column_count();
  solution.impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  solution.slip_speed.resize(rows.contact_count);
  solution.mode.resize(rows.contact_count);
  const int first_torsion = torsion_unknown(rows);
  for (int c = 0; c < rows.contact_count; ++c) {
    solution.impulses.contact[c] = frame_impulse(rows, z, c, true);
    solution.slip_speed[c] = z[m + c];
    const int t = rows.torsion_count > 0 ? rows.contact_torsion[c] : -1;
    const bool spins = t >= 0 && z[first_torsion + 2 * rows.torsion_count + t] > kSlipTolerance;
    if (t >= 0) solution.impulses.torsion[c] = torsion_impulse(rows, z, first_torsion, t);
    if (w[c] > kOpeningTolerance) solution.mode[c] = ContactMode::Separating;
    else if (solution.slip_speed[c] > kSlipTolerance || spins) solution.mode[c] = ContactMode::Sliding;
    else solution.mode[c] = ContactMode::Sticking;
  }
  for (int l = 0; l < rows.limit_count; ++l) solution.impulses.limit[l] = z[rows.limit_column(l)];
  const int first_friction = joint_friction_unknown(rows, true);
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    solution.impulses.joint_friction[f] = joint_friction_impulse(rows, z, first_friction, f);
  }
}

// (rows, v_free) => z, w and v^{l+1}, with the fallbacks of lcp_formulation.h.
void solve_lcp(const Options& options, const IslandRows& rows, const IslandContactState& contacts,
               LcpBases& bases, LcpScratch& scratch, IslandDynamics& island,
               IslandSolveReport& report) {
  const int size = torsion_unknown(rows) + 3 * rows.torsion_count;
  Eigen::VectorXd& z = scratch.z;
  Eigen::VectorXd& w = scratch.w;
  scratch.posed = false;
  scratch.fell_back = true;
  z.setZero(size);
  w.setZero(size);
  if (!rows.is_finite()) {
    island.velocity.setZero();
    report.fall_back(SolverStatus::InvalidInput, SolverFallback{FallbackReason::LcpRowsNotFinite});
    return;
  }
  // (rows, v_free) => (G + N, g), dense or sparse; last pass's basis of the same
  // contacts, if any, else, for an island of contacts alone, the last pass's bases
  // carried over contact by contact (lcp_basis_map.h).
  const bool sparse = !rows.dense_gram;
  if (sparse) {
    build_sparse_contact_lcp(rows, island.velocity, true, scratch.sparse_lcp);
  } else {
    build_contact_lcp(rows, island.velocity, scratch.lcp);
  }
  scratch.posed = true;
  scratch.sparse = sparse;
  make_warm_start_key(options, rows, contacts, scratch.key);
  const std::vector<char>* warm = find_warm_start(bases.previous, scratch.key, size);
  const bool warm_path = size >= kWarmPathUnknowns;
  const bool contacts_alone = size == rows.contact_count * (rows.friction_edges + 2);
  if (warm == nullptr && (sparse || warm_path) && contacts_alone &&
      map_contact_basis(bases.previous, scratch.key, contacts.position, scratch.mapped_basis)) {
    warm = &scratch.mapped_basis;
  }

  // Certified to the default 1e-9 (relative to max(1, |q|)): rows are velocities
  // [m/s] and impulses [N s]. The rows were checked above, so M is finite.
  LemkeSettings settings;
  settings.check_matrix_finite = false;
  settings.path_from_warm_basis = warm_path;
  const LcpSolution solution =
      sparse ? scratch.sparse_lemke.solve(scratch.sparse_lcp.matrix, scratch.sparse_lcp.offset, settings, warm)
             : scratch.lemke.solve(scratch.lcp.matrix(), scratch.lcp.offset, settings, warm);
  report.problem_size = size;
  report.pivots += solution.pivots;
  report.warm_start_used = solution.warm_start_used;

  // z => v^{l+1} = v_free + M^-1 H z (eq. 20's first row)
  if (solution.status == LcpStatus::Solved) {
    if (!solution.message.empty()) {
      SolverFallback regularised{FallbackReason::LcpRegularised};
      regularised.detail = solution.message;
      report.fall_back(SolverStatus::Solved, std::move(regularised));
    }
    remember_warm_start(scratch.key, solution.z_is_basic, contacts.position, bases);
    z = solution.z;
    w = solution.w;
    scratch.fell_back = !solution.message.empty();
    apply_impulses(rows, z, true, island.velocity);
    return;
  }

  // No answer: the frictionless problem, else the island held still.
  SolverFallback failure;
  failure.lemke = solution.status;
  failure.pivots = solution.pivots;
  failure.detail = solution.message;
  LcpSolution frictionless;
  if (sparse) {
    build_sparse_contact_lcp(rows, island.velocity, false, scratch.sparse_frictionless);
    frictionless = scratch.sparse_lemke.solve(scratch.sparse_frictionless.matrix, scratch.sparse_frictionless.offset,
                                              LemkeSettings{});
  } else {
    build_frictionless_lcp(rows, island.velocity, scratch.frictionless);
    frictionless = scratch.lemke.solve(scratch.frictionless.matrix(), scratch.frictionless.offset, LemkeSettings{});
  }
  report.pivots += frictionless.pivots;
  if (frictionless.status == LcpStatus::Solved) {
    apply_impulses(rows, frictionless.z, false, island.velocity);
    // Into the frictional layout: c_n and c_l, then the joint friction unknowns.
    const int n = rows.normal_count();
    const int split = 3 * rows.joint_friction_count;
    const int first_friction = joint_friction_unknown(rows, true);
    z.head(n) = frictionless.z.head(n);
    w.head(n) = frictionless.w.head(n);
    z.segment(first_friction, split) = frictionless.z.tail(split);
    w.segment(first_friction, split) = frictionless.w.tail(split);
    failure.reason = FallbackReason::LcpWithoutFriction;
  } else {
    island.velocity.setZero();
    failure.reason = FallbackReason::LcpHeldStill;
  }
  report.fall_back(solver_status_of(solution.status), std::move(failure));
}

}  // namespace

void solve_lcp_island(const Options& options, const IslandRows& rows,
                      const IslandContactState& contacts, LcpBases& bases, LcpScratch& scratch,
                      IslandDynamics& island, IslandSolution& solution) {
  solve_lcp(options, rows, contacts, bases, scratch, island, solution.report);
  read_solution(rows, scratch.z, scratch.w, solution);
}

bool LcpFormulation::copy_last_problem(const Options&, const IslandRows& rows, long long entries_left,
                                       IslandProblem& problem) const {
  if (!scratch_.posed) return false;
  if (scratch_.sparse) {
    // Past the dense cap: the dense copy is formed only when it fits the keep cap.
    const SparseContactLcp& lcp = scratch_.sparse_lcp;
    const Eigen::VectorXd w = scratch_.fell_back ? Eigen::VectorXd(lcp.matrix * scratch_.z + lcp.offset) : scratch_.w;
    const bool fits = !too_large_to_keep(lcp.offset.size(), entries_left);
    set_lemke_lcp(fits ? Eigen::MatrixXd(lcp.matrix) : Eigen::MatrixXd(), lcp.offset, scratch_.z, w,
                  rows.friction_edges, entries_left, problem);
    if (!fits) problem.omitted_nonzeros = lcp.matrix.nonZeros();
  } else {
    const ContactLcp& lcp = scratch_.lcp;
    // A fallback's answer against the frictional problem: w = M z + q.
    const Eigen::VectorXd w = scratch_.fell_back ? Eigen::VectorXd(lcp.matrix() * scratch_.z + lcp.offset) : scratch_.w;
    set_lemke_lcp(lcp.matrix(), lcp.offset, scratch_.z, w, rows.friction_edges, entries_left, problem);
  }
  if (scratch_.fell_back) problem.fallback = "fallback";  // named by the step (island_problem.h)
  problem.labels = lcp_unknown_labels(rows);
  return true;
}

}  // namespace contactlab
