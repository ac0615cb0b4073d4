#include "formulation/posed_problem_copy.h"

#include <algorithm>
#include <cmath>

#include "formulation/cone_edge_problem.h"
#include "formulation/lcp_unknown_labels.h"

namespace contactlab {
namespace {

bool has_bounded_rows(const IslandRows& rows) { return rows.joint_friction_count > 0 || rows.torsion_count > 0; }

// The rows with their k x k Gram blocks: `rows` itself when posed densely, else a copy
// given them (the dense problem's numbers, formed only for the copy).
const IslandRows& dense_rows(const IslandRows& rows, IslandRows& copy) {
  if (rows.dense_gram) return rows;
  copy = rows;
  fill_dense_contact_gram(copy);
  return copy;
}

// Its unknowns per contact: u rays, or the cone program's 3 (1 without friction).
std::vector<int> rays_per_contact(const IslandRows& rows) {
  return std::vector<int>(static_cast<std::size_t>(rows.contact_count), rows.friction_edges);
}

// With torsional friction, one more: p_s after the frame's (soft_elliptic.h).
std::vector<int> frame_unknowns(const IslandRows& rows) {
  std::vector<int> sizes(static_cast<std::size_t>(rows.contact_count));
  for (int c = 0; c < rows.contact_count; ++c) {
    const bool torsion = rows.torsion_count > 0 && rows.contact_torsion[c] >= 0;
    sizes[c] = (rows.friction_coefficient[c] > 0 ? 3 : 1) + (torsion ? 1 : 0);
  }
  return sizes;
}

// z = [beta; c_l; tau; p_s] with g = matrix z + offset => the split problem's unknowns
// [beta; c_l; tau+; tau-; sigma; p+; p-; sigma_s] (posed_problem_copy.h).
Eigen::VectorXd split_answer(const IslandRows& rows, const Eigen::VectorXd& z, const Eigen::VectorXd& gradient) {
  const int first_box = edge_friction_unknown(rows);
  const int boxes = rows.joint_friction_count;
  const int first_torsion = edge_torsion_unknown(rows);
  const int split_torsion = first_box + 3 * boxes;
  const int torsions = rows.torsion_count;
  Eigen::VectorXd split(split_torsion + 3 * torsions);
  split.head(first_box) = z.head(first_box);
  for (int f = 0; f < boxes; ++f) {
    const double tau = z[first_box + f];
    split[first_box + f] = std::max(0.0, tau);
    split[first_box + boxes + f] = std::max(0.0, -tau);
    split[first_box + 2 * boxes + f] = std::abs(gradient[first_box + f]);
  }
  for (int t = 0; t < torsions; ++t) {
    const double impulse = z[first_torsion + t];
    split[split_torsion + t] = std::max(0.0, impulse);
    split[split_torsion + torsions + t] = std::max(0.0, -impulse);
    split[split_torsion + 2 * torsions + t] = std::abs(gradient[first_torsion + t]);
  }
  return split;
}

// The QP over the rays (W + diag r, q) with the answer z over [beta; c_l; tau; p_s]
// (empty: a fallback answered, z written by express_fallback_answer), as an EdgeQp,
// or as its split LCP with joint friction or torsion rows.
bool keep_edge_problem(const IslandRows& rows, const Eigen::VectorXd& offset, const Eigen::VectorXd& regularisation,
                       const Eigen::VectorXd& z, const char* method, double relative_tolerance,
                       long long entries_left, IslandProblem& problem) {
  const Eigen::Index n = edge_unknown_count(rows);
  if (offset.size() != n || regularisation.size() != n || (z.size() != 0 && z.size() != n)) return false;
  const bool split = has_bounded_rows(rows);
  const long long kept = n + 2LL * (rows.joint_friction_count + rows.torsion_count);
  problem.friction_edges = rows.friction_edges;
  problem.labels = edge_unknown_labels(rows);
  problem.relative_tolerance = relative_tolerance;
  problem.method = method != nullptr ? method : "";
  problem.fallback = method != nullptr ? "" : "fallback";
  problem.kind = split ? IslandProblemKind::Lcp : IslandProblemKind::EdgeQp;
  problem.variant = split ? "split" : "";
  problem.cones.clear();
  problem.regularisation = regularisation;
  if (too_large_to_keep(kept, entries_left)) {
    keep_size_only(kept, contact_problem_nonzeros(rows, rays_per_contact(rows)), problem);
    return true;
  }

  // W = J_beta M^-1 J_beta^T, then + diag r.
  IslandRows copy;
  Eigen::MatrixXd matrix;
  build_edge_gram(dense_rows(rows, copy), matrix);
  matrix.diagonal() += regularisation;
  const Eigen::VectorXd answer = z.size() == n ? z : Eigen::VectorXd::Zero(n);
  if (!split) {
    problem.matrix = std::move(matrix);
    problem.offset = offset;
    problem.z = answer;
  } else {
    build_split_edge_lcp(rows, matrix, offset, problem.matrix, problem.offset);
    problem.z = split_answer(rows, answer, matrix * answer + offset);
  }
  problem.w = problem.matrix * problem.z + problem.offset;
  return true;
}

}  // namespace

long long contact_problem_nonzeros(const IslandRows& rows, const std::vector<int>& unknowns) {
  // (contact, contact) pairs through each member they touch, then each pair once.
  int members = 0;
  for (const MemberJacobian& side : rows.frame_jacobians) members = std::max(members, side.member + 1);
  std::vector<std::vector<int>> contacts_of(static_cast<std::size_t>(members));
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int s = 0; s < 2; ++s) {
      const int member = rows.frame_jacobians[2 * c + s].member;
      if (member >= 0) contacts_of[member].push_back(c);
    }
  }
  std::vector<long long> pairs;
  const long long k = rows.contact_count;
  for (const std::vector<int>& touching : contacts_of) {
    for (const int c : touching) {
      for (const int e : touching) pairs.push_back(c * k + e);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  long long nonzeros = 0;
  for (const long long pair : pairs) nonzeros += static_cast<long long>(unknowns[pair / k]) * unknowns[pair % k];
  return nonzeros;
}

bool copy_edge_problem(const IslandRows& rows, const EdgeLcp& lcp, const EdgeLcpWorkspace& solver,
                       long long entries_left, IslandProblem& problem) {
  const bool answered = solver.answered_by != nullptr && solver.z.size() == lcp.offset.size();
  return keep_edge_problem(rows, lcp.offset, lcp.regularisation, answered ? solver.z : Eigen::VectorXd(),
                           answered ? solver.answered_by : nullptr, kProblemCertificateTolerance, entries_left, problem);
}

bool copy_soft_newton_problem(const IslandRows& rows, const EdgeLcp& lcp, const SoftNewtonWorkspace& solver,
                              long long entries_left, IslandProblem& problem) {
  const bool answered = solver.answered_by != nullptr && solver.z.size() == lcp.offset.size();
  return keep_edge_problem(rows, lcp.offset, lcp.regularisation, answered ? solver.z : Eigen::VectorXd(),
                           answered ? solver.answered_by : nullptr, kSoftNewtonCertificateTolerance, entries_left, problem);
}

bool copy_convex_newton_problem(const IslandRows& rows, const ConvexNewtonWorkspace& solver, long long entries_left,
                                IslandProblem& problem) {
  const Eigen::Index rays = static_cast<Eigen::Index>(rows.contact_count) * rows.friction_edges;
  if (solver.offset.size() != rays) return false;
  const bool answered = solver.answered_by != nullptr && solver.multiplier.size() == rays;
  return keep_edge_problem(rows, solver.offset, Eigen::VectorXd::Zero(rays),
                           answered ? solver.multiplier : Eigen::VectorXd(),
                           answered ? solver.answered_by : nullptr, kConvexNewtonCertificateTolerance, entries_left,
                           problem);
}

bool copy_elliptic_problem(const IslandRows& rows, const SoftIslandWorkspace& soft, long long entries_left,
                           IslandProblem& problem) {
  const int k = rows.contact_count;
  const int joint_rows = rows.joint_row_count();
  if (static_cast<int>(soft.offset.size()) != k || static_cast<int>(soft.regularisation.size()) != k ||
      soft.lcp.offset.size() < edge_unknown_count(rows) || soft.torsion_offset.size() != rows.torsion_count ||
      soft.torsion_regularisation.size() != rows.torsion_count) {
    return false;
  }
  // Per contact its first unknown (p_n, then p_t where mu > 0, then p_s with torsional
  // friction), then the limits and the joint friction rows: soft_elliptic.h's x.
  const std::vector<int> frames = frame_unknowns(rows);
  std::vector<int> first(static_cast<std::size_t>(k + joint_rows));
  int n = 0;
  for (int c = 0; c < k; ++c) {
    first[c] = n;
    n += frames[c];
  }
  for (int l = 0; l < joint_rows; ++l) first[k + l] = n++;

  const char* method = rows.dense_gram ? soft.elliptic.answered_by : soft.elliptic_newton.answered_by;
  problem.kind = IslandProblemKind::ConeProgram;
  problem.variant = "";
  problem.friction_edges = 0;
  problem.labels = cone_unknown_labels(rows);
  problem.regularisation.resize(0);
  problem.method = method != nullptr ? method : "";
  problem.fallback = method != nullptr ? "" : "fallback";
  problem.relative_tolerance = rows.dense_gram ? kProblemCertificateTolerance : kSoftNewtonCertificateTolerance;
  problem.cones.clear();
  for (int c = 0; c < k; ++c) {
    problem.cones.push_back(ProblemCone{first[c], frames[c], rows.friction_coefficient[c]});
  }
  problem.boxes.clear();
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    problem.boxes.push_back(ProblemBox{first[k + rows.limit_count + f], rows.joint_friction[f].bound});
  }
  if (too_large_to_keep(n, entries_left)) {
    keep_size_only(n, contact_problem_nonzeros(rows, frames) + joint_rows, problem);
    return true;
  }

  // P = A + R and the joint and torsion rows (soft_elliptic.h), c = J v_free - v*;
  // s^T v_free - v*_s; L v_free - target.
  IslandRows copy;
  problem.matrix.setZero(n, n);
  build_elliptic_objective(dense_rows(rows, copy), soft.regularisation, soft.torsion_regularisation, first,
                           problem.matrix);
  problem.offset.resize(n);
  for (int c = 0; c < k; ++c) {
    const int frame = rows.friction_coefficient[c] > 0 ? 3 : 1;
    for (int a = 0; a < frame; ++a) problem.offset[first[c] + a] = soft.offset[c][a];
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    const int c = rows.torsion[t].contact;
    problem.offset[first[c] + frames[c] - 1] = soft.torsion_offset[t];
  }
  const int u = rows.friction_edges;
  for (int l = 0; l < joint_rows; ++l) problem.offset[first[k + l]] = soft.lcp.offset[k * u + l];
  problem.z = Eigen::VectorXd::Zero(n);
  if (method != nullptr && rows.dense_gram) {
    if (soft.elliptic.x.size() != n) return false;
    problem.z = soft.elliptic.x;
  } else if (method != nullptr) {
    if (static_cast<int>(soft.elliptic_newton.cost.size()) != k) return false;
    // (an island posed sparsely has no torsion or joint rows: soft_formulation.h)
    for (int c = 0; c < k; ++c) {
      for (int a = 0; a < frames[c]; ++a) problem.z[first[c] + a] = soft.elliptic_newton.cost[c].impulse[a];
    }
  }
  problem.w = problem.matrix * problem.z + problem.offset;
  return true;
}

