// Constant-speed joint references for closing a hand (seed 002 §6: in an auto-grasp
// "the 3 fingers are closed at the same speed until contact occurs"): each joint moves
// towards its goal (typically its upper limit) at the joint speed w, and the caller
// stops driving a joint once it stalls on contact (stall_detector.h).
//
// Unlike JointTrajectory, the joints do not arrive together: each cruises at its speed
// w (the same for every finger in an auto-grasp) and stops at its own goal. The reference's acceleration is bounded, |qdd| <= a_max,
// and piecewise constant (a trapezoidal velocity profile): per joint, from the start
// state (q0, qd0), with d the direction towards the goal and L the distance to it,
// 1. brake to rest at a_max if the joint moves away from the goal or too fast to stop
//    before it (d qd0 < 0, or qd0^2 > 2 a_max L); the goal is then approached afresh
//    from where it came to rest;
// 2. change the speed d qd0 at a_max to the peak u = w, or, when the goal is too near to
//    reach w and stop again, u = sqrt(a_max L + qd0^2 / 2) (a triangular profile);
// 3. cruise at u;
// 4. stop at a_max exactly at the goal.
// Position and velocity are continuous; the acceleration steps between 0 and +-a_max,
// including at the start (the ramp starts from q and qd only).
#pragma once

#include <vector>

#include "base/status.h"

namespace contactlab {

class JointRamp {
 public:
  // Starts closing at `time` [s] from (q, qd) towards `goal` at `speed` (w > 0) with
  // |qdd| <= max_acceleration (> 0). One entry per joint; on failure the running ramp
  // is left as it was.
  Status start(double time, const std::vector<double>& q, const std::vector<double>& qd,
               const std::vector<double>& goal, const std::vector<double>& speed,
               const std::vector<double>& max_acceleration);

  // The reference state at `time`; times before the start give the start position and
  // velocity. The outputs are resized to joint_count().
  void sample(double time, std::vector<double>& q, std::vector<double>& qd,
              std::vector<double>& qdd) const;

  // True once this joint (or every joint) rests at its goal.
  bool joint_finished(int joint, double time) const {
    return time >= start_time_ + moves_[joint].end_time;
  }
  bool finished(double time) const;

  int joint_count() const { return static_cast<int>(moves_.size()); }
  double start_time() const { return start_time_; }

 private:
  // Constant-acceleration pieces from their start time (relative to start_time_).
  struct Piece {
    double begin = 0;          // [s]
    double position = 0;       // q at begin
    double velocity = 0;       // qd at begin
    double acceleration = 0;   // qdd during the piece
  };
  struct JointMove {
    static constexpr int kMaxPieces = 4;
    Piece pieces[kMaxPieces];
    int piece_count = 0;
    double end_time = 0;  // relative to start_time_
    double goal = 0;
  };
  double start_time_ = 0;
  std::vector<JointMove> moves_;
};

}  // namespace contactlab
