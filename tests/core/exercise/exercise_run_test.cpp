// What a run reads (exercise/exercise_run.h, docs/exercises.md "Predicates" and
// "Values"), against closed forms: a cube spinning in zero gravity (its angular
// velocity in world and body axes, the angle it has turned past pi), a free hinge
// turning at a constant rate (q = q0 + v t), the falling ball of ball_drop (its speed
// g h n after n steps of symplectic Euler, reduced over a window: largest, smallest,
// mean, last), predicates throughout a window and at some moment in it, events (a
// height crossed, the first contact) as the time of a measure, and the grasp's epsilon
// as the grasp analysis of the same step gives it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "base/number_text.h"
#include "exercise/computed_value.h"
#include "exercise_fixture.h"
#include "grasp/grasp_monitor.h"
#include "gripper_scene.h"
#include "scene/scene_loader.h"
#include "scene_fixture.h"
#include "step/step.h"

namespace contactlab {
namespace {

constexpr double kGravity = 9.81;
constexpr double kStep = 0.0025;

// A cube (equal principal moments, so its angular velocity stays) turned 90 degrees
// about x, spinning at 3 rad/s about world z, with nothing to touch.
const char* const kSpinningCube = R"({"name": "spin", "options": {"time_step": 0.0025, "gravity": [0, 0, 0]},
  "bodies": [{"name": "cube", "mass": 1, "position": [0, 0, 1],
              "orientation": [0.7071067811865476, 0.7071067811865476, 0, 0], "angular_velocity": [0, 0, 3],
              "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}]})";

// A rod on a hinge about z, started at q = 0.1 rad turning at 2 rad/s, no gravity.
const char* const kFreeHinge = R"({"name": "hinge", "options": {"time_step": 0.0025, "gravity": [0, 0, 0]},
  "bodies": [{"name": "ground", "static": true, "geoms": [{"type": "plane"}]}],
  "articulations": [{"name": "arm", "links": [
    {"name": "base", "joint": {"type": "fixed", "origin": {"position": [0, 0, 1]}}, "mass": 1,
     "geoms": [{"type": "sphere", "radius": 0.02}]},
    {"name": "rod", "parent": "base", "joint": {"type": "revolute", "axis": [0, 0, 1], "position": 0.1, "velocity": 2},
     "mass": 0.5, "geoms": [{"type": "sphere", "radius": 0.02, "position": [0.2, 0, 0]}]}]}]})";

// An exercise on `scene` (a scene's JSON, or a built-in's name) with one numeric check
// whose value is `value`, or one predicate check `expect`.
Exercise run_test_exercise(const std::string& scene, const Json& check) {
  Json document = {{"name", "run_test"},
                   {"title", "t"},
                   {"task", "t"},
                   {"limits", {{"time", 3}, {"steps", 2000}, {"seconds", 60}}},
                   {"checks", Json::array({check})},
                   {"reference", Json::object()}};
  document["scene"] = scene[0] == '{' ? Json{{"json", Json::parse(scene)}} : Json{{"builtin", scene}};
  if (!check.contains("expect")) {
    document["answers"] = {{"x", {{"label", "x"}, {"unit", ""}, {"min", -1000}, {"max", 1000}}}};
    document["reference"] = {{"answers", {{"x", 0}}}};
  }
  Exercise exercise;
  const Status status = read_exercise(document.dump(), test_builtin_scene, exercise);
  EXPECT_TRUE(status.ok()) << status.message();
  return exercise;
}

struct MeasuredValue {
  double value = 0;
  std::string detail;
};

MeasuredValue measured(const std::string& scene, const Json& measure, const Json& options = Json::object()) {
  Json check = {{"name", "v"}, {"answer", "x"}, {"value", {{"measure", measure}}}, {"tolerance", 1}};
  if (!options.empty()) check["with"] = {{"options", options}};
  const Exercise exercise = run_test_exercise(scene, check);
  MeasuredValue result;
  RunBudget budget = budget_of(exercise.limits);
  const Status status = compute_value(exercise, exercise.checks.at(0), budget, result.value, result.detail);
  EXPECT_TRUE(status.ok()) << status.message();
  return result;
}

CheckResult expected(const std::string& scene, const Json& predicate) {
  const Exercise exercise = run_test_exercise(scene, {{"name", "p"}, {"expect", predicate}});
  return graded(exercise, R"({"exercise": "run_test"})").checks.at(0);
}

TEST(ExerciseRun, AngularVelocityInWorldAndBodyAxes) {
  // R = rot_x(90 deg) takes body y to world z: omega_body = R^T (0, 0, 3) = (0, 3, 0)
  EXPECT_NEAR(measured(kSpinningCube, {{"kind", "angular_velocity"}, {"body", "cube"}, {"axis", "z"}, {"at", 1}}).value,
              3, 1e-12);
  const Json body_axes = {{"kind", "angular_velocity"}, {"body", "cube"}, {"axes", "body"}, {"at", 1}};
  Json y = body_axes, z = body_axes;
  y["axis"] = "y";
  z["axis"] = "z";
  EXPECT_NEAR(measured(kSpinningCube, y).value, 3, 1e-12);
  EXPECT_NEAR(measured(kSpinningCube, z).value, 0, 1e-12);
  EXPECT_EQ(measured(kSpinningCube, y).detail, "cube angular velocity y (body axes) [rad/s] at t = 1 s");
}

TEST(ExerciseRun, TheAngleTurnedIsSummedPastPiWhereTheRotationWraps) {
  // 3 rad/s for 2 s: each step of the implicit midpoint rule turns by the Cayley angle
  // 2 atan(omega h / 2), so 800 steps turn 5.99997 rad about z (6 in continuous time);
  // the rotation from step 0 is 2 pi less that, 0.283 rad
  const double turned_by_steps = 800 * 2 * std::atan(3 * kStep / 2);
  const MeasuredValue angle = measured(kSpinningCube, {{"kind", "angle"}, {"body", "cube"}, {"axis", "z"}, {"at", 2}});
  EXPECT_NEAR(angle.value, turned_by_steps, 1e-9);
  EXPECT_NEAR(measured(kSpinningCube, {{"kind", "angle"}, {"body", "cube"}, {"axis", "x"}, {"at", 2}}).value, 0, 1e-12);
  const double wrapped = 2 * M_PI - turned_by_steps;
  EXPECT_TRUE(expected(kSpinningCube, {{"kind", "rotation"}, {"body", "cube"}, {"range", {wrapped - 1e-6, wrapped + 1e-6}},
                                       {"at", 2}}).passed);
  const CheckResult turned = expected(kSpinningCube, {{"kind", "value"},
                                                      {"measure", {{"kind", "angle"}, {"body", "cube"}, {"axis", "z"}}},
                                                      {"range", {5.999, 6.001}},
                                                      {"at", 2}});
  EXPECT_TRUE(turned.passed) << turned.output;
  EXPECT_EQ(turned.output, "at t = 2 s: cube angle turned about z [rad] = 5.99997; expected cube angle turned about z [rad] in "
                           "[5.999, 6.001]");
}

TEST(ExerciseRun, AFreeHingeTurnsAtItsInitialRate) {
  const Json joint = {{"articulation", "arm"}, {"link", "rod"}, {"at", 0.5}};
  Json position = joint, velocity = joint;
  position["kind"] = "joint_position";
  velocity["kind"] = "joint_velocity";
  EXPECT_NEAR(measured(kFreeHinge, position).value, 0.1 + 2 * 0.5, 1e-9);
  EXPECT_NEAR(measured(kFreeHinge, velocity).value, 2, 1e-9);
}

TEST(ExerciseRun, JointErrorIsNoneInReducedCoordinatesAndCorrectedByGammaInMaximal) {
  const Json largest = {{"kind", "joint_error"}, {"during", {0, 1}}, {"reduce", "max"}};
  // reduced coordinates: the joint is the state, nothing to come apart
  EXPECT_EQ(measured(kFreeHinge, largest).value, 0);
  // maximal: the spinning rod's hinge drifts by each step's linearisation error, which
  // eq. (16)'s gamma pulls back
  const double drift = measured(kFreeHinge, largest, {{"coordinates", 1}, {"error_reduction", 0}}).value;
  const double corrected = measured(kFreeHinge, largest, {{"coordinates", 1}, {"error_reduction", 0.5}}).value;
  EXPECT_GT(drift, 0);
  EXPECT_LT(corrected, drift / 2) << drift;
}

TEST(ExerciseRun, LoopErrorOfTheFourBarWithAndWithoutBaumgarte) {
  // four_bar: the loop drifts open without Baumgarte's stabilisation, about 2 mm in 10 s;
  // alpha = beta = 100 /s hold it near 0.02 mm
  const Json largest = {{"kind", "loop_error"}, {"during", {0, 2}}, {"reduce", "max"}};
  const double held = measured("four_bar", largest).value;
  const double drifting = measured("four_bar", largest, {{"baumgarte_alpha", 0}, {"baumgarte_beta", 0}}).value;
  EXPECT_LT(held, 5e-5);
  EXPECT_GT(drifting, 10 * held);
}

TEST(ExerciseRun, GraspEpsilonIsTheGraspAnalysisOfTheSameStep) {
  // the gripper of grasp_monitor_test squeezing a box from 0.05 s: two opposed
  // frictional face patches, force closure by 1.5 s (600 steps)
  const std::string scene = gripper_scene_json(R"([{"time": 0.05, "command": "autograsp", "articulation": "gripper"}])");
  Model model;
  ASSERT_TRUE(load_scene(scene, model).ok());
  Data data = make_data(model);
  for (int s = 0; s < 600; ++s) step(model, model.options, data);
  const GraspReport report = evaluate_current_grasp(model, model.options, data);
  ASSERT_TRUE(report.quality.force_closure);
  ASSERT_GT(report.quality.epsilon, 0.01);
  EXPECT_EQ(measured(scene, {{"kind", "grasp_epsilon"}, {"at", 1.5}}).value, report.quality.epsilon);
  // nothing held before the fingers touch: no force closure, epsilon 0
  EXPECT_EQ(measured(scene, {{"kind", "grasp_epsilon"}, {"at", 0}}).value, 0);
  EXPECT_TRUE(expected(scene, {{"kind", "grasp"}, {"force_closure", true}, {"min_epsilon", 0.01}, {"at", 1.5}}).passed);
  EXPECT_FALSE(expected(scene, {{"kind", "grasp"}, {"force_closure", true}, {"at", 0}}).passed);
}

TEST(ExerciseRun, ReductionsOverAWindowOfTheFallingBallsSpeed) {
  // v_n = g h n for n = 0 .. 40 (t = 0 .. 0.1 s, 5 cm of fall, no contact yet)
  const auto speed_over = [](const char* reduce) {
    return measured("ball_drop", {{"kind", "speed"}, {"body", "ball"}, {"during", {0, 0.1}}, {"reduce", reduce}}).value;
  };
  EXPECT_NEAR(speed_over("max"), kGravity * kStep * 40, 1e-12);
  EXPECT_NEAR(speed_over("final"), kGravity * kStep * 40, 1e-12);
  EXPECT_EQ(speed_over("min"), 0);
  EXPECT_NEAR(speed_over("mean"), kGravity * kStep * 20, 1e-12);  // sum n / 41 = 20
}

TEST(ExerciseRun, ThroughoutAWindowOrAtSomeMomentInIt) {
  // 0.981 m/s at step 40 only: in [0.98, 0.99] at some moment of [0, 0.2], not throughout
  Json speed = {{"kind", "speed"}, {"body", "ball"}, {"range", {0.98, 0.99}}, {"during", {0, 0.2}}};
  const CheckResult throughout = expected("ball_drop", speed);
  EXPECT_FALSE(throughout.passed);
  speed["holds"] = "at_some_moment";
  const CheckResult some = expected("ball_drop", speed);
  EXPECT_TRUE(some.passed);
  EXPECT_EQ(some.output, "at t = 0.1 s: ball: speed 0.981 m/s; expected ball: speed in [0.98, 0.99] m/s at some moment "
                         "from t = 0 s to 0.2 s: held");
  speed["range"] = {5, 6};
  const CheckResult never = expected("ball_drop", speed);
  EXPECT_FALSE(never.passed);
  EXPECT_EQ(never.output, "from t = 0 s to 0.2 s: expected ball: speed in [5, 6] m/s at some moment: it never held; at "
                          "t = 0.2 s: ball: speed 1.962 m/s");
}

TEST(ExerciseRun, EventsGiveTheTimeOfAMeasure) {
  // z_n = 1 - g h^2 n (n + 1) / 2 first below 0.5 at n = 128 (z_127 = 0.5017, z_128 = 0.4938)
  int n = 0;
  while (1 - kGravity * kStep * kStep * n * (n + 1) / 2 >= 0.5) ++n;
  ASSERT_EQ(n, 128);
  const Json crossing = {{"crossing", {{"kind", "position"}, {"body", "ball"}, {"axis", "z"}}},
                         {"value", 0.5},
                         {"during", {0, 1}}};
  const MeasuredValue speed = measured("ball_drop", {{"kind", "speed"}, {"body", "ball"}, {"at", crossing}});
  EXPECT_NEAR(speed.value, kGravity * kStep * n, 1e-12);
  EXPECT_EQ(speed.detail, "ball speed [m/s] at t = 0.32 s, the first time ball z [m] crosses 0.5");

  // The first contact: in the step in which free fall would take the ball's surface
  // within the contact margin (2 mm) of the ground, n = 171, t = 0.4275 s; that step's
  // contact catches it half the contact threshold (0.1 mm) above the ground
  const MeasuredValue height = measured(
      "ball_drop",
      {{"kind", "position"}, {"body", "ball"}, {"axis", "z"}, {"at", {{"first_contact", {"ball", "ground"}}, {"during", {0, 1}}}}});
  int m = 0;
  while (1 - kGravity * kStep * kStep * m * (m + 1) / 2 - 0.1 >= 0.002) ++m;
  ASSERT_EQ(m, 171);
  EXPECT_EQ(height.detail, "ball z [m] at t = " + describe_number(m * kStep) + " s, the first contact of ball and ground");
  EXPECT_NEAR(height.value, 0.1 + 0.0001 / 2, 1e-9);

  const CheckResult never = expected(
      "ball_drop", {{"kind", "speed"}, {"body", "ball"}, {"range", {0, 10}},
                    {"at", {{"first_contact", {"ball", "ground"}}, {"during", {0, 0.2}}}}});
  EXPECT_FALSE(never.passed);
  EXPECT_EQ(never.output, "the first contact of ball and ground did not happen from t = 0 s to 0.2 s; expected ball: "
                          "speed in [0, 10] m/s then");
}

}  // namespace
}  // namespace contactlab
