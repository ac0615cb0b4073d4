// Constant-speed joint set points: the commanded positions of seed 003's examples,
// e.g. the parallel gripper's carriage, y_cmd = max(-0.2 t, -0.03) (down at 0.2 m/s
// until -0.03 m). Each joint moves straight from its start q0 to its goal at its own
// speed w and stops there,
//   q(t)  = q0 + d min(w (t - t0), L),   d = sgn(goal - q0),   L = |goal - q0|,
//   qd(t) = d w while t - t0 < L / w, then 0.
// An infinite speed is a step: q = goal from t0 on, with qd = 0. Unlike JointRamp and
// JointTrajectory the velocity jumps: the profile is for the quasi-static model,
// whose input is the commanded position itself.
#pragma once

#include <vector>

#include "base/status.h"

namespace contactlab {

class JointLinearMove {
 public:
  // Starts at `time` [s] from q towards `goal` at `speed` (w > 0, or +infinity for a
  // step) [rad/s or m/s]. One entry per joint; on failure the running move is left
  // as it was.
  Status start(double time, const std::vector<double>& q, const std::vector<double>& goal,
               const std::vector<double>& speed);

  // The set points at `time`; times before the start give the start positions. The
  // outputs are resized to joint_count().
  void sample(double time, std::vector<double>& q, std::vector<double>& qd) const;

  // True once every joint rests at its goal.
  bool finished(double time) const;

  int joint_count() const { return static_cast<int>(goal_.size()); }
  double start_time() const { return start_time_; }
  const std::vector<double>& goal() const { return goal_; }
  const std::vector<double>& speed() const { return speed_; }

 private:
  // How far joint j has moved towards its goal at `time` (0 .. L).
  double travelled(int j, double time) const;

  double start_time_ = 0;
  std::vector<double> start_;
  std::vector<double> goal_;
  std::vector<double> speed_;
};

}  // namespace contactlab
