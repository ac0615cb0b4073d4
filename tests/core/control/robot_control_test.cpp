// Seed 002 §5-6: set points from the timeline, and the two auto-grasps.
#include "step/robot_commands.h"

#include <gtest/gtest.h>

#include "articulation_builder.h"
#include "gripper_scene.h"
#include "scene/scene_loader.h"
#include "scene_fixture.h"
#include "step/data.h"
#include "step/step.h"

namespace contactlab {
namespace {

void options_free_of_gravity(Model& model) { model.options.gravity = Vec3::Zero(); }

Model load_gripper(const std::string& timeline) {
  Model model;
  const Status status = load_scene(gripper_scene_json(timeline), model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

double finger_q(const Model& model, const Data& data, int link) {
  return joint_position(model.articulations[0], data.articulations[0], link);
}

// Normal force of finger `body` on the box [N].
double finger_force(const Data& data, int finger_body, int box_body) {
  double force = 0;
  for (const ContactRecord& contact : data.contacts) {
    if ((contact.body_a == finger_body && contact.body_b == box_body) ||
        (contact.body_b == finger_body && contact.body_a == box_body)) {
      force += contact.normal_force;
    }
  }
  return force;
}

// Dynamic auto-grasp: the fingers close at one speed, stop on the box's faces
// (q = 0.03 m) while their set points run on to the limit, and then press with
// the motors' saturated force, max_effort = 10 N each.
TEST(RobotControl, DynamicAutograspStopsEachFingerOnContactAndPresses) {
  const Model model = load_gripper(R"([{"time": 0.1, "command": "autograsp", "articulation": "gripper"}])");
  Options options = model.options;
  Data data = make_data(model);
  for (int s = 0; s < 800; ++s) {
    step(model, options, data);
    ASSERT_TRUE(data.solver.fallbacks.empty()) << fallback_message(data.solver.fallbacks);
  }
  const int box = 1;
  for (int link : {1, 2}) {
    EXPECT_NEAR(finger_q(model, data, link), 0.03, 2e-4) << link;
    EXPECT_NEAR(data.articulations[0].target_position[link], 0.05, 1e-12);  // ramp reached the limit
    EXPECT_NEAR(finger_force(data, model.articulations[0].link_body[link], box), 10.0, 0.05);
  }
  EXPECT_NEAR(data.position[box].y(), 0, 1e-4);  // squeezed evenly: not pushed aside
}

// Static auto-grasp (GraspIt's kinematic closing): the box does not move and each
// finger stops at its first contact, within one closing step (speed h) of the face.
TEST(RobotControl, StaticAutograspStopsFingersAtFirstContactWithoutMovingTheObject) {
  const Model model = load_gripper(R"([{"time": 0.1, "command": "autograsp", "articulation": "gripper"}])");
  Options options = model.options;
  options.autograsp = 1;
  Data data = make_data(model);
  const int box = 1;
  const Vec3 box_start = data.position[box];
  bool closed = false;
  for (int s = 0; s < 400 && !closed; ++s) {
    step(model, options, data);
    if (data.time > 0.2 && !static_grasp_active(data)) closed = true;
    if (static_grasp_active(data)) {
      EXPECT_EQ(data.position[box], box_start);
    }
  }
  ASSERT_TRUE(closed);
  const double closing_step = 0.05 * options.time_step;
  for (int link : {1, 2}) {
    const double q = finger_q(model, data, link);
    EXPECT_GE(q, 0.03 - options.contact_threshold - 1e-12) << link;
    EXPECT_LE(q, 0.03 + closing_step + 1e-12) << link;
    EXPECT_EQ(data.articulations[0].target_position[link], q);  // the motors hold the pose
  }
  EXPECT_EQ(data.position[box], box_start);
}

// move_joints: the set point follows a smooth trajectory to the target, and the
// motor brings the joint there; a later command retargets without a jump.
TEST(RobotControl, MoveJointsReachesTheTargetSmoothly) {
  const Model model = load_gripper(R"([{"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0.02}},
      {"time": 0.3, "command": "move_joints", "articulation": "gripper", "targets": {"right": 0.01}}])");
  Options options = model.options;
  Data data = make_data(model);
  double previous = data.articulations[0].target_position[1];
  double largest_jump = 0;
  for (int s = 0; s < 1200; ++s) {
    step(model, options, data);
    const double set_point = data.articulations[0].target_position[1];
    largest_jump = std::max(largest_jump, std::abs(set_point - previous));
    previous = set_point;
  }
  // Never faster than max_velocity (0.05 m/s) per step of 2.5 ms.
  EXPECT_LE(largest_jump, 0.05 * options.time_step + 1e-12);
  EXPECT_NEAR(finger_q(model, data, 1), 0.02, 1e-4);
  EXPECT_NEAR(finger_q(model, data, 2), 0.01, 1e-4);
}

// move_joints with the linear profile (seed 003's commanded positions): the set point
// moves at the command's speed, sampled at the end of each step, q_ref = min(w t, L);
// with the step profile it jumps at once. A smooth move later takes over from the
// linear one's position and velocity, so its set point does not jump.
TEST(RobotControl, LinearAndStepProfilesDriveTheSetPoints) {
  const Model model = load_gripper(R"([
      {"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0.03},
       "profile": "linear", "speed": 0.02},
      {"time": 0, "command": "move_joints", "articulation": "gripper", "targets": {"right": 0.04},
       "profile": "step"},
      {"time": 0.5, "command": "move_joints", "articulation": "gripper", "targets": {"left": 0.0}}])");
  Options options = model.options;
  Data data = make_data(model);
  double previous = data.articulations[0].target_position[1];
  double largest_jump = 0;
  for (int s = 0; s < 400; ++s) {
    step(model, options, data);
    const double set_point = data.articulations[0].target_position[1];
    if (data.time < 0.5 - 1e-9) {
      EXPECT_NEAR(set_point, std::min(0.02 * data.time, 0.03), 1e-15) << data.time;
      EXPECT_EQ(data.articulations[0].target_velocity[1], 0.02);
      EXPECT_EQ(data.articulations[0].target_position[2], 0.04);
      EXPECT_EQ(data.articulations[0].target_velocity[2], 0);
    }
    largest_jump = std::max(largest_jump, std::abs(set_point - previous));
    previous = set_point;
  }
  // The linear move's 0.02 m/s, then the smooth move's max_velocity (0.05 m/s).
  EXPECT_LE(largest_jump, 0.05 * options.time_step + 1e-12);
  EXPECT_LT(data.articulations[0].target_position[1], 0.01);  // moved back towards 0
  EXPECT_EQ(data.articulations[0].target_position[2], 0.04);
}

