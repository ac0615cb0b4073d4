#include "simulation.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gripper_scene.h"
#include "robot_control.h"

namespace contactlab {
namespace {

std::string read_builtin(const std::string& name) {
  std::ifstream file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json");
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(Simulation, ABadSceneIsRejectedAndTheRunningSceneKeepsGoing) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("ball_drop")).ok());
  simulation.step(10);
  const double time = simulation.data().time;
  const std::vector<double> poses = simulation.body_poses();

  const Status status = simulation.load_scene(
      R"({"name": "bad", "bodies": [{"name": "b", "mass": -1, "geoms": [{"type": "sphere", "radius": 1}]}]})");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("bodies[0].mass"), std::string::npos) << status.message();
  EXPECT_EQ(simulation.model().name, "ball_drop");
  EXPECT_EQ(simulation.data().time, time);
  EXPECT_EQ(simulation.body_poses(), poses);
  EXPECT_EQ(simulation.step(5), 5);
  EXPECT_GT(simulation.data().time, time);
}

TEST(Simulation, ARejectedOptionLeavesTheOptionsAsTheyWere) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("box_rest")).ok());
  const double h = simulation.option("time_step");
  const Status status = simulation.set_option("time_step", 1.0);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("time_step"), std::string::npos);
  EXPECT_EQ(simulation.option("time_step"), h);
  EXPECT_TRUE(std::isnan(simulation.option("no_such_option")));
}

TEST(Simulation, ResetReturnsToTheInitialStateAndKeepsUserOptions) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("brick_slide")).ok());
  const std::vector<double> initial = simulation.body_poses();
  ASSERT_TRUE(simulation.set_option("mu", 0.9).ok());
  simulation.step(100);
  EXPECT_NE(simulation.body_poses(), initial);
  simulation.reset();
  EXPECT_EQ(simulation.body_poses(), initial);
  EXPECT_EQ(simulation.data().time, 0);
  EXPECT_EQ(simulation.option("mu"), 0.9);
}

TEST(Simulation, ContactValuesFollowTheDocumentedLayout) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(read_builtin("box_rest")).ok());
  simulation.step(1);
  const std::vector<double>& values = simulation.contact_values();
  ASSERT_EQ(values.size(), simulation.data().contacts.size() * Simulation::kContactStride);
  ASSERT_FALSE(values.empty());
  double total_normal = 0;
  for (size_t i = 0; i < values.size(); i += Simulation::kContactStride) {
    EXPECT_NEAR(values[i + 5], 1.0, 1e-12);  // normal along +z, ground to box
    total_normal += values[i + 7];
    EXPECT_EQ(values[i + 11], static_cast<double>(ContactMode::Sticking));
  }
  EXPECT_NEAR(total_normal, 9.81, 1e-9);
  EXPECT_EQ(simulation.body_poses().size(), simulation.model().bodies.size() * Simulation::kPoseStride);
}

// The gripper of tests/support/gripper_scene.h: link 0 the welded palm, links 1 and 2
// the prismatic fingers (limits [0, 0.05] m, closing toward 0.05); each finger's inner
// face meets the box at q = 0.03 m.
constexpr int kLeft = 0;   // joint rows in joint_state()
constexpr int kRight = 1;
constexpr double kFingerOnBox = 0.03;

Simulation load_gripper() {
  Simulation simulation;
  const Status status = simulation.load_scene(gripper_scene_json("[]"));
  EXPECT_TRUE(status.ok()) << status.message();
  return simulation;
}

double joint_value(Simulation& simulation, int joint, int field) {
  return simulation.joint_state(0)[joint * Simulation::kJointStride + field];
}
constexpr int kQ = 0, kQRef = 2, kEffort = 3, kLimit = 4, kGoal = 5;

// Normal force between the box (body 1) and the finger links [N].
double finger_box_force(const Simulation& simulation) {
  const Articulation& gripper = simulation.model().articulations[0];
  double force = 0;
  for (const ContactRecord& contact : simulation.data().contacts) {
    for (int link : {1, 2}) {
      const int finger = gripper.link_body[link];
      if ((contact.body_a == finger && contact.body_b == 1) || (contact.body_b == finger && contact.body_a == 1)) {
        force += contact.normal_force;
      }
    }
  }
  return force;
}

