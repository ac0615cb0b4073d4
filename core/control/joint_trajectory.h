// Smooth joint trajectories to a new set of joint set points (seed 002 §5: "if given a
// new set of joint positions, the trajectory generator creates the smooth joint
// trajectories individually").
//
// The move. Each joint goes from its start state (q0, qd0, qdd0) at t0 to rest at its
// target at t0 + T; position, velocity and acceleration are continuous everywhere,
// also at t0 when the move interrupts a running one and starts from its sampled state.
// The main piece is the quintic in s = t' / T' (t' from the piece's start, T' its
// duration) from (q1, qd1, qdd1) to rest at q1 + D:
//   q = q1 + V s + A/2 s^2 + b3 s^3 + b4 s^4 + b5 s^5,   V = qd1 T', A = qdd1 T'^2,
//   b3 = 10 D - 6 V - 3/2 A,   b4 = -15 D + 8 V + 3/2 A,   b5 = 6 D - 3 V - 1/2 A.
// With qdd0 = 0 the move is this quintic alone (q1 = q0, qd1 = qd0). A start with qdd0 != 0
// first releases the acceleration: over tr the acceleration falls linearly to zero,
//   qdd = qdd0 (1 - t'/tr),   qd1 = qd0 + qdd0 tr / 2,   q1 = q0 + qd0 tr + qdd0 tr^2 / 3,
// and the quintic (from qdd1 = 0) follows. A single quintic from qdd0 != 0 cannot hold
// the limits in general: its jerk shrinks as T grows, so a joint interrupted while
// accelerating towards v_max can overshoot it whatever T is chosen.
//
// Duration. All joints share T, so they arrive together (GraspIt moves all DOFs of a
// hand in sync); every joint keeps |qd| <= v_max and |qdd| <= a_max:
// - From rest the quintic's peaks are closed forms,
//     peak |qd| = 15 |D| / (8 T) at s = 1/2,
//     peak |qdd| = 10 |D| / (sqrt(3) T^2) at s = 1/2 -+ 1/(2 sqrt(3)),
//   so T = max over joints of max(15 |D| / (8 v_max), sqrt(10 |D| / (sqrt(3) a_max)));
//   the limiting joint reaches its limit exactly.
// - From a moving start: tr = min(|qdd0| v_max / a_max^2, 2 (v_max - sgn(qdd0) qd0) / |qdd0|),
//   the release at the jerk a_max^2 / v_max, shortened so that |qd1| <= v_max (the
//   velocity is monotone during the release, |qdd| <= |qdd0|); tr = 0 when qdd0 = 0.
//   Then T is the shortest duration the following search finds for which every
//   joint's quintic (of duration T - tr) keeps the limits, with peaks found exactly
//   (quintic_peaks): starting from
//     T_low = max over joints of tr + max(|D| / v_max, |qd1| / a_max)
//   (necessary: the quintic covers D at no more than v_max and stops qd1 at no more
//   than a_max), T grows by factors of 1.25 until the limits hold, then bisection
//   between the last violating and the first admissible value narrows T to the
//   resolution of a double. With qdd1 = 0 and |qd1| <= v_max a long enough quintic
//   always keeps the limits, so they hold whenever the start state is within them.
// - A start state outside the limits (|qd0| > v_max, |qdd0| > a_max, or |qd0| = v_max
//   while qdd0 still pushes outwards) admits no such move: the release then takes
//   |qdd0| v_max / a_max^2, the quintic's velocity limit is widened to
//   max(v_max, |qd1|), and
//   within_limits() reports false. Continuity is kept.
#pragma once

#include <vector>

#include "base/status.h"

namespace contactlab {

// Peaks over [0, T] of one joint's quintic above (start velocity qd1, acceleration
// qdd1, distance D, duration T > 0), from the polynomials' stationary points:
// [rad/s] and [rad/s^2] (or m/s, m/s^2 for a prismatic joint).
struct QuinticPeaks {
  double velocity = 0;      // max |qd|
  double acceleration = 0;  // max |qdd|
};
QuinticPeaks quintic_peaks(double distance, double start_velocity, double start_acceleration,
                           double duration);

class JointTrajectory {
 public:
  // Starts a move at `time` [s] from the state (q, qd, qdd) to rest at `target`.
  // All vectors have one entry per joint; max_velocity and max_acceleration are
  // positive and finite. On failure the running move is left as it was.
  Status start(double time, const std::vector<double>& q, const std::vector<double>& qd,
               const std::vector<double>& qdd, const std::vector<double>& target,
               const std::vector<double>& max_velocity,
               const std::vector<double>& max_acceleration);

  // The reference state at `time`. Times before the start give the start state, times
  // after the end give the target at rest. The outputs are resized to joint_count().
  void sample(double time, std::vector<double>& q, std::vector<double>& qd,
              std::vector<double>& qdd) const;

  // True once every joint has arrived (time >= start_time() + duration()).
  bool finished(double time) const { return time >= start_time_ + duration_; }

  int joint_count() const { return static_cast<int>(target_.size()); }
  double start_time() const { return start_time_; }
  double duration() const { return duration_; }  // T [s]
  const std::vector<double>& target() const { return target_; }
  // False only when the start state lies outside the limits (see above).
  bool within_limits() const { return within_limits_; }

 private:
  // One joint's move: the acceleration release over [0, release_duration), then the
  // quintic q = sum_k quintic[k] t'^k with t' = t - t0 - release_duration.
  struct JointMove {
    double release_duration = 0;  // tr [s]
    double start_position = 0, start_velocity = 0, start_acceleration = 0;  // q0, qd0, qdd0
    double quintic[6] = {0, 0, 0, 0, 0, 0};
  };
  double start_time_ = 0;
  double duration_ = 0;
  bool within_limits_ = true;
  std::vector<double> target_;
  std::vector<JointMove> moves_;
  std::vector<JointMove> scratch_moves_;  // built here, swapped in on success
};

}  // namespace contactlab
