#include "session/simulation.h"

#include <cmath>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "dynamics/rigid_body.h"
#include "gripper_scene.h"
#include "step/robot_commands.h"
#include "text_file.h"

namespace contactlab {
namespace {

// A body's position and orientation (x y z, then the quaternion's x y z w), for
// comparisons bit for bit.
std::vector<double> body_pose(const Simulation& simulation, std::size_t body) {
  const Vec3& position = simulation.data().position[body];
  const Quat& orientation = simulation.data().orientation[body];
  return {position.x(), position.y(), position.z(), orientation.x(), orientation.y(), orientation.z(), orientation.w()};
}

// Every body's pose, one after the other.
std::vector<double> body_poses(const Simulation& simulation) {
  std::vector<double> poses;
  for (std::size_t b = 0; b < simulation.data().position.size(); ++b) {
    const std::vector<double> pose = body_pose(simulation, b);
    poses.insert(poses.end(), pose.begin(), pose.end());
  }
  return poses;
}

TEST(Simulation, ABadSceneIsRejectedAndTheRunningSceneKeepsGoing) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("ball_drop")).ok());
  simulation.step(10);
  const double time = simulation.data().time;
  const std::vector<double> poses = body_poses(simulation);

  const Status status = simulation.load_scene(
      R"({"name": "bad", "bodies": [{"name": "b", "mass": -1, "geoms": [{"type": "sphere", "radius": 1}]}]})");
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("bodies[0].mass"), std::string::npos) << status.message();
  EXPECT_EQ(simulation.model().name, "ball_drop");
  EXPECT_EQ(simulation.data().time, time);
  EXPECT_EQ(body_poses(simulation), poses);
  EXPECT_EQ(simulation.step(5), 5);
  EXPECT_GT(simulation.data().time, time);
}

TEST(Simulation, ARejectedOptionLeavesTheOptionsAsTheyWere) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  const double h = simulation.option("time_step");
  const Status status = simulation.set_option("time_step", 1.0);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("time_step"), std::string::npos);
  EXPECT_EQ(simulation.option("time_step"), h);
  EXPECT_TRUE(std::isnan(simulation.option("no_such_option")));
}

TEST(Simulation, ResetReturnsToTheInitialStateAndKeepsUserOptions) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("brick_slide")).ok());
  const std::vector<double> initial = body_poses(simulation);
  ASSERT_TRUE(simulation.set_option("mu", 0.9).ok());
  simulation.step(100);
  EXPECT_NE(body_poses(simulation), initial);
  simulation.reset();
  EXPECT_EQ(body_poses(simulation), initial);
  EXPECT_EQ(simulation.data().time, 0);
  EXPECT_EQ(simulation.option("mu"), 0.9);
}

// The flat arrays JavaScript reads are checked in tests/wasm/record_layouts.test.mjs.
TEST(Simulation, TheContactsOfABoxAtRestCarryItsWeight) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  simulation.step(1);
  const std::vector<ContactRecord>& contacts = simulation.data().contacts;
  ASSERT_FALSE(contacts.empty());
  double total_normal = 0;
  for (const ContactRecord& contact : contacts) {
    EXPECT_NEAR(contact.normal.z(), 1.0, 1e-12);  // normal along +z, ground to box
    total_normal += contact.normal_force;
    EXPECT_EQ(contact.mode, ContactMode::Sticking);
  }
  EXPECT_NEAR(total_normal, 9.81, 1e-9);
}

// The gripper of tests/support/gripper_scene.h: link 0 the welded palm, links 1 and 2
// the prismatic fingers (limits [0, 0.05] m, closing toward 0.05); each finger's inner
// face meets the box at q = 0.03 m.
constexpr int kLeft = 0;   // joints in joint_state()
constexpr int kRight = 1;
constexpr double kFingerOnBox = 0.03;

Simulation load_gripper() {
  Simulation simulation;
  const Status status = simulation.load_scene(gripper_scene_json("[]"));
  EXPECT_TRUE(status.ok()) << status.message();
  return simulation;
}

