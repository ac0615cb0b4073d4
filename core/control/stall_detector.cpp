#include "control/stall_detector.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

Status StallDetector::configure(int joint_count, double speed_threshold, int required_steps) {
  if (joint_count < 0) return Status::failure("stall detector: joint_count must be >= 0");
  if (!(speed_threshold > 0) || !std::isfinite(speed_threshold)) {
    return Status::failure("stall detector: speed_threshold must be positive and finite");
  }
  if (required_steps < 1) return Status::failure("stall detector: required_steps must be >= 1");
  speed_threshold_ = speed_threshold;
  required_steps_ = required_steps;
  consecutive_steps_.assign(joint_count, 0);
  return Status::success();
}

void StallDetector::update(int joint, bool torque_saturated, double joint_velocity) {
  // (saturated, |qd| < threshold) => count + 1 up to N, else 0.
  int& count = consecutive_steps_[joint];
  if (torque_saturated && std::abs(joint_velocity) < speed_threshold_) {
    count = std::min(count + 1, required_steps_);
  } else {
    count = 0;
  }
}

void StallDetector::reset() { std::fill(consecutive_steps_.begin(), consecutive_steps_.end(), 0); }

}  // namespace contactlab
