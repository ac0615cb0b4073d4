#include "control/joint_linear_move.h"

#include <algorithm>
#include <cmath>

#include "control/vector_checks.h"

namespace contactlab {

Status JointLinearMove::start(double time, const std::vector<double>& q,
                              const std::vector<double>& goal, const std::vector<double>& speed) {
  const std::size_t n = q.size();
  if (goal.size() != n || speed.size() != n) {
    return Status::failure("joint linear move: q, goal and speed must have one entry per joint");
  }
  if (!std::isfinite(time)) return Status::failure("joint linear move: time must be finite");
  CONTACTLAB_RETURN_IF_ERROR(check_finite_entries(q, "joint linear move: q"));
  CONTACTLAB_RETURN_IF_ERROR(check_finite_entries(goal, "joint linear move: goal"));
  for (double w : speed) {
    if (!(w > 0)) {
      return Status::failure("joint linear move: speed must be positive (or infinite for a step)");
    }
  }
  start_time_ = time;
  start_ = q;
  goal_ = goal;
  speed_ = speed;
  return Status::success();
}

double JointLinearMove::travelled(int j, double time) const {
  const double length = std::abs(goal_[j] - start_[j]);  // L
  const double elapsed = time - start_time_;
  if (!(elapsed > 0)) return 0;
  if (std::isinf(speed_[j])) return length;
  return std::min(speed_[j] * elapsed, length);
}

void JointLinearMove::sample(double time, std::vector<double>& q, std::vector<double>& qd) const {
  const int n = joint_count();
  q.resize(n);
  qd.resize(n);
  for (int j = 0; j < n; ++j) {
    const double moved = travelled(j, time);
    if (moved >= std::abs(goal_[j] - start_[j])) {
      q[j] = goal_[j];
      qd[j] = 0;
      continue;
    }
    const double direction = goal_[j] > start_[j] ? 1.0 : -1.0;  // d
    q[j] = start_[j] + direction * moved;
    qd[j] = time > start_time_ ? direction * speed_[j] : 0.0;
  }
}

bool JointLinearMove::finished(double time) const {
  for (int j = 0; j < joint_count(); ++j) {
    if (travelled(j, time) < std::abs(goal_[j] - start_[j])) return false;
  }
  return true;
}

}  // namespace contactlab