JointReadout joint(Simulation& simulation, int index) { return simulation.joint_state(0).at(index); }

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
  EXPECT_EQ(palm["joint_index"], -1);  // a fixed joint is not in joint_state()
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

TEST(Simulation, JointStateListsEveryRevoluteOrPrismaticJoint) {
  Simulation simulation = load_gripper();
  ASSERT_EQ(simulation.joint_state(0).size(), 2u);
  EXPECT_TRUE(simulation.joint_state(1).empty());
  EXPECT_TRUE(simulation.joint_state(-1).empty());
  for (int finger : {kLeft, kRight}) {
    EXPECT_EQ(joint(simulation, finger).position, 0);   // initial q = 0
    EXPECT_EQ(joint(simulation, finger).set_point, 0);  // holds still
    EXPECT_EQ(joint(simulation, finger).limit, -1);     // the lower limit is 0
    EXPECT_EQ(joint(simulation, finger).goal, 0);
  }
}

// The PD motor has no load along the finger's axis, so it settles on its set point,
// which the trajectory leaves exactly at the target.
TEST(Simulation, SetJointTargetMovesTheJointToTheTarget) {
  Simulation simulation = load_gripper();
  ASSERT_TRUE(simulation.set_joint_target("gripper", "left", 0.012).ok());
  EXPECT_EQ(joint(simulation, kLeft).goal, 0.012);
  simulation.step(1);
  EXPECT_GT(joint(simulation, kLeft).set_point, 0);
  EXPECT_LT(joint(simulation, kLeft).set_point, 0.012);
  simulation.step(599);  // 1.5 s; the move takes 15 D / (8 v_max) = 0.45 s
  EXPECT_EQ(joint(simulation, kLeft).set_point, 0.012);
  EXPECT_NEAR(joint(simulation, kLeft).position, 0.012, 1e-4);
  EXPECT_EQ(joint(simulation, kLeft).limit, 0);
  EXPECT_EQ(joint(simulation, kRight).position, 0);  // the other finger is not commanded
}

TEST(Simulation, RejectedRobotCommandsSayWhyAndChangeNothing) {
  Simulation simulation = load_gripper();
  Simulation untouched = load_gripper();
  ASSERT_TRUE(simulation.set_joint_target("gripper", "left", 0.02).ok());
  ASSERT_TRUE(untouched.set_joint_target("gripper", "left", 0.02).ok());
  simulation.step(50);
  untouched.step(50);
  const std::vector<JointReadout> joints = simulation.joint_state(0);

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
  EXPECT_EQ(body_poses(simulation), body_poses(untouched));
}

TEST(Simulation, RobotCommandsNeedAScene) {
  Simulation simulation;
  EXPECT_NE(simulation.command("gripper", "open").message().find("no scene"), std::string::npos);
  EXPECT_NE(simulation.set_joint_target("gripper", "left", 0).message().find("no scene"), std::string::npos);
  EXPECT_TRUE(simulation.joint_state(0).empty());
}

// Dynamic auto-grasp (tests/core/control/robot_control_test.cpp has the details): both fingers
// stop on the box's faces and press it with their saturated motors, 10 N each.
TEST(Simulation, AutograspClosesTheFingersOnTheBox) {
  Simulation simulation = load_gripper();
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  EXPECT_EQ(joint(simulation, kLeft).goal, 0.05);  // the closing limit
  simulation.step(800);
  for (int finger : {kLeft, kRight}) {
    EXPECT_NEAR(joint(simulation, finger).position, kFingerOnBox, 2e-4) << finger;
    EXPECT_EQ(joint(simulation, finger).limit, 0);
    EXPECT_NEAR(joint(simulation, finger).effort, 10, 1e-9);  // max_effort, saturated
  }
  EXPECT_NEAR(finger_box_force(simulation), 20, 0.1);

  ASSERT_TRUE(simulation.command("gripper", "open").ok());
  EXPECT_EQ(joint(simulation, kLeft).goal, 0);  // the open limit
  simulation.step(800);
  for (int finger : {kLeft, kRight}) {
    EXPECT_NEAR(joint(simulation, finger).position, 0, 1e-4) << finger;
    EXPECT_EQ(joint(simulation, finger).limit, -1);
  }
  EXPECT_EQ(finger_box_force(simulation), 0);
}

