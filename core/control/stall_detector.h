// "Finger stopped on contact" for auto-grasp (seed 002 §6: the fingers close "until
// contact occurs"; "eventually the handset is lifted into the hand and the fingers can
// no longer move"): a joint counts as stalled once its actuator torque has saturated
// and its speed has stayed below a threshold for N consecutive steps. Both conditions
// are needed: a finger accelerating from rest is slow but unsaturated, and a finger
// pushing an object along is saturated but not slow.
//
// The state is current, not latched: one step that is not saturated or not slow
// restarts the count and clears stalled(). The caller decides what a stall means
// (e.g. stop driving that finger and hold its torque).
#pragma once

#include <vector>

#include "base/status.h"

namespace contactlab {

class StallDetector {
 public:
  // joint_count >= 0; speed_threshold > 0 [rad/s or m/s]; required_steps N >= 1.
  // Clears every count. On failure the detector is left as it was.
  Status configure(int joint_count, double speed_threshold, int required_steps);

  // Once per step and joint: whether the PD torque saturated and the joint's velocity.
  void update(int joint, bool torque_saturated, double joint_velocity);

  bool stalled(int joint) const { return consecutive_steps_[joint] >= required_steps_; }
  // Consecutive saturated-and-slow steps so far, capped at N.
  int consecutive_steps(int joint) const { return consecutive_steps_[joint]; }
  int joint_count() const { return static_cast<int>(consecutive_steps_.size()); }
  void reset();

 private:
  double speed_threshold_ = 0;
  int required_steps_ = 1;
  std::vector<int> consecutive_steps_;
};

}  // namespace contactlab
