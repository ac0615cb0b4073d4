#include "formulation/posed_problem_copy.h"

#include "formulation/cone_edge_problem.h"
#include "formulation/lcp_unknown_labels.h"

namespace contactlab {
namespace {

bool has_only_complementary_unknowns(const IslandRows& rows) {
  return rows.dense_gram && rows.joint_friction_count == 0 && rows.torsion_count == 0;
}

}  // namespace

bool copy_edge_problem(const IslandRows& rows, const EdgeLcp& lcp, const EdgeLcpWorkspace& solver,
                       IslandProblem& problem) {
  if (solver.answered_by == nullptr || !has_only_complementary_unknowns(rows)) return false;
  const Eigen::Index n = lcp.offset.size();
  if (solver.z.size() != n || solver.w.size() != n || lcp.regularisation.size() != n) return false;
  problem.kind = IslandProblemKind::EdgeQp;
  // W = J_beta M^-1 J_beta^T, then + diag r.
  build_edge_gram(rows, problem.matrix);
  problem.matrix.diagonal() += lcp.regularisation;
  problem.offset = lcp.offset;
  problem.regularisation = lcp.regularisation;
  problem.z = solver.z;
  problem.w = solver.w;
  problem.cones.clear();
  problem.friction_edges = rows.friction_edges;
  problem.method = solver.answered_by;
  problem.labels = edge_unknown_labels(rows);
  return true;
}

bool copy_elliptic_problem(const IslandRows& rows, const SoftEllipticWorkspace& solver,
                           IslandProblem& problem) {
  if (solver.answered_by == nullptr || !has_only_complementary_unknowns(rows)) return false;
  const Eigen::Index n = solver.program.c.size();
  if (solver.x.size() != n || solver.program.P.rows() != n) return false;
  problem.kind = IslandProblemKind::ConeProgram;
  problem.matrix = solver.program.P;
  problem.offset = solver.program.c;
  problem.regularisation.resize(0);
  problem.z = solver.x;
  problem.w = solver.program.P * solver.x + solver.program.c;
  problem.cones.clear();
  for (int c = 0; c < rows.contact_count; ++c) {
    const double mu = rows.friction_coefficient[c];
    problem.cones.push_back(ProblemCone{solver.first_variable[c], mu > 0 ? 3 : 1, mu});
  }
  problem.friction_edges = 0;
  problem.method = solver.answered_by;
  problem.labels = cone_unknown_labels(rows);
  return true;
}

}  // namespace contactlab
