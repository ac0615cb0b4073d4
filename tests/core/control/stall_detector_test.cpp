// Stall detection: saturated and slow for N consecutive steps, per joint.
#include "control/stall_detector.h"

#include <cmath>
#include <string>
#include <vector>

#include "control/joint_ramp.h"
#include "dynamics/pd_controller.h"

#include <gtest/gtest.h>

namespace contactlab {
namespace {

TEST(StallDetector, StallsAfterExactlyNSaturatedSlowSteps) {
  StallDetector detector;
  ASSERT_TRUE(detector.configure(2, 0.01, 3).ok());
  for (int step = 1; step <= 3; ++step) {
    EXPECT_FALSE(detector.stalled(0)) << step;
    detector.update(0, true, 0.005);
    detector.update(1, true, 0.5);  // saturated but moving
  }
  EXPECT_TRUE(detector.stalled(0));
  EXPECT_FALSE(detector.stalled(1));
  // Further steps keep it stalled; the count stays capped at N.
  detector.update(0, true, -0.009);
  EXPECT_TRUE(detector.stalled(0));
  EXPECT_EQ(detector.consecutive_steps(0), 3);
}

// Either condition failing once restarts the count.
TEST(StallDetector, OneFastOrUnsaturatedStepRestartsTheCount) {
  StallDetector detector;
  ASSERT_TRUE(detector.configure(1, 0.01, 2).ok());
  detector.update(0, true, 0.0);
  detector.update(0, false, 0.0);  // slow but not saturated
  detector.update(0, true, 0.0);
  EXPECT_FALSE(detector.stalled(0));
  detector.update(0, true, 0.0);
  EXPECT_TRUE(detector.stalled(0));
  detector.update(0, true, 0.01);  // at the threshold is not below it
  EXPECT_FALSE(detector.stalled(0));
  EXPECT_EQ(detector.consecutive_steps(0), 0);
}

TEST(StallDetector, ResetAndValidation) {
  StallDetector detector;
  ASSERT_TRUE(detector.configure(1, 0.01, 1).ok());
  detector.update(0, true, 0.0);
  EXPECT_TRUE(detector.stalled(0));
  detector.reset();
  EXPECT_FALSE(detector.stalled(0));
  EXPECT_NE(detector.configure(1, 0, 1).message().find("speed_threshold"), std::string::npos);
  EXPECT_NE(detector.configure(1, 0.01, 0).message().find("required_steps"), std::string::npos);
  EXPECT_NE(detector.configure(-1, 0.01, 1).message().find("joint_count"), std::string::npos);
  EXPECT_EQ(detector.joint_count(), 1);  // the failed calls left it as it was
}

// The auto-grasp use: a finger of inertia m closes at w towards its upper limit under
// an implicit PD, and meets a rigid stop at q = 0.6 (the velocity is cut so as not to
// pass it). While free the finger tracks the ramp with |Kp e| < tau_max (the ramp
// needs only m a_max = 0.2 N m), so it never stalls; at the stop the reference runs on
// at w, the error reaches tau_max / Kp within (tau_max / Kp) / w = 5 ms, and N steps
// later the finger counts as stalled.
TEST(StallDetector, FingerClosingOnAStopStalls) {
  const double h = 0.0025, m = 0.01, stop = 0.6;
  const PdGains gains{100, 2 * std::sqrt(100 * m), 0.5};
  const int required_steps = 4;
  JointRamp ramp;
  ASSERT_TRUE(ramp.start(0, {0}, {0}, {1.5}, {1.0}, {20.0}).ok());
  StallDetector detector;
  ASSERT_TRUE(detector.configure(1, 0.01, required_steps).ok());
  std::vector<double> q_ref, qd_ref, qdd_ref;
  double q = 0, v = 0;
  int contact_step = -1, stall_step = -1;
  for (int step = 0; step < 1000 && stall_step < 0; ++step) {
    ramp.sample((step + 1) * h, q_ref, qd_ref, qdd_ref);  // at the end of the step
    const ImplicitPdTerms terms =
        implicit_pd_terms(gains, PdSetPoint{q_ref[0], qd_ref[0], 0}, q, v, h);
    v = (m * v + terms.impulse) / (m + terms.diagonal);
    if (q + h * v >= stop) {
      v = (stop - q) / h;
      if (contact_step < 0) contact_step = step;
    }
    q += h * v;
    detector.update(0, terms.saturated, v);
    if (contact_step < 0) {
      EXPECT_FALSE(terms.saturated) << step;
    }
    if (detector.stalled(0)) stall_step = step;
  }
  ASSERT_GE(contact_step, 0);
  ASSERT_GE(stall_step, 0);
  EXPECT_GT(stall_step, contact_step + required_steps - 1);
  EXPECT_LE(stall_step, contact_step + 0.005 / h + required_steps + 2);
}

}  // namespace
}  // namespace contactlab
