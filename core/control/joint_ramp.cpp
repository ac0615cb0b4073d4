#include "control/joint_ramp.h"

#include <algorithm>
#include <cmath>

#include "control/vector_checks.h"

namespace contactlab {

namespace {

double direction_towards(double from, double to, double velocity) {
  if (to > from) return 1;
  if (to < from) return -1;
  return velocity > 0 ? -1 : 1;  // at the goal: back against the motion
}

}  // namespace

Status JointRamp::start(double time, const std::vector<double>& q, const std::vector<double>& qd,
                        const std::vector<double>& goal, const std::vector<double>& speed,
                        const std::vector<double>& max_acceleration) {
  const std::size_t n = q.size();
  if (qd.size() != n || goal.size() != n || speed.size() != n || max_acceleration.size() != n) {
    return Status::failure(
        "joint ramp: q, qd, goal, speed and max_acceleration must have one entry per joint");
  }
  if (!std::isfinite(time)) return Status::failure("joint ramp: time must be finite");
  for (const Status& status :
       {check_finite_entries(q, "joint ramp: q"), check_finite_entries(qd, "joint ramp: qd"),
        check_finite_entries(goal, "joint ramp: goal"),
        check_positive_entries(speed, "joint ramp: speed"),
        check_positive_entries(max_acceleration, "joint ramp: max_acceleration")}) {
    if (!status.ok()) return status;
  }

  moves_.assign(n, JointMove());
  start_time_ = time;
  for (std::size_t j = 0; j < n; ++j) {
    JointMove& move = moves_[j];
    move.goal = goal[j];
    const double a = max_acceleration[j];
    double t = 0, x = q[j], v = qd[j];
    if (x == goal[j] && v == 0) continue;
    double direction = direction_towards(x, goal[j], v);  // d
    double along = direction * v;                         // d qd0
    double length = direction * (goal[j] - x);            // L
    // 1. (x, v) => rest: moving away, or too fast to stop before the goal.
    if (along < 0 || along * along > 2 * a * length) {
      const double brake = std::abs(v) / a;
      move.pieces[move.piece_count++] = Piece{t, x, v, v > 0 ? -a : a};
      x += 0.5 * v * brake;
      t += brake;
      v = 0;
      if (x == goal[j]) {
        move.end_time = t;
        continue;
      }
      direction = direction_towards(x, goal[j], v);
      along = 0;
      length = direction * (goal[j] - x);
    }
    // 2. speed along => peak u at +-a.
    const double peak =
        along <= speed[j] ? std::min(speed[j], std::sqrt(a * length + 0.5 * along * along))
                          : speed[j];
    const double change = std::abs(peak - along) / a;
    move.pieces[move.piece_count++] =
        Piece{t, x, direction * along, peak >= along ? direction * a : -direction * a};
    x += direction * 0.5 * (along + peak) * change;
    t += change;
    // 4. starts u^2 / (2 a) before the goal, so that it ends there.
    const double stop = peak / a;
    const double stop_position = goal[j] - direction * 0.5 * peak * stop;
    // 3. cruise at u up to there.
    const double cruise = std::max(0.0, direction * (stop_position - x) / peak);
    move.pieces[move.piece_count++] = Piece{t, x, direction * peak, 0};
    t += cruise;
    move.pieces[move.piece_count++] = Piece{t, stop_position, direction * peak, -direction * a};
    move.end_time = t + stop;
  }
  return Status::success();
}

void JointRamp::sample(double time, std::vector<double>& q, std::vector<double>& qd,
                       std::vector<double>& qdd) const {
  const std::size_t n = moves_.size();
  q.resize(n);
  qd.resize(n);
  qdd.resize(n);
  const double tau = std::max(0.0, time - start_time_);
  for (std::size_t j = 0; j < n; ++j) {
    const JointMove& move = moves_[j];
    if (tau >= move.end_time) {
      q[j] = move.goal;
      qd[j] = 0;
      qdd[j] = 0;
      continue;
    }
    int index = 0;
    while (index + 1 < move.piece_count && move.pieces[index + 1].begin <= tau) ++index;
    const Piece& piece = move.pieces[index];
    const double dt = tau - piece.begin;
    q[j] = piece.position + dt * (piece.velocity + 0.5 * piece.acceleration * dt);
    qd[j] = piece.velocity + piece.acceleration * dt;
    qdd[j] = piece.acceleration;
  }
}

bool JointRamp::finished(double time) const {
  for (std::size_t j = 0; j < moves_.size(); ++j) {
    if (!joint_finished(static_cast<int>(j), time)) return false;
  }
  return true;
}

}  // namespace contactlab
