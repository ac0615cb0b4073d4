// Seed 002 §4 step 3, the step-size search: a new contact is caught within 0.1 mm of
// its surface and a joint within 0.1 deg of its limit where a plain pass goes through;
// the call ends at exactly t + h; runs repeat bit for bit; a step in which nothing new
// happens is one pass, identical to a plain one.
#include "step/step_size_search.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "scene_fixture.h"
#include "step/data.h"
#include "step/step.h"
#include "test_constants.h"

namespace contactlab {
namespace {

constexpr double kBallRadius = 0.1;  // ball_drop.json

// phi of the ball of ball_drop.json over its ground plane.
double ball_gap(const Data& data, int ball) { return data.position[ball].z() - kBallRadius; }

// ball_drop with no contact margin and a long step, the ball at rest 1 cm above the
// ground.
struct BallAtRestAboveGround {
  Model model = load_builtin_scene("ball_drop");
  int ball = body_index(model, "ball");
  Options options = model.options;
  double start_gap = 0.01;

  BallAtRestAboveGround() {
    options.contact_margin = 0;
    options.time_step = 0.05;
    model.bodies[ball].initial_position = Vec3(0, 0, kBallRadius + start_gap);
  }
};

// At rest, detect_contacts' reach h |v| is zero, so with no margin the first pass
// finds no contact and the ball falls through the ground by the whole semi-implicit
// step: phi = phi_0 - g h^2 = 0.01 - 0.0245 m. With the search the step is cut where
// the ball is within 0.1 mm of the ground, and its rest is taken with the contact.
TEST(StepSizeSearch, BallDroppedOntoTheGroundStopsWithinTheWindow) {
  const BallAtRestAboveGround scene;
  const double h = scene.options.time_step;

  Data plain = make_data(scene.model);
  advance_one_pass(scene.model, scene.options, plain, test_workspace());
  EXPECT_NEAR(ball_gap(plain, scene.ball), scene.start_gap - kGravity * h * h, 1e-9);

  Data searched = make_data(scene.model);
  StepWorkspace workspace;
  const StepSizeSearchReport report =
      advance_with_step_size_search(scene.model, scene.options, searched, workspace);
  EXPECT_GE(report.kept_passes, 2);
  EXPECT_GT(report.passes, report.kept_passes);
  EXPECT_GE(ball_gap(searched, scene.ball), 0.0);
  EXPECT_LE(ball_gap(searched, scene.ball), kNewContactWindow);
  ASSERT_FALSE(searched.contacts.empty());  // the last pass had the contact
}

// Once at rest (speed 0, so no reach), a plain pass loses the contact every step and
// the ball sinks by up to g h^2 = 24.5 mm before the next step pushes it out; with
// the search it stays within [0, 0.1 mm] at every step end.
TEST(StepSizeSearch, BallRestingWithoutMarginStaysOnTheSurface) {
  const BallAtRestAboveGround scene;
  const double h = scene.options.time_step;
  Data plain = make_data(scene.model);
  Data searched = make_data(scene.model);
  StepWorkspace workspace;
  double plain_lowest = 1;
  double searched_lowest = 1;
  double searched_highest = -1;
  for (int s = 0; s < 20; ++s) {
    advance_one_pass(scene.model, scene.options, plain, test_workspace());
    advance_with_step_size_search(scene.model, scene.options, searched, workspace);
    plain_lowest = std::min(plain_lowest, ball_gap(plain, scene.ball));
    searched_lowest = std::min(searched_lowest, ball_gap(searched, scene.ball));
    searched_highest = std::max(searched_highest, ball_gap(searched, scene.ball));
  }
  EXPECT_LT(plain_lowest, -0.5 * kGravity * h * h);
  EXPECT_GE(searched_lowest, 0.0);
  EXPECT_LE(searched_highest, kNewContactWindow);
}

// The call ends at exactly start + h however the step was divided, and leaves
// step_count to the caller.
TEST(StepSizeSearch, EveryCallAdvancesTimeByExactlyOneStep) {
  const BallAtRestAboveGround scene;
  Data data = make_data(scene.model);
  int shortened_steps = 0;
  for (int s = 0; s < 20; ++s) {
    const double start = data.time;
    const StepSizeSearchReport report = advance_with_step_size_search(scene.model, scene.options, data);
    if (report.kept_passes > 1) ++shortened_steps;
    ASSERT_EQ(data.time, start + scene.options.time_step) << "step " << s;
    ASSERT_EQ(data.step_count, 0);
  }
  EXPECT_GT(shortened_steps, 0);
}

constexpr double kHangingDown = 1.5707963267948966;  // q = pi/2 turns the rod's x to -z

// A rod hanging straight down, 0.05 rad from its lower limit, is struck near its tip
// by a 2 kg ball at 4 m/s (no gravity). Its limit row is only added when v_free would
// carry it there, and v_free is zero before the impact, so a plain pass swings it
// past the limit (by h omega - 0.05 with omega ~ 8 rad/s: over 0.1 rad at h = 20 ms).
// With the search the step is cut with the joint within 0.1 deg of the limit and it
// never ends a call past it.
Model struck_pendulum() {
  Model model = empty_model(false);
  LinkSpec rod = rod_link("rod", -1, Vec3(0, 0, 1), 0.5, 1.0);
  rod.link.joint.lower = kHangingDown - 0.05;
  rod.link.joint.upper = kHangingDown + 0.05;
  rod.position = kHangingDown;
  append_articulation(model, "pendulum", {rod});
  Body ball;
  ball.name = "ball";
  ball.mass = 2;
  ball.inertia = Mat3::Identity() * 0.002;
  ball.initial_position = Vec3(-0.3, 0, 0.6);
  ball.initial_linear_velocity = Vec3(4, 0, 0);
  ball.geoms = {static_cast<int>(model.geoms.size())};
  Geom geom;
  geom.body = static_cast<int>(model.bodies.size());
  geom.shape = sphere(0.05);
  model.geoms.push_back(geom);
  model.bodies.push_back(ball);
  return model;
}

TEST(StepSizeSearch, StruckPendulumStopsWithinTheWindowOfItsLimit) {
  const Model model = struck_pendulum();
  const double lower = model.articulations[0].tree.link(0).joint.lower;
  Options options;
  options.gravity = Vec3::Zero();
  options.time_step = 0.02;

  Data plain = make_data(model);
  double plain_lowest = 1;
  for (int s = 0; s < 10; ++s) {
    advance_one_pass(model, options, plain, test_workspace());
    plain_lowest = std::min(plain_lowest, plain.articulations[0].positions[0] - lower);
  }
  EXPECT_LT(plain_lowest, -0.1);

  Data searched = make_data(model);
  StepWorkspace workspace;
  int shortened_steps = 0;
  for (int s = 0; s < 10; ++s) {
    const StepSizeSearchReport report =
        advance_with_step_size_search(model, options, searched, workspace);
    const double to_limit = searched.articulations[0].positions[0] - lower;
    ASSERT_GE(to_limit, -kPastLimitTolerance) << "step " << s;
    if (report.kept_passes == 1) continue;
    ++shortened_steps;
    EXPECT_LE(to_limit, kRevoluteLimitWindow) << "step " << s;
  }
  EXPECT_EQ(shortened_steps, 1);
}

// A rod released horizontally swings into its limit at 0.5 rad (as in
// step_articulation_test): the pass adds the limit row as soon as v_free reaches the
// limit, so the row stops it there, the search finds nothing new, and every step is
// one pass that never ends past the limit.
TEST(StepSizeSearch, SwingingPendulumIsStoppedByItsLimitRowInOnePass) {
  Model model = empty_model(false);
  LinkSpec rod = rod_link("rod", -1, Vec3(0, 0, 1), 0.6, 1.0);
  rod.link.joint.lower = -1.0;
  rod.link.joint.upper = 0.5;
  append_articulation(model, "pendulum", {rod});
  Options options;
  options.time_step = 0.05;
  Data data = make_data(model);
  StepWorkspace workspace;
  for (int s = 0; s < 12; ++s) {
    const StepSizeSearchReport report =
        advance_with_step_size_search(model, options, data, workspace);
    ASSERT_EQ(report.passes, 1) << "step " << s;
    ASSERT_LE(data.articulations[0].positions[0], 0.5 + kPastLimitTolerance) << "step " << s;
  }
  EXPECT_NEAR(data.articulations[0].positions[0], 0.5, kRevoluteLimitWindow);
}

// box_stack with no margin and h = 10 ms: the resting contacts are lost and found
// again every step, so the search runs; two runs agree bit for bit.
TEST(StepSizeSearch, RepeatedRunsAreBitIdentical) {
  const Model model = load_builtin_scene("box_stack");
  Options options = model.options;
  options.contact_margin = 0;
  options.time_step = 0.01;
  Data first = make_data(model);
  Data second = make_data(model);
  StepWorkspace workspace;
  long extra_passes = 0;
  for (int s = 0; s < 50; ++s) {
    const StepSizeSearchReport report =
        advance_with_step_size_search(model, options, first, workspace);
    extra_passes += report.passes - 1;
    advance_with_step_size_search(model, options, second);
  }
  EXPECT_GT(extra_passes, 0);
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(first.position[b][i], second.position[b][i]);
      EXPECT_EQ(first.linear_velocity[b][i], second.linear_velocity[b][i]);
      EXPECT_EQ(first.angular_velocity[b][i], second.angular_velocity[b][i]);
    }
    EXPECT_EQ(first.orientation[b].coeffs(), second.orientation[b].coeffs());
  }
  EXPECT_EQ(first.time, second.time);
}

// box_stack as shipped (2 mm margin) stands still: every step is one pass, and the
// state is bit-identical to that of plain passes.
TEST(StepSizeSearch, SceneAtRestTakesOnePassPerStep) {
  const Model model = load_builtin_scene("box_stack");
  const Options& options = model.options;
  Data searched = make_data(model);
  Data plain = make_data(model);
  StepWorkspace workspace;
  for (int s = 0; s < 400; ++s) {
    const StepSizeSearchReport report =
        advance_with_step_size_search(model, options, searched, workspace);
    ASSERT_EQ(report.passes, 1) << "step " << s;
    ASSERT_EQ(report.kept_passes, 1) << "step " << s;
    advance_one_pass(model, options, plain, test_workspace());
  }
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    for (int i = 0; i < 3; ++i) EXPECT_EQ(searched.position[b][i], plain.position[b][i]);
    EXPECT_EQ(searched.orientation[b].coeffs(), plain.orientation[b].coeffs());
  }
  EXPECT_EQ(searched.time, plain.time);
}

}  // namespace
}  // namespace contactlab