// move_cartesian (seed 002 §5): a planar two-joint arm carries the frame of its tip
// (welded to the second link) along a straight line; the set points stay on the line
// (by inverse kinematics) and the motors keep the real frame within 2 mm of it.
TEST(RobotControl, MoveCartesianFollowsAStraightLine) {
  Model model = empty_model(false);
  options_free_of_gravity(model);
  LinkSpec upper = rod_link("upper", -1, Vec3(0, 0, 1), 0.5, 1.0);
  LinkSpec lower = rod_link("lower", 0, Vec3(0.5, 0, 0), 0.4, 0.5);
  for (LinkSpec* spec : {&upper, &lower}) {
    spec->link.joint.lower = -3;
    spec->link.joint.upper = 3;
    spec->actuator.present = true;
    spec->actuator.gains = PdGains{400.0, 40.0, 100.0};
  }
  upper.position = -0.3;
  lower.position = 0.9;
  LinkSpec tip;
  tip.link.name = "tip";
  tip.link.parent = 1;
  tip.link.joint.type = JointType::Fixed;
  tip.link.joint.origin.position = Vec3(0.4, 0, 0);
  tip.link.mass = 0.05;
  tip.link.inertia = Mat3::Identity() * 1e-5;
  tip.shape = sphere(0.01);
  append_articulation(model, "arm", {upper, lower, tip});
  Data data = make_data(model);
  const Vec3 start = data.articulations[0].kinematics.link_pose[2].position;
  const Vec3 end = start + Vec3(-0.15, 0, -0.1);  // well within reach
  TimelineCommand command;
  command.kind = CommandKind::MoveCartesian;
  command.articulation = 0;
  command.link = 2;
  command.position = end;
  command.speed = 0.1;
  ASSERT_TRUE(start_command(model, model.options, command, data).ok());
  const Vec3 direction = (end - start).normalized();
  double worst = 0;
  for (int s = 0; s < 1600; ++s) {
    step(model, model.options, data);
    const Vec3 offset = data.articulations[0].kinematics.link_pose[2].position - start;
    worst = std::max(worst, (offset - offset.dot(direction) * direction).norm());
  }
  EXPECT_LT(worst, 2e-3);
  EXPECT_LT((data.articulations[0].kinematics.link_pose[2].position - end).norm(), 1e-4);
}

// Commands from outside the timeline are checked like timeline ones, and refused
// (changing nothing) while a static auto-grasp closes.
TEST(RobotControl, BadCommandsAreRefusedAndChangeNothing) {
  const Model model = load_gripper("[]");
  Options options = model.options;
  Data data = make_data(model);
  const std::vector<double> before = data.articulations[0].target_position;
  TimelineCommand command;
  command.articulation = 3;
  EXPECT_EQ(start_command(model, options, command, data).message(), "move_joints: no articulation 3");
  command.articulation = 0;
  EXPECT_EQ(start_command(model, options, command, data).message(), "move_joints: no joint to move");
  command.targets = {JointTarget{0, 0.0}};
  EXPECT_EQ(start_command(model, options, command, data).message(),
            "move_joints: link 0 has no actuated revolute or prismatic joint");
  command.targets = {JointTarget{1, 0.2}};
  EXPECT_EQ(start_command(model, options, command, data).message(),
            "move_joints: left must be within its limits [0, 0.05], got 0.2");
  command.targets = {JointTarget{1, 0.02}};
  command.profile = MoveProfile::Linear;
  EXPECT_EQ(start_command(model, options, command, data).message(),
            "move_joints: the linear profile needs a speed in (0, 100] rad/s or m/s");
  command.kind = CommandKind::MoveCartesian;
  command.link = 9;
  EXPECT_EQ(start_command(model, options, command, data).message(), "move_cartesian: no link 9");

  options.autograsp = 1;
  command.kind = CommandKind::Autograsp;
  ASSERT_TRUE(start_command(model, options, command, data).ok());
  command.kind = CommandKind::Open;
  EXPECT_EQ(start_command(model, options, command, data).message(),
            "open: articulation \"gripper\" is closing in a static auto-grasp; wait until it has closed");
  EXPECT_EQ(data.articulations[0].target_position, before);
}

}  // namespace
}  // namespace contactlab