// grasp(): none without a scene; nothing held before the fingers touch, then the box
// (body 1) in force closure with epsilon > 0 (grasp_monitor_test has the analysis).
TEST(Simulation, GraspReportsTheGraspedObject) {
  EXPECT_FALSE(Simulation().grasp().has_value());
  Simulation simulation = load_gripper();
  std::optional<GraspReport> report = simulation.grasp();
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->object, -1);
  EXPECT_FALSE(report->quality.force_closure);
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  simulation.step(800);
  report = simulation.grasp();
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->object, 1);                              // the box
  EXPECT_GE(report->contact_count, 2);                       // contacts used
  EXPECT_TRUE(report->quality.force_closure);
  EXPECT_GT(report->quality.epsilon, 0);
  EXPECT_GT(report->quality.volume, 0);
  EXPECT_EQ(report->quality.wrench_space_dimension, 6);     // a full-dimensional wrench space
}

// Static auto-grasp, chosen through the option: fingers stop at the box's faces
// within one closing step (max_velocity h) while the box stays where it is; commands
// wait until it has closed.
TEST(Simulation, StaticAutograspFollowsTheOption) {
  Simulation simulation = load_gripper();
  ASSERT_TRUE(simulation.set_option("autograsp", 1).ok());
  const std::vector<double> box_before = body_pose(simulation, 1);
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  simulation.step(10);
  const Status busy = simulation.set_joint_target("gripper", "left", 0.01);
  EXPECT_NE(busy.message().find("static auto-grasp is still closing"), std::string::npos) << busy.message();
  for (int s = 0; s < 400 && static_grasp_active(simulation.data()); ++s) simulation.step(1);
  ASSERT_FALSE(static_grasp_active(simulation.data()));  // 0.03 m at 0.05 m/s: 240 steps
  const double closing_step = 0.05 * simulation.options().time_step;
  for (int finger : {kLeft, kRight}) {
    const double q = joint(simulation, finger).position;
    EXPECT_GE(q, kFingerOnBox - simulation.options().contact_threshold) << finger;
    EXPECT_LE(q, kFingerOnBox + closing_step) << finger;
  }
  EXPECT_EQ(body_pose(simulation, 1), box_before);
  EXPECT_TRUE(simulation.set_joint_target("gripper", "left", 0.01).ok());
}

// barrett_phone with only its first command: the arm moves over the handset (done
// by about 1 s) and then holds still; the hand stays open.
Simulation load_arm_over_handset() {
  nlohmann::json scene = nlohmann::json::parse(builtin_scene_text("barrett_phone"));
  scene["timeline"] = nlohmann::json::array({scene["timeline"][0]});
  Simulation simulation;
  const Status status = simulation.load_scene(scene.dump());
  EXPECT_TRUE(status.ok()) << status.message();
  simulation.step(600);  // 1.5 s
  return simulation;
}

Vec3 link_origin(const Simulation& simulation, const std::string& link) {
  return simulation.link_pose("arm", link).value().position;
}

Quat link_orientation(const Simulation& simulation, const std::string& link) {
  return Quat(simulation.link_pose("arm", link).value().rotation);
}

bool all_finite(const std::vector<double>& values) {
  for (double value : values) {
    if (!std::isfinite(value)) return false;
  }
  return true;
}

bool all_finite(const std::vector<JointReadout>& joints) {
  for (const JointReadout& j : joints) {
    if (!all_finite({j.position, j.velocity, j.set_point, j.effort, j.goal})) return false;
  }
  return true;
}