TEST(Simulation, SceneDescriptionListsArticulationsWithTheirJoints) {
  Simulation simulation = load_gripper();
  const nlohmann::json scene = nlohmann::json::parse(simulation.scene_description());
  ASSERT_EQ(scene["articulations"].size(), 1u);
  const nlohmann::json& gripper = scene["articulations"][0];
  EXPECT_EQ(gripper["name"], "gripper");
  ASSERT_EQ(gripper["links"].size(), 3u);
  const nlohmann::json& palm = gripper["links"][0];
  EXPECT_EQ(palm["name"], "palm");
  EXPECT_EQ(palm["joint_index"], -1);  // a fixed joint has no row in joint_state()
  EXPECT_EQ(palm["joint"]["type"], "fixed");
  EXPECT_TRUE(palm["joint"]["lower"].is_null());  // no limits: infinite
  EXPECT_EQ(palm["joint"]["actuated"], false);
  const nlohmann::json& left = gripper["links"][1];
  EXPECT_EQ(left["joint_index"], kLeft);
  EXPECT_EQ(left["joint"]["type"], "prismatic");
  EXPECT_EQ(left["joint"]["lower"], 0.0);
  EXPECT_EQ(left["joint"]["upper"], 0.05);
  EXPECT_EQ(left["joint"]["actuated"], true);
  EXPECT_EQ(left["joint"]["close_direction"], 1);
  EXPECT_EQ(left["joint"]["max_effort"], 10.0);
  EXPECT_EQ(gripper["links"][2]["joint_index"], kRight);
  for (const nlohmann::json& link : gripper["links"]) {
    EXPECT_EQ(scene["bodies"][link["body"].get<int>()]["name"], link["name"]);  // links are bodies
  }
  EXPECT_EQ(scene["options"]["autograsp"], 0.0);
}

TEST(Simulation, JointStateFollowsTheDocumentedLayout) {
  Simulation simulation = load_gripper();
  ASSERT_EQ(simulation.joint_state(0).size(), 2u * Simulation::kJointStride);
  EXPECT_TRUE(simulation.joint_state(1).empty());
  EXPECT_TRUE(simulation.joint_state(-1).empty());
  for (int joint : {kLeft, kRight}) {
    EXPECT_EQ(joint_value(simulation, joint, kQ), 0);     // initial q = 0
    EXPECT_EQ(joint_value(simulation, joint, kQRef), 0);  // holds still
    EXPECT_EQ(joint_value(simulation, joint, kLimit), -1);  // the lower limit is 0
    EXPECT_EQ(joint_value(simulation, joint, kGoal), 0);
  }
}

// The PD motor has no load along the finger's axis, so it settles on its set point,
// which the trajectory leaves exactly at the target.
TEST(Simulation, SetJointTargetMovesTheJointToTheTarget) {
  Simulation simulation = load_gripper();
  ASSERT_TRUE(simulation.set_joint_target("gripper", "left", 0.012).ok());
  EXPECT_EQ(joint_value(simulation, kLeft, kGoal), 0.012);
  simulation.step(1);
  EXPECT_GT(joint_value(simulation, kLeft, kQRef), 0);
  EXPECT_LT(joint_value(simulation, kLeft, kQRef), 0.012);
  simulation.step(599);  // 1.5 s; the move takes 15 D / (8 v_max) = 0.45 s
  EXPECT_EQ(joint_value(simulation, kLeft, kQRef), 0.012);
  EXPECT_NEAR(joint_value(simulation, kLeft, kQ), 0.012, 1e-4);
  EXPECT_EQ(joint_value(simulation, kLeft, kLimit), 0);
  EXPECT_EQ(joint_value(simulation, kRight, kQ), 0);  // the other finger is not commanded
}

TEST(Simulation, RejectedRobotCommandsSayWhyAndChangeNothing) {
  Simulation simulation = load_gripper();
  Simulation untouched = load_gripper();
  ASSERT_TRUE(simulation.set_joint_target("gripper", "left", 0.02).ok());
  ASSERT_TRUE(untouched.set_joint_target("gripper", "left", 0.02).ok());
  simulation.step(50);
  untouched.step(50);
  const std::vector<double> joints = simulation.joint_state(0);

  const auto expect_failure = [](const Status& status, const std::string& expected) {
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.message().find(expected), std::string::npos) << status.message();
  };
  expect_failure(simulation.set_joint_target("gripper", "thumb", 0.01), "no link named \"thumb\"");
  expect_failure(simulation.set_joint_target("gripper", "left", 0.08), "[0, 0.05] m, got 0.08");
  expect_failure(simulation.set_joint_target("gripper", "left", -0.001), "[0, 0.05] m");
  expect_failure(simulation.set_joint_target("gripper", "left", std::nan("")), "position");
  expect_failure(simulation.set_joint_target("gripper", "palm", 0), "fixed joint without an actuator");
  expect_failure(simulation.set_joint_target("hand", "left", 0.01), "no articulation named \"hand\" (known: gripper)");
  expect_failure(simulation.command("gripper", "close"), "must be autograsp or open");
  expect_failure(simulation.command("arm", "open"), "no articulation named \"arm\"");

  EXPECT_EQ(simulation.joint_state(0), joints);
  simulation.step(300);
  untouched.step(300);
  EXPECT_EQ(simulation.joint_state(0), untouched.joint_state(0));  // the same trajectory, bit for bit
  EXPECT_EQ(simulation.body_poses(), untouched.body_poses());
}

