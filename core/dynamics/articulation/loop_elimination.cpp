#include "dynamics/articulation/loop_elimination.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "dynamics/articulation/baumgarte.h"

namespace contactlab {
namespace {

// The rows of G kept, in order: row j is kept when its pivot, after the rows kept
// before it (Cholesky-Crout over them), exceeds kDependentPivot times G's largest
// diagonal entry. `lower` holds L over the kept rows as they are found.
void independent_rows(const Eigen::MatrixXd& gram, std::vector<int>& kept, Eigen::MatrixXd& lower) {
  const int m = static_cast<int>(gram.rows());
  double largest = 0;
  for (int j = 0; j < m; ++j) largest = std::max(largest, gram(j, j));
  const double smallest_pivot = kDependentPivot * largest;
  kept.clear();
  lower.setZero(m, m);  // row r: L's entries of G's row r against the kept columns
  for (int j = 0; j < m; ++j) {
    const int column = static_cast<int>(kept.size());
    double pivot = gram(j, j);
    for (int k = 0; k < column; ++k) pivot -= lower(j, k) * lower(j, k);
    if (!(pivot > smallest_pivot)) continue;
    const double diagonal = std::sqrt(pivot);
    lower(j, column) = diagonal;
    for (int i = j + 1; i < m; ++i) {
      double sum = gram(i, j);
      for (int k = 0; k < column; ++k) sum -= lower(i, k) * lower(j, k);
      lower(i, column) = sum / diagonal;
    }
    kept.push_back(j);
  }
}

}  // namespace

Status eliminate_loop_closures(const Articulation& articulation, const Options& options,
                               const ArticulationState& state, bool carries_rate,
                               ArticulationMotionWorkspace& ws, ArticulationMotion& motion) {
  if (articulation.loops.empty()) return Status::success();
  const KinematicTree& tree = articulation.tree;
  const int n = tree.velocity_size();
  loop_closure_rows(tree, state.kinematics, articulation.loops, ws.loop_jacobian, ws.loop_error);
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
  std::vector<int>& kept = ws.loop_kept;
  independent_rows(gram, kept, ws.loop_lower);
  const int rows = static_cast<int>(kept.size());
  if (rows == 0) return Status::success();

  // mu = G^-1 (t - H v_free) over the kept rows, t = Baumgarte's target.
  Eigen::MatrixXd& kept_gram = ws.loop_kept_gram;
  kept_gram.resize(rows, rows);
  Eigen::VectorXd& correction = ws.loop_correction;
  correction.resize(rows);
  for (int a = 0; a < rows; ++a) {
    const int r = kept[a];
    for (int b = 0; b < rows; ++b) kept_gram(a, b) = gram(r, kept[b]);
    const double rate = carries_rate ? state.loop_rate[r] : 0.0;
    const double target = baumgarte_target(rate, ws.loop_error[r], options.time_step,
                                            options.baumgarte_alpha, options.baumgarte_beta);
    double moving = 0;
    for (int j = 0; j < n; ++j) moving += jacobian(r, j) * motion.free_velocity[j];
    correction[a] = target - moving;
  }
  const Status factored = ws.loop_factor.factor(kept_gram);
  if (!factored.ok()) {
    return Status::failure("articulation \"" + articulation.name + "\": its loop closures cannot be kept (" +
                           factored.message() + ")");
  }
  ws.loop_factor.solve_in_place(correction);
  for (int i = 0; i < n; ++i) {
    for (int a = 0; a < rows; ++a) motion.free_velocity[i] += mobility(i, kept[a]) * correction[a];
  }
  // M_c^-1 -= Y G^-1 Y^T over the kept rows.
  Eigen::MatrixXd& solved = ws.loop_solved;
  solved.resize(rows, n);
  for (int a = 0; a < rows; ++a) {
    for (int j = 0; j < n; ++j) solved(a, j) = mobility(j, kept[a]);
  }
  ws.loop_factor.solve_in_place(solved);
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      double removed = 0;
      for (int a = 0; a < rows; ++a) removed += mobility(i, kept[a]) * solved(a, j);
      motion.inverse_mass(i, j) -= removed;
    }
  }
  return Status::success();
}

void record_loop_rates(const Articulation& articulation, const ArticulationMotionWorkspace& ws,
                       ArticulationState& state) {
  if (articulation.loops.empty()) return;
  loop_rows_times(ws.loop_jacobian, state.velocities, state.loop_rate);
}

}  // namespace contactlab