// The PUMA's wrist (the frame of puma_link6, six actuated joints from the base) jogged
// 5 cm up: the motors (stiff PD, kp = 1e5 and 5e3) carry the real frame along the
// straight line the inverse kinematics follows, and it settles 5 cm higher with the
// same orientation (the brief's tolerances: 1 mm, 1e-3 rad).
TEST(Simulation, JogMovesTheWristFiveCentimetresUpWithItsOrientationKept) {
  Simulation simulation = load_arm_over_handset();
  const Vec3 start = link_origin(simulation, "puma_link6");
  const Quat orientation = link_orientation(simulation, "puma_link6");
  ASSERT_TRUE(simulation.jog("arm", "puma_link6", 0, 0, 0.05).ok());
  double off_line = 0;
  for (int s = 0; s < 800; ++s) {  // 2 s; the jog takes 15 D / (8 v) = 0.94 s
    simulation.step(1);
    const Vec3 offset = link_origin(simulation, "puma_link6") - start;
    off_line = std::max(off_line, std::hypot(offset.x(), offset.y()));
  }
  const Vec3 moved = link_origin(simulation, "puma_link6") - start;
  EXPECT_NEAR(moved.x(), 0, 1e-3);
  EXPECT_NEAR(moved.y(), 0, 1e-3);
  EXPECT_NEAR(moved.z(), 0.05, 1e-3);
  EXPECT_LT(off_line, 2e-3);
  EXPECT_LT(link_orientation(simulation, "puma_link6").angularDistance(orientation), 1e-3);
  EXPECT_TRUE(all_finite(body_poses(simulation)));
}

// Jogs of the same link add up: a second one pressed while the first runs starts from
// where the first is heading.
TEST(Simulation, JogsOfTheSameLinkAddUp) {
  Simulation simulation = load_arm_over_handset();
  const Vec3 start = link_origin(simulation, "palm");
  const Quat orientation = link_orientation(simulation, "palm");
  ASSERT_TRUE(simulation.jog("arm", "palm", 0.01, 0, 0).ok());
  simulation.step(10);
  ASSERT_TRUE(simulation.jog("arm", "palm", 0.01, 0, 0).ok());
  simulation.step(600);
  const Vec3 moved = link_origin(simulation, "palm") - start;
  EXPECT_LT((moved - Vec3(0.02, 0, 0)).norm(), 1e-3) << moved.transpose();
  EXPECT_LT(link_orientation(simulation, "palm").angularDistance(orientation), 1e-3);
}

// Every refused jog names the field and the allowed range, and leaves the simulation
// as it was: the same trajectory afterwards, bit for bit, as a twin that was never
// sent it.
TEST(Simulation, RejectedJogsSayWhyAndChangeNothing) {
  Simulation simulation = load_arm_over_handset();
  Simulation untouched = load_arm_over_handset();
  const auto expect_failure = [](const Status& status, const std::string& expected) {
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.message().find(expected), std::string::npos) << status.message();
  };
  expect_failure(simulation.jog("hand", "palm", 0, 0, 0.01), "no articulation named \"hand\" (known: arm)");
  expect_failure(simulation.jog("arm", "wrist", 0, 0, 0.01), "link: articulation \"arm\" has no link named \"wrist\"");
  expect_failure(simulation.jog("arm", "palm", std::nan(""), 0, 0), "dx: must be finite and within [-0.2, 0.2] m");
  expect_failure(simulation.jog("arm", "palm", 0, INFINITY, 0), "dy: must be finite");
  expect_failure(simulation.jog("arm", "palm", 0, 0, -0.25), "dz: must be finite and within [-0.2, 0.2] m, got -0.25");
  expect_failure(simulation.jog("arm", "palm", 0.15, 0.15, 0), "dx, dy, dz: the jog must be at most 0.2 m long");
  expect_failure(simulation.jog("arm", "f1_distal", 0, 0, 0.01), "belongs to the hand below \"palm\"");
  expect_failure(simulation.jog("arm", "f2_knuckle", 0, 0, 0.01), "belongs to the hand below \"palm\"");
  expect_failure(simulation.jog("arm", "puma_link3", 0, 0, 0.01), "is moved by 3 actuated joints");
  simulation.step(400);
  untouched.step(400);
  EXPECT_EQ(simulation.joint_state(0), untouched.joint_state(0));
  EXPECT_EQ(body_poses(simulation), body_poses(untouched));

  Simulation gripper = load_gripper();
  const Status short_chain = gripper.jog("gripper", "palm", 0, 0, 0.01);
  EXPECT_NE(short_chain.message().find("is moved by 0 actuated joints"), std::string::npos) << short_chain.message();
  Simulation empty;
  EXPECT_NE(empty.jog("arm", "palm", 0, 0, 0).message().find("no scene"), std::string::npos);
}

