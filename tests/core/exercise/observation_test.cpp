// What each predicate sees (exercise/observation.h), on built-in scenes whose state is
// known: a falling ball's speed, a launched brick sliding then sticking, a cube started
// deep in the floor, a gripper's fingers at their limit, a spinning body's angle.
#include <gtest/gtest.h>

#include <string>

#include "builtin_scenes.h"
#include "exercise/observation.h"

namespace contactlab {
namespace {

struct Running {
  Simulation simulation;
  RunHistory initial;

  explicit Running(const std::string& scene_text) {
    EXPECT_TRUE(simulation.load_scene(scene_text).ok());
    initial.start(simulation.data(), {});
  }

  PredicateView see(const Predicate& predicate) {
    const PredicateTarget target = resolve_target(simulation.model(), predicate.body, predicate.other_body,
                                                  predicate.articulation, predicate.link);
    return observe(predicate, target, simulation, initial);
  }
};

std::string builtin(const char* name) { return find_builtin_scene(name)->text; }

TEST(ExerciseObservation, SpeedPositionAndHeightOfAFallingBall) {
  Running run(builtin("ball_drop"));
  run.simulation.step(40);  // v = g h 40 = 0.981 m/s
  Predicate speed;
  speed.kind = PredicateKind::Speed;
  speed.body = "ball";
  speed.range = Bounds{0.98, 0.99};
  const PredicateView seen = run.see(speed);
  EXPECT_TRUE(seen.holds);
  EXPECT_EQ(seen.seen, "ball: speed 0.981 m/s");

  Predicate position;
  position.kind = PredicateKind::Position;
  position.body = "ball";
  position.relative = true;
  position.has_axis[2] = true;
  position.axis[2] = Bounds{-0.1, 0};  // fallen g h^2 40 41 / 2 = 0.0503 m
  EXPECT_TRUE(run.see(position).holds);
  EXPECT_EQ(run.see(position).seen, "ball: z - z0 = -0.0502763 m");
  EXPECT_EQ(describe_expectation(position), "ball: z - z0 in [-0.1, 0] m");

  Predicate lifted;
  lifted.kind = PredicateKind::Lifted;
  lifted.body = "ball";
  lifted.height = -0.05;
  EXPECT_FALSE(run.see(lifted).holds) << "0.0503 m down is below -0.05 m";
}

TEST(ExerciseObservation, ContactModeOfABrickSlidingThenSticking) {
  Running run(builtin("brick_slide"));
  Predicate mode;
  mode.kind = PredicateKind::ContactMode;
  mode.body = "brick";
  mode.other_body = "ground";
  mode.mode = ContactMode::Sliding;
  EXPECT_EQ(run.see(mode).seen, "brick and ground: separating (0 contacts)") << "no contacts before the first step";
  run.simulation.step(10);
  EXPECT_TRUE(run.see(mode).holds);
  EXPECT_EQ(run.see(mode).seen, "brick and ground: sliding (4 contacts)");
  run.simulation.step(390);  // it stops after v0 / (mu g) = 0.68 s
  EXPECT_FALSE(run.see(mode).holds);
  mode.mode = ContactMode::Sticking;
  EXPECT_TRUE(run.see(mode).holds);
  EXPECT_EQ(describe_expectation(mode), "brick and ground sticking");
}

TEST(ExerciseObservation, PenetrationOfACubeStartedInTheFloor) {
  std::string scene = builtin("box_rest");
  scene.replace(scene.find("0.10005"), 7, "0.09500");
  Running run(scene);
  run.simulation.step(1);
  Predicate penetration;
  penetration.kind = PredicateKind::Penetration;
  penetration.depth = 0.001;
  EXPECT_FALSE(run.see(penetration).holds);
  EXPECT_EQ(run.see(penetration).seen, "deepest contact 0.005 m") << "phi at the start of the step";
  penetration.body = "box";
  penetration.other_body = "ground";
  penetration.depth = 0.006;
  EXPECT_TRUE(run.see(penetration).holds);
}

TEST(ExerciseObservation, JointLimitAndGraspOfAnOpenGripper) {
  Running run(builtin("gripper_lift"));
  Predicate limit;
  limit.kind = PredicateKind::JointLimit;
  limit.articulation = "gripper";
  limit.link = "gripper_left";
  limit.limit = 1;
  EXPECT_TRUE(run.see(limit).holds) << "the fingers start open, at 0.04 m";
  EXPECT_EQ(run.see(limit).seen, "gripper_left at its upper limit (q = 0.04)");
  limit.link = "gripper_hand";
  EXPECT_FALSE(run.see(limit).holds);
  EXPECT_EQ(run.see(limit).seen, "gripper_hand between its limits (q = 0.1)");

  Predicate grasp;
  grasp.kind = PredicateKind::Grasp;
  grasp.force_closure = false;
  EXPECT_TRUE(run.see(grasp).holds);
  EXPECT_EQ(run.see(grasp).seen, "no link touches a free body");
  grasp.force_closure = true;
  EXPECT_FALSE(run.see(grasp).holds);
}

TEST(ExerciseObservation, RotationOfASpinningBody) {
  // Spinning at 1 rad/s about z without gravity or contact: turned about 1 rad after 1 s.
  Running run(R"({"name": "spin", "options": {"gravity": [0, 0, 0], "time_step": 0.01},
    "bodies": [{"name": "cube", "mass": 1, "angular_velocity": [0, 0, 1],
                "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}]})");
  run.simulation.step(100);
  Predicate rotation;
  rotation.kind = PredicateKind::Rotation;
  rotation.body = "cube";
  rotation.range = Bounds{0.999, 1.001};
  EXPECT_TRUE(run.see(rotation).holds);
  // The implicit midpoint rule turns by 2 atan(w h / 2) a step: 0.999992 rad in 100.
  EXPECT_EQ(run.see(rotation).seen, "cube: turned 0.999992 rad");
  rotation.range = Bounds{0, 0.9};
  EXPECT_FALSE(run.see(rotation).holds);
  rotation.range = Bounds{1.1, std::numeric_limits<double>::infinity()};
  EXPECT_FALSE(run.see(rotation).holds);
}

}  // namespace
}  // namespace contactlab
