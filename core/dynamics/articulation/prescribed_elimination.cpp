#include "dynamics/articulation/prescribed_elimination.h"

namespace contactlab {

Status eliminate_prescribed_motion(const Articulation& articulation, const Options& options,
                                   const ArticulationState& state, ArticulationMotionWorkspace& ws,
                                   ArticulationMotion& motion) {
  const int rows = static_cast<int>(articulation.prescribed.size());
  ws.prescribed_impulse.setZero(rows);
  if (rows == 0) return Status::success();
  if (options.coordinates == 1) {
    return Status::failure("articulation \"" + articulation.name +
                           "\": a prescribed_motion is posed in reduced coordinates only (the option coordinates: "
                           "reduced)");
  }
  const KinematicTree& tree = articulation.tree;
  const int n = tree.velocity_size();
  // Y = M_c^-1 P^T (P's rows pick the driven coordinates), G = P Y.
  Eigen::MatrixXd& mobility = ws.prescribed_mobility;
  mobility.resize(n, rows);
  Eigen::VectorXd& correction = ws.prescribed_correction;
  correction.resize(rows);
  for (int r = 0; r < rows; ++r) {
    const int j = tree.velocity_offset(articulation.prescribed[r].link);
    for (int i = 0; i < n; ++i) mobility(i, r) = motion.inverse_mass(i, j);
    correction[r] = state.prescribed_velocity[r] - motion.free_velocity[j];
  }
  Eigen::MatrixXd& gram = ws.prescribed_gram;
  gram.resize(rows, rows);
  for (int r = 0; r < rows; ++r) {
    const int j = tree.velocity_offset(articulation.prescribed[r].link);
    for (int s = 0; s < rows; ++s) gram(r, s) = mobility(j, s);
  }
  const Status factored = ws.prescribed_factor.factor(gram);
  if (!factored.ok()) {
    return Status::failure("articulation \"" + articulation.name +
                           "\": its prescribed joints cannot all move as prescribed (" + factored.message() + ")");
  }
  // v_free += Y G^-1 (qdot_ref - P v_free), M_c^-1 -= Y G^-1 Y^T.
  Eigen::VectorXd& step = ws.prescribed_step;  // G^-1 (qdot_ref - P v_free)
  step = correction;
  ws.prescribed_factor.solve_in_place(step);
  Eigen::MatrixXd& solved = ws.prescribed_solved;  // G^-1 Y^T
  solved = mobility.transpose();
  ws.prescribed_factor.solve_in_place(solved);
  for (int i = 0; i < n; ++i) {
    for (int r = 0; r < rows; ++r) motion.free_velocity[i] += mobility(i, r) * step[r];
  }
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      double removed = 0;
      for (int r = 0; r < rows; ++r) removed += mobility(i, r) * solved(r, j);
      motion.inverse_mass(i, j) -= removed;
    }
  }
  // What the algebra makes exact: the driven rate, and no impulse moving it.
  for (int r = 0; r < rows; ++r) {
    const int j = tree.velocity_offset(articulation.prescribed[r].link);
    motion.free_velocity[j] = state.prescribed_velocity[r];
    motion.inverse_mass.row(j).setZero();
    motion.inverse_mass.col(j).setZero();
  }
  return Status::success();
}

void prescribed_impulses(const Eigen::VectorXd& mobility_work, ArticulationMotionWorkspace& ws) {
  // lambda = G^-1 (qdot_ref - P v_free - Y^T J^T f).
  ws.prescribed_impulse = ws.prescribed_correction - mobility_work;
  ws.prescribed_factor.solve_in_place(ws.prescribed_impulse);
}

}  // namespace contactlab