TEST(Simulation, RobotCommandsNeedAScene) {
  Simulation simulation;
  EXPECT_NE(simulation.command("gripper", "open").message().find("no scene"), std::string::npos);
  EXPECT_NE(simulation.set_joint_target("gripper", "left", 0).message().find("no scene"), std::string::npos);
  EXPECT_TRUE(simulation.joint_state(0).empty());
}

// Dynamic auto-grasp (tests/core/robot_control_test.cpp has the details): both fingers
// stop on the box's faces and press it with their saturated motors, 10 N each.
TEST(Simulation, AutograspClosesTheFingersOnTheBox) {
  Simulation simulation = load_gripper();
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  EXPECT_EQ(joint_value(simulation, kLeft, kGoal), 0.05);  // the closing limit
  simulation.step(800);
  for (int joint : {kLeft, kRight}) {
    EXPECT_NEAR(joint_value(simulation, joint, kQ), kFingerOnBox, 2e-4) << joint;
    EXPECT_EQ(joint_value(simulation, joint, kLimit), 0);
    EXPECT_NEAR(joint_value(simulation, joint, kEffort), 10, 1e-9);  // max_effort, saturated
  }
  EXPECT_NEAR(finger_box_force(simulation), 20, 0.1);

  ASSERT_TRUE(simulation.command("gripper", "open").ok());
  EXPECT_EQ(joint_value(simulation, kLeft, kGoal), 0);  // the open limit
  simulation.step(800);
  for (int joint : {kLeft, kRight}) {
    EXPECT_NEAR(joint_value(simulation, joint, kQ), 0, 1e-4) << joint;
    EXPECT_EQ(joint_value(simulation, joint, kLimit), -1);
  }
  EXPECT_EQ(finger_box_force(simulation), 0);
}

// grasp_values: kGraspStride numbers; nothing held before the fingers touch, then the
// box (body 1) in force closure with epsilon > 0 (grasp_monitor_test has the analysis).
TEST(Simulation, GraspValuesReportTheGraspedObject) {
  Simulation simulation = load_gripper();
  std::vector<double> values = simulation.grasp_values();
  ASSERT_EQ(values.size(), static_cast<size_t>(Simulation::kGraspStride));
  EXPECT_EQ(values[0], -1);
  EXPECT_EQ(values[2], 0);
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  simulation.step(800);
  values = simulation.grasp_values();
  EXPECT_EQ(values[0], 1);     // the box
  EXPECT_GE(values[1], 2);     // contacts used
  EXPECT_EQ(values[2], 1);     // force closure
  EXPECT_GT(values[3], 0);     // epsilon
  EXPECT_GT(values[4], 0);     // volume
  EXPECT_EQ(values[5], 6);     // a full-dimensional wrench space
}

// Static auto-grasp, chosen through the option: fingers stop at the box's faces
// within one closing step (max_velocity h) while the box stays where it is; commands
// wait until it has closed.
TEST(Simulation, StaticAutograspFollowsTheOption) {
  Simulation simulation = load_gripper();
  ASSERT_TRUE(simulation.set_option("autograsp", 1).ok());
  const std::vector<double> box_before(simulation.body_poses().begin() + 7, simulation.body_poses().begin() + 14);
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  simulation.step(10);
  const Status busy = simulation.set_joint_target("gripper", "left", 0.01);
  EXPECT_NE(busy.message().find("static auto-grasp is still closing"), std::string::npos) << busy.message();
  for (int s = 0; s < 400 && static_grasp_active(simulation.data()); ++s) simulation.step(1);
  ASSERT_FALSE(static_grasp_active(simulation.data()));  // 0.03 m at 0.05 m/s: 240 steps
  const double closing_step = 0.05 * simulation.options().time_step;
  for (int joint : {kLeft, kRight}) {
    const double q = joint_value(simulation, joint, kQ);
    EXPECT_GE(q, kFingerOnBox - simulation.options().contact_threshold) << joint;
    EXPECT_LE(q, kFingerOnBox + closing_step) << joint;
  }
  const std::vector<double> box_after(simulation.body_poses().begin() + 7, simulation.body_poses().begin() + 14);
  EXPECT_EQ(box_after, box_before);
  EXPECT_TRUE(simulation.set_joint_target("gripper", "left", 0.01).ok());
}

}  // namespace
}  // namespace contactlab