// Jogs pressed faster than the arm moves add up until the target leaves the arm's
// reach (the PUMA reaches about 0.9 m from its shoulder): that jog is refused with
// the point and how far the arm falls short, and the arm goes on to the last reachable
// target with every number finite.
TEST(Simulation, AnUnreachableJogIsRefusedAndTheArmStaysFinite) {
  Simulation simulation = load_arm_over_handset();
  const Vec3 start = link_origin(simulation, "palm");
  int accepted = 0;
  Status refused = Status::success();
  for (int press = 0; press < 20 && refused.ok(); ++press) {
    refused = simulation.jog("arm", "palm", 0.2, 0, 0);
    if (refused.ok()) ++accepted;
  }
  ASSERT_FALSE(refused.ok()) << "the arm reaches " << 0.2 * accepted << " m further";
  EXPECT_NE(refused.message().find("cannot reach"), std::string::npos) << refused.message();
  EXPECT_NE(refused.message().find("nothing moved"), std::string::npos) << refused.message();
  simulation.step(2400);
  EXPECT_TRUE(all_finite(body_poses(simulation)));
  EXPECT_TRUE(all_finite(simulation.joint_state(0)));
  const Vec3 moved = link_origin(simulation, "palm") - start;
  EXPECT_NEAR(moved.x(), 0.2 * accepted, 2e-3);
}

// The wrenches behind the grasp analysis, for the gripper squeezing its box: u per
// touching finger contact (grasp_wrenches in grasp_quality.h); each force part has a
// unit component along the contact's inward normal and a tangential part of length
// mu, and the torque part is (p - c) x f over the box's radius.
TEST(Simulation, GraspWrenchesAreTheContactsFrictionConeEdges) {
  Simulation simulation = load_gripper();
  EXPECT_TRUE(simulation.grasp_wrenches().empty());  // nothing held yet
  ASSERT_TRUE(simulation.command("gripper", "autograsp").ok());
  simulation.step(800);
  const std::vector<Vec6> wrenches = simulation.grasp_wrenches();
  const int edges = static_cast<int>(simulation.options().friction_edges);
  const int contacts = simulation.grasp().value().contact_count;
  ASSERT_GE(contacts, 2);
  ASSERT_EQ(wrenches.size(), static_cast<size_t>(contacts * edges));

  const Model& model = simulation.model();
  const Vec3 center = simulation.data().position[1];
  const double radius = bounding_radius(model, model.bodies[1]);
  size_t w = 0;
  for (const ContactRecord& contact : simulation.data().contacts) {
    const bool on_box = contact.body_a == 1 || contact.body_b == 1;
    const bool by_link = model.bodies[contact.body_a].articulation >= 0 || model.bodies[contact.body_b].articulation >= 0;
    if (!on_box || !by_link || contact.distance > simulation.options().contact_threshold) continue;
    const Vec3 inward = contact.body_b == 1 ? contact.normal : Vec3(-contact.normal);
    const double mu = model.friction(model.geoms[contact.geom_a].material, model.geoms[contact.geom_b].material)
                          .static_coefficient;
    for (int j = 0; j < edges; ++j, ++w) {
      ASSERT_LT(w, wrenches.size());
      const Vec3 force = wrenches[w].head<3>();
      const Vec3 torque = wrenches[w].tail<3>();
      EXPECT_NEAR(force.dot(inward), 1.0, 1e-9);
      EXPECT_NEAR((force - force.dot(inward) * inward).norm(), mu, 1e-9);
      EXPECT_LT((torque - (contact.position - center).cross(force) / radius).norm(), 1e-12);
    }
  }
  EXPECT_EQ(w, wrenches.size());
}

}  // namespace
}  // namespace contactlab