void express_fallback_answer(const IslandRows& rows, const IslandImpulses& impulses, IslandProblem& problem) {
  const Eigen::Index n = problem.offset.size();
  if (problem.omitted_unknowns > 0 || problem.matrix.rows() != n) return;
  // Seed 002's LCP and the pure balance hold their fallback's answer already.
  const std::string variant = problem.variant;
  if (problem.kind == IslandProblemKind::Lcp && variant != "split") return;
  problem.z.setZero(n);
  const int k = rows.contact_count;
  if (problem.kind == IslandProblemKind::ConeProgram) {
    // Per contact its frame's impulse, then p_s; then c_l and tau.
    for (int c = 0; c < k && c < static_cast<int>(problem.cones.size()); ++c) {
      const ProblemCone& cone = problem.cones[c];
      const int frame = cone.size >= 3 ? 3 : 1;
      for (int a = 0; a < frame; ++a) problem.z[cone.first + a] = impulses.contact[c][a];
      if (cone.size != frame) problem.z[cone.first + frame] = impulses.torsion[c];
    }
    const int first_limit = problem.cones.empty() ? 0 : problem.cones.back().first + problem.cones.back().size;
    for (int l = 0; l < rows.limit_count; ++l) problem.z[first_limit + l] = impulses.limit[l];
    for (int f = 0; f < rows.joint_friction_count; ++f) {
      problem.z[first_limit + rows.limit_count + f] = impulses.joint_friction[f];
    }
  } else {
    // [beta; c_l], then the split rows' tau+-, p+- (their sigma 0).
    const int u = rows.friction_edges;
    for (int c = 0; c < k; ++c) {
      for (int j = 0; j < u; ++j) problem.z[c * u + j] = impulses.contact[c].x() / u;
    }
    for (int l = 0; l < rows.limit_count; ++l) problem.z[k * u + l] = impulses.limit[l];
    const int first_box = edge_friction_unknown(rows);
    const int boxes = rows.joint_friction_count;
    const int split_torsion = first_box + 3 * boxes;
    const int torsions = rows.torsion_count;
    if (n == split_torsion + 3 * torsions && variant == "split") {
      for (int f = 0; f < boxes; ++f) {
        problem.z[first_box + f] = std::max(0.0, impulses.joint_friction[f]);
        problem.z[first_box + boxes + f] = std::max(0.0, -impulses.joint_friction[f]);
      }
      for (int t = 0; t < torsions; ++t) {
        const double impulse = impulses.torsion[rows.torsion[t].contact];
        problem.z[split_torsion + t] = std::max(0.0, impulse);
        problem.z[split_torsion + torsions + t] = std::max(0.0, -impulse);
      }
    }
  }
  problem.w = problem.matrix * problem.z + problem.offset;
}

}  // namespace contactlab
