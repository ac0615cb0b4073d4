#include "formulation/quasistatic_pure.h"

#include "formulation/cone_edge_problem.h"
#include "formulation/lcp_unknown_labels.h"

namespace contactlab {
namespace {

// No motion and no impulse: the island's answer when the balance has none.
void hold_still(const IslandRows& rows, IslandDynamics& island, IslandSolution& solution) {
  solution.impulses.reset(rows.contact_count, rows.limit_count, rows.joint_friction_count);
  island.velocity.setZero();
}

// (rows) => A and t: ray j of contact c is the row e_cj^T J_c over both sides, a limit
// the row sign e_j (or sign l in maximal coordinates).
void build_rows(const IslandRows& rows, int n, QuasistaticPureWorkspace& ws) {
  const int u = rows.friction_edges;
  const int ray_count = rows.contact_count * u;
  ws.rows_matrix.setZero(ray_count + rows.limit_count, n);
  ws.targets.resize(ray_count + rows.limit_count);
  for (int c = 0; c < rows.contact_count; ++c) {
    for (int j = 0; j < u; ++j) {
      const Vec3 ray = edge_ray(rows, c, j);
      const int r = c * u + j;
      ws.targets[r] = rows.target_velocity[c];
      for (int side = 2 * c; side < 2 * c + 2; ++side) {
        const MemberJacobian& jacobian = rows.frame_jacobians[side];
        if (jacobian.member < 0) continue;
        ws.rows_matrix.row(r).segment(jacobian.offset, jacobian.rows.cols()) += ray.transpose() * jacobian.rows;
      }
    }
  }
  for (int l = 0; l < rows.limit_count; ++l) {
    const LimitRow& limit = rows.limits[l];
    const int r = ray_count + l;
    ws.targets[r] = limit.target_velocity;
    if (limit.direction.size() == 0) {
      ws.rows_matrix(r, limit.coordinate) = limit.sign;
    } else {
      ws.rows_matrix.row(r).segment(limit.offset, limit.direction.size()) = limit.sign * limit.direction.transpose();
    }
  }
}

// The Farkas ray of copy_pure_problem (quasistatic_pure.h), or an empty vector when
// the nearest balance leaves no weight over (the infeasibility lies elsewhere).
Eigen::VectorXd unbalanced_weight_ray(const QuasistaticPureWorkspace& ws) {
  const Eigen::Index nu = static_cast<Eigen::Index>(ws.object_index.size());
  const Eigen::Index r = ws.object_rows.rows();
  const Eigen::VectorXd weight = -ws.lcp_offset.head(nu);  // h w_u
  LemkeSolver nearest;
  const LcpSolution balance = nearest.solve(ws.object_rows * ws.object_rows.transpose(), ws.object_rows * weight,
                                            LemkeSettings{});
  if (balance.status != LcpStatus::Solved) return Eigen::VectorXd();
  const Eigen::VectorXd unbalanced = ws.object_rows.transpose() * balance.z + weight;  // y
  if (!(unbalanced.squaredNorm() > 0)) return Eigen::VectorXd();
  Eigen::VectorXd ray = Eigen::VectorXd::Zero(2 * nu + r);
  ray.head(nu) = unbalanced.cwiseMax(0.0);
  ray.segment(nu, nu) = (-unbalanced).cwiseMax(0.0);
  return ray;
}

}  // namespace

void solve_pure_quasistatic(const IslandRows& rows, IslandDynamics& island, QuasistaticPureWorkspace& ws,
                            IslandSolution& solution) {
  ws.solved = ws.infeasible = false;
  if (rows.joint_friction_count > 0 || rows.torsion_count > 0) {
    hold_still(rows, island, solution);
    SolverFallback unsupported{FallbackReason::QuasistaticPureUnsupported};
    unsupported.detail = "joint friction and torsional friction are not posed in pure force balance";
    solution.report.fall_back(SolverStatus::Unsupported, unsupported);
    return;
  }
  const int n = static_cast<int>(island.velocity.size());
  build_rows(rows, n, ws);
  const int r = static_cast<int>(ws.targets.size());

  // (members) => which coordinates are objects (u) and which the robot's (a), h w_u =
  // M_q v_free on the objects and M_q,a^-1 on the robot.
  ws.object_index.clear();
  ws.robot_index.clear();
  const std::vector<IslandMember>& members = island.members();
  for (const IslandMember& member : members) {
    std::vector<int>& index = member.body >= 0 ? ws.object_index : ws.robot_index;
    for (int i = 0; i < member.size; ++i) index.push_back(member.offset + i);
  }
  const int nu = static_cast<int>(ws.object_index.size());
  const int na = static_cast<int>(ws.robot_index.size());
  Eigen::VectorXd weight_impulse(nu);  // h w_u
  int object = 0;
  for (int m = 0; m < static_cast<int>(members.size()); ++m) {
    if (members[m].body < 0) continue;
    const InverseMass& inverse = island.free_inverse_mass(m);
    const Vec6 free_velocity = island.velocity.segment<6>(members[m].offset);
    weight_impulse.segment<3>(object) = free_velocity.head<3>() / inverse.inverse_mass;
    weight_impulse.segment<3>(object + 3) = inverse.inverse_inertia.inverse() * free_velocity.tail<3>();
    object += 6;
  }
  ws.robot_inverse.setZero(na, na);
  Eigen::VectorXd robot_free(na);
  for (int i = 0; i < na; ++i) robot_free[i] = island.velocity[ws.robot_index[i]];
  {
    int start = 0;
    for (int m = 0; m < static_cast<int>(members.size()); ++m) {
      if (members[m].articulation < 0) continue;
      for (int i = 0; i < members[m].size; ++i) {
        for (int j = 0; j < members[m].size; ++j) {
          ws.robot_inverse(start + i, start + j) =
              island.inverse_mass_entry(m, members[m].offset + i, members[m].offset + j);
        }
      }
      start += members[m].size;
    }
  }
  ws.object_rows.resize(r, nu);
  for (int i = 0; i < nu; ++i) ws.object_rows.col(i) = ws.rows_matrix.col(ws.object_index[i]);
  ws.robot_rows.resize(r, na);
  for (int i = 0; i < na; ++i) ws.robot_rows.col(i) = ws.rows_matrix.col(ws.robot_index[i]);

  // The LCP of the header in z = (p, m, beta).
  const int size = 2 * nu + r;
  ws.lcp_matrix.setZero(size, size);
  ws.lcp_offset.resize(size);
  ws.lcp_matrix.block(0, 2 * nu, nu, r) = -ws.object_rows.transpose();
  ws.lcp_matrix.block(nu, 2 * nu, nu, r) = ws.object_rows.transpose();
  ws.lcp_matrix.block(2 * nu, 0, r, nu) = ws.object_rows;
  ws.lcp_matrix.block(2 * nu, nu, r, nu) = -ws.object_rows;
  ws.lcp_matrix.block(2 * nu, 2 * nu, r, r) = ws.robot_rows * ws.robot_inverse * ws.robot_rows.transpose();
  ws.lcp_offset.head(nu) = -weight_impulse;
  ws.lcp_offset.segment(nu, nu) = weight_impulse;
  ws.lcp_offset.tail(r) = ws.robot_rows * robot_free - ws.targets;
  solution.report.problem_size = size;

  const LcpSolution answer = ws.lemke.solve(ws.lcp_matrix, ws.lcp_offset, LemkeSettings{});
  solution.report.pivots = answer.pivots;
  ws.solved = answer.status == LcpStatus::Solved && answer.message.empty();
  ws.infeasible = answer.status == LcpStatus::RayTermination;
  ws.z = answer.z;
  ws.w = answer.w;
  if (answer.status != LcpStatus::Solved) {
    hold_still(rows, island, solution);
    const bool infeasible = answer.status == LcpStatus::RayTermination;
    SolverFallback fallback{infeasible ? FallbackReason::QuasistaticInfeasible : FallbackReason::LcpHeldStill};
    fallback.lemke = answer.status;
    fallback.pivots = answer.pivots;
    fallback.detail = answer.message;
    solution.report.fall_back(infeasible ? SolverStatus::Infeasible : solver_status_of(answer.status), fallback);
    classify_by_velocity(rows, island.velocity, solution);
    return;
  }

  // z => v_u = p - m, v_a = v_q,a + M_q,a^-1 A_a^T beta, and the impulses.
  ws.beta = answer.z.tail(r);
  for (int i = 0; i < nu; ++i) island.velocity[ws.object_index[i]] = answer.z[i] - answer.z[nu + i];
  const Eigen::VectorXd robot_velocity = robot_free + ws.robot_inverse * (ws.robot_rows.transpose() * ws.beta);
  for (int i = 0; i < na; ++i) island.velocity[ws.robot_index[i]] = robot_velocity[i];
  edge_impulses(rows, ws.beta, solution.impulses);
  classify_by_velocity(rows, island.velocity, solution);
}

bool copy_pure_problem(const IslandRows& rows, const QuasistaticPureWorkspace& ws, long long entries_left,
                       IslandProblem& problem) {
  const Eigen::Index n = ws.lcp_offset.size();
  if (ws.infeasible && ws.lcp_matrix.rows() == n) {
    const Eigen::VectorXd held = Eigen::VectorXd::Zero(n);
    set_lemke_lcp(ws.lcp_matrix, ws.lcp_offset, held, ws.lcp_offset, rows.friction_edges, entries_left, problem);
    problem.fallback = "infeasible";
    if (problem.omitted_unknowns == 0) problem.infeasibility_ray = unbalanced_weight_ray(ws);
  } else if (ws.solved && ws.z.size() == n && ws.w.size() == n) {
    set_lemke_lcp(ws.lcp_matrix, ws.lcp_offset, ws.z, ws.w, rows.friction_edges, entries_left, problem);
  } else {
    return false;
  }
  problem.variant = "pure";
  const int objects = static_cast<int>(ws.object_index.size());
  problem.labels.clear();
  for (const char* part : {"v+", "v-"}) {
    for (int i = 0; i < objects; ++i) problem.labels.push_back(part + std::to_string(i));
  }
  for (std::string& label : edge_unknown_labels(rows)) problem.labels.push_back(std::move(label));
  return true;
}

}  // namespace contactlab
