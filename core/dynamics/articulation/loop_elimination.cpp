#include "dynamics/articulation/loop_elimination.h"

#include <cmath>

#include "dynamics/articulation/baumgarte.h"
#include "dynamics/articulation/equality_elimination.h"

namespace contactlab {

Status eliminate_loop_closures(const Articulation& articulation, const Options& options,
                               const ArticulationState& state, bool carries_rate,
                               ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  return eliminate_loop_rows(articulation, articulation.tree, state.kinematics,
                             carries_rate ? &state.loop_rate : nullptr, options, ws, motion);
}

Status eliminate_loop_rows(const Articulation& articulation, const KinematicTree& tree,
                           const TreeKinematics& kinematics, const Eigen::VectorXd* loop_rate,
                           const Options& options, ArticulationMotionWorkspace& ws,
                           ArticulationMotion& motion) {
  if (articulation.loops.empty()) return Status::success();
  const int n = tree.velocity_size();
  loop_closure_rows(tree, kinematics, articulation.loops, ws.loop_jacobian, ws.loop_error);
  const Eigen::MatrixXd& jacobian = ws.loop_jacobian;
  const int m = static_cast<int>(jacobian.rows());

  // Y = M_c^-1 H^T, G = H Y.
  Eigen::MatrixXd& mobility = ws.loop_mobility;
  mobility.resize(n, m);
  for (int r = 0; r < m; ++r) {
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += motion.inverse_mass(i, j) * jacobian(r, j);
      mobility(i, r) = sum;
    }
  }
  Eigen::MatrixXd& gram = ws.loop_gram;
  gram.resize(m, m);
  for (int r = 0; r < m; ++r) {
    for (int s = 0; s < m; ++s) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += jacobian(r, j) * mobility(j, s);
      gram(r, s) = sum;
    }
    if (!std::isfinite(gram(r, r))) {
      return Status::failure("articulation \"" + articulation.name +
                             "\": its loop closures' matrix H M^-1 H^T is not finite");
    }
  }
  // t - H v_free, t = Baumgarte's target.
  Eigen::VectorXd& correction = ws.loop_correction;
  correction.resize(m);
  for (int r = 0; r < m; ++r) {
    const double rate = loop_rate != nullptr ? (*loop_rate)[r] : 0.0;
    const double target = baumgarte_target(rate, ws.loop_error[r], options.time_step,
                                            options.baumgarte_alpha, options.baumgarte_beta);
    double moving = 0;
    for (int j = 0; j < n; ++j) moving += jacobian(r, j) * motion.free_velocity[j];
    correction[r] = target - moving;
  }
  const Status eliminated = eliminate_equality_rows(mobility, gram, correction, ws.loop_elimination,
                                                    motion.free_velocity, motion.inverse_mass);
  if (!eliminated.ok()) {
    return Status::failure("articulation \"" + articulation.name + "\": its loop closures cannot be kept (" +
                           eliminated.message() + ")");
  }
  return Status::success();
}

void record_loop_rates(const Articulation& articulation, const ArticulationMotionWorkspace& ws,
                       ArticulationState& state) {
  if (articulation.loops.empty()) return;
  loop_rows_times(ws.loop_jacobian, state.velocities, state.loop_rate);
}

}  // namespace contactlab
