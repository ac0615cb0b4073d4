// The "articulations" section of scene files, read through load_scene().
#include "scene/articulation_reader.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "scene/scene_loader.h"
#include "scene_fixture.h"

namespace contactlab {
namespace {

using Json = nlohmann::json;

constexpr double kPoseTolerance = 1e-12;

// The ground, a free box, and a two-link arm: the upper arm turns about y at
// (0, 0, 1) by 0.5 rad, the forearm about y at 0.5 m along the upper arm by -0.5 rad
// and 1 rad/s. The upper arm's centre of mass comes from its one box geom (at 0.25 m
// along x); the forearm's is given at 0.3 m along x, its capsule at 0.2 m.
Json arm_scene() {
  return Json::parse(R"({
    "name": "arm_scene",
    "bodies": [
      {"name": "ground", "static": true, "geoms": [{"type": "plane"}]},
      {"name": "box", "mass": 1, "position": [2, 0, 0.1],
       "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1]}]}
    ],
    "articulations": [{
      "name": "arm",
      "links": [
        {"name": "upper_arm",
         "joint": {"type": "revolute", "origin": {"position": [0, 0, 1]}, "axis": [0, 1, 0],
                   "limits": [-2, 2], "position": 0.5},
         "mass": 2,
         "geoms": [{"type": "box", "half_extents": [0.25, 0.05, 0.05],
                    "position": [0.25, 0, 0]}]},
        {"name": "forearm", "parent": "upper_arm",
         "joint": {"type": "revolute", "origin": {"position": [0.5, 0, 0]}, "axis": [0, 0.5, 0],
                   "position": -0.5, "velocity": 1},
         "mass": 1, "inertia": [[0.001, 0, 0], [0, 0.01, 0], [0, 0, 0.01]],
         "center_of_mass": [0.3, 0, 0],
         "geoms": [{"type": "capsule", "radius": 0.04, "half_length": 0.2,
                    "position": [0.2, 0, 0],
                    "orientation": [0.7071067811865476, 0, 0.7071067811865476, 0]}]}
      ]
    }]
  })");
}

// Two links whose joints are prismatic (a gripper's fingers): "left" leads, "right"
// follows with ratio -1.
Json gripper_articulation() {
  return Json::parse(R"({
    "name": "gripper",
    "links": [
      {"name": "palm", "joint": {"type": "fixed", "origin": {"position": [0, 0, 2]}}, "mass": 1,
       "geoms": [{"type": "box", "half_extents": [0.05, 0.1, 0.02]}]},
      {"name": "left", "parent": "palm",
       "joint": {"type": "prismatic", "axis": [0, 1, 0], "limits": [0, 0.05], "position": 0.02,
                 "friction": {"coulomb": 0.5, "viscous": 2},
                 "actuator": {"stiffness": 100, "damping": 5, "max_effort": 20}},
       "mass": 0.1, "geoms": [{"type": "box", "half_extents": [0.01, 0.01, 0.04]}]},
      {"name": "right", "parent": "palm",
       "joint": {"type": "prismatic", "axis": [0, 1, 0], "limits": [-0.05, 0],
                 "position": -0.02},
       "mass": 0.1, "geoms": [{"type": "box", "half_extents": [0.01, 0.01, 0.04]}]}
    ],
    "couplings": [{"leader": "left", "follower": "right", "ratio": -1}]
  })");
}

Json& arm(Json& scene) { return scene["articulations"][0]; }
Json& link(Json& scene, int index) { return scene["articulations"][0]["links"][index]; }
Json& joint(Json& scene, int index) { return link(scene, index)["joint"]; }

Model load_valid_articulated(const Json& scene) {
  Model model;
  const Status status = load_scene(scene.dump(), model);
  EXPECT_TRUE(status.ok()) << status.message();
  return model;
}

// Loads the edited arm scene into a model that a failure must leave as it was, and
// expects a message that starts with `message_start` (the field's path first).
void expect_articulation_failure(const std::function<void(Json&)>& edit, const std::string& message_start) {
  Json scene = arm_scene();
  edit(scene);
  Model model;
  model.name = "sentinel";
  model.bodies.resize(3);
  const Status status = load_scene(scene.dump(), model);
  ASSERT_FALSE(status.ok()) << "expected: " << message_start;
  EXPECT_EQ(status.message().compare(0, message_start.size(), message_start), 0)
      << "message: " << status.message() << "\nexpected start: " << message_start;
  EXPECT_EQ(model.name, "sentinel");
  EXPECT_EQ(model.bodies.size(), 3u);
  EXPECT_TRUE(model.geoms.empty());
  EXPECT_TRUE(model.articulations.empty());
}

Vec3 rotate_about_y(double angle, const Vec3& x) {
  return Vec3(std::cos(angle) * x.x() + std::sin(angle) * x.z(), x.y(),
              -std::sin(angle) * x.x() + std::cos(angle) * x.z());
}

// ---------------------------------------------------------------------------
// Into the Model.

TEST(ArticulationReaderTest, LinksBecomeBodiesAfterTheSceneBodies) {
  const Model model = load_valid_articulated(arm_scene());
  ASSERT_EQ(model.bodies.size(), 4u);
  ASSERT_EQ(model.articulations.size(), 1u);
  const Articulation& articulation = model.articulations[0];
  EXPECT_EQ(articulation.name, "arm");
  ASSERT_EQ(articulation.tree.link_count(), 2);
  EXPECT_EQ(articulation.link_body, (std::vector<int>{2, 3}));
  EXPECT_EQ(model.bodies[1].articulation, -1) << "a body of \"bodies\" is free";
  EXPECT_EQ(model.bodies[1].link, -1);
  for (int i = 0; i < 2; ++i) {
    const Body& body = model.bodies[2 + i];
    EXPECT_EQ(body.name, articulation.tree.link(i).name);
    EXPECT_FALSE(body.is_static);
    EXPECT_EQ(body.articulation, 0);
    EXPECT_EQ(body.link, i);
    ASSERT_EQ(body.geoms.size(), 1u);
    EXPECT_EQ(model.geoms[body.geoms[0]].body, 2 + i);
  }
  EXPECT_EQ(model.bodies[2].name, "upper_arm");
  EXPECT_EQ(model.bodies[3].name, "forearm");
  EXPECT_EQ(articulation.tree.link(1).parent, 0);
  EXPECT_EQ(articulation.tree.link(0).parent, -1);
}

TEST(ArticulationReaderTest, JointsCoordinatesAndDefaults) {
  const Model model = load_valid_articulated(arm_scene());
  const Articulation& articulation = model.articulations[0];
  const Joint& shoulder = articulation.tree.link(0).joint;
  const Joint& elbow = articulation.tree.link(1).joint;
  EXPECT_EQ(shoulder.type, JointType::Revolute);
  EXPECT_EQ(shoulder.origin.position, Vec3(0, 0, 1));
  EXPECT_EQ(shoulder.lower, -2);
  EXPECT_EQ(shoulder.upper, 2);
  EXPECT_EQ(elbow.axis, Vec3(0, 1, 0)) << "[0, 0.5, 0] normalised";
  EXPECT_EQ(elbow.lower, -std::numeric_limits<double>::infinity()) << "no limits by default";
  EXPECT_EQ(elbow.upper, std::numeric_limits<double>::infinity());
  EXPECT_EQ(articulation.initial_positions, Eigen::Vector2d(0.5, -0.5));
  EXPECT_EQ(articulation.initial_velocities, Eigen::Vector2d(0, 1));
  ASSERT_EQ(articulation.joint_friction.size(), 2u);
  EXPECT_EQ(articulation.joint_friction[1].coulomb, 0);
  ASSERT_EQ(articulation.actuators.size(), 2u);
  EXPECT_FALSE(articulation.actuators[0].present);
  EXPECT_TRUE(articulation.couplings.empty());
}

// The upper arm's frame is at (0, 0, 1) turned by 0.5 about y, so its centre of mass
// (0.25, 0, 0) in it is at (0, 0, 1) + R_y(0.5) (0.25, 0, 0). The forearm's frame is at
// (0, 0, 1) + R_y(0.5) (0.5, 0, 0), turned by 0.5 - 0.5 = 0, so its centre of mass is
// 0.3 further along world x.
TEST(ArticulationReaderTest, CentresOfMassFromForwardKinematics) {
  const Model model = load_valid_articulated(arm_scene());
  const Vec3 shoulder(0, 0, 1);
  const Body& upper_arm = model.bodies[2];
  const Body& forearm = model.bodies[3];
  EXPECT_NEAR(
      (upper_arm.initial_position - (shoulder + rotate_about_y(0.5, Vec3(0.25, 0, 0)))).norm(), 0,
      kPoseTolerance);
  const Vec3 elbow = shoulder + rotate_about_y(0.5, Vec3(0.5, 0, 0));
  EXPECT_NEAR((forearm.initial_position - (elbow + Vec3(0.3, 0, 0))).norm(), 0, kPoseTolerance);
  const Quat half_turn_y(std::cos(0.25), 0, std::sin(0.25), 0);
  EXPECT_NEAR(upper_arm.initial_orientation.angularDistance(half_turn_y), 0, 1e-9);
  EXPECT_NEAR(forearm.initial_orientation.angularDistance(Quat::Identity()), 0, 1e-9);
}

// Body frame at the centre of mass: the upper arm's box (at its centre of mass) moves
// to the origin, the forearm's capsule to 0.2 - 0.3 = -0.1 along x; orientations stay.
TEST(ArticulationReaderTest, GeomsShiftedByMinusCentreOfMass) {
  const Model model = load_valid_articulated(arm_scene());
  const Geom& box = model.geoms[model.bodies[2].geoms[0]];
  const Geom& capsule = model.geoms[model.bodies[3].geoms[0]];
  EXPECT_NEAR(box.local_pose.position.norm(), 0, kPoseTolerance);
  EXPECT_NEAR((capsule.local_pose.position - Vec3(-0.1, 0, 0)).norm(), 0, kPoseTolerance);
  EXPECT_NEAR(capsule.local_pose.rotation(0, 2), 1, 1e-12) << "the capsule's z along link x";
  EXPECT_EQ(model.articulations[0].tree.link(1).com, Vec3(0.3, 0, 0));
  EXPECT_NEAR((model.articulations[0].tree.link(0).com - Vec3(0.25, 0, 0)).norm(), 0, kPoseTolerance);
}

// The upper arm: a 2 kg box of sides 0.5 x 0.1 x 0.1, I = m/12 diag(b^2 + c^2, ...),
// in link axes about its centre; the forearm keeps its given inertia.
TEST(ArticulationReaderTest, MassPropertiesAsForDynamicBodies) {
  const Model model = load_valid_articulated(arm_scene());
  const Mat3 box_inertia = Vec3(2.0 / 12 * 0.02, 2.0 / 12 * 0.26, 2.0 / 12 * 0.26).asDiagonal();
  EXPECT_NEAR((model.bodies[2].inertia - box_inertia).norm(), 0, kPoseTolerance);
  EXPECT_EQ(model.bodies[2].mass, 2);
  const TreeLink& upper_arm = model.articulations[0].tree.link(0);
  EXPECT_EQ(upper_arm.mass, 2);
  EXPECT_EQ(upper_arm.inertia, model.bodies[2].inertia);
  EXPECT_EQ(model.bodies[3].inertia(0, 0), 0.001);
}

// The elbow turns at 1 rad/s about world y (the upper arm is at rest), so the forearm's
// angular velocity is (0, 1, 0) and its centre of mass, 0.3 m along x from the elbow,
// moves at w x r = (0, 1, 0) x (0.3, 0, 0) = (0, 0, -0.3).
TEST(ArticulationReaderTest, InitialVelocitiesFromTheJointRates) {
  const Model model = load_valid_articulated(arm_scene());
  EXPECT_EQ(model.bodies[2].initial_linear_velocity, Vec3::Zero());
  EXPECT_EQ(model.bodies[2].initial_angular_velocity, Vec3::Zero());
  EXPECT_NEAR((model.bodies[3].initial_angular_velocity - Vec3(0, 1, 0)).norm(), 0, kPoseTolerance);
  EXPECT_NEAR((model.bodies[3].initial_linear_velocity - Vec3(0, 0, -0.3)).norm(), 0, kPoseTolerance);
}

// A free root's origin is its q = (x, y, z, qw, qx, qy, qz); the link frame turned by
// 90 degrees about z puts the centre of mass (0.1, 0, 0) at (1, 2.1, 3). Its velocity
// (1, 0, 0, 0, 0, 2) gives the centre of mass v + w x (R c) = (1, 0, 0) +
// (0, 0, 2) x (0, 0.1, 0) = (0.8, 0, 0).
TEST(ArticulationReaderTest, FreeRootTakesItsPoseFromTheOrigin) {
  Json scene = arm_scene();
  const double c = std::sqrt(0.5);
  scene["articulations"].push_back(Json::parse(R"({
    "name": "puck",
    "links": [{"name": "puck_body",
               "joint": {"type": "free",
                         "origin": {"position": [1, 2, 3],
                                    "orientation": [0.7071067811865476, 0, 0, 0.7071067811865476]},
                         "velocity": [1, 0, 0, 0, 0, 2]},
               "mass": 1,
               "geoms": [{"type": "box", "half_extents": [0.1, 0.1, 0.1],
                          "position": [0.1, 0, 0]}]}]
  })"));
  const Model model = load_valid_articulated(scene);
  ASSERT_EQ(model.articulations.size(), 2u);
  const Articulation& puck = model.articulations[1];
  ASSERT_EQ(puck.initial_positions.size(), 7);
  Eigen::Matrix<double, 7, 1> expected_q;
  expected_q << 1, 2, 3, c, 0, 0, c;
  EXPECT_NEAR((puck.initial_positions - expected_q).norm(), 0, 1e-15);
  ASSERT_EQ(puck.initial_velocities.size(), 6);
  EXPECT_EQ(puck.initial_velocities[5], 2);
  const Joint& joint = puck.tree.link(0).joint;
  EXPECT_EQ(joint.type, JointType::Free);
  EXPECT_EQ(joint.origin.position, Vec3::Zero()) << "a free joint's origin stays the identity";
  EXPECT_EQ(joint.origin.rotation, Mat3::Identity());
  ASSERT_EQ(model.bodies.size(), 5u);
  const Body& body = model.bodies[4];
  EXPECT_EQ(body.articulation, 1);
  EXPECT_EQ(body.link, 0);
  EXPECT_EQ(puck.link_body[0], 4);
  EXPECT_NEAR((body.initial_position - Vec3(1, 2.1, 3)).norm(), 0, kPoseTolerance);
  EXPECT_NEAR(body.initial_orientation.angularDistance(Quat(c, 0, 0, c)), 0, 1e-9);
  EXPECT_NEAR((body.initial_linear_velocity - Vec3(0.8, 0, 0)).norm(), 0, kPoseTolerance);
  EXPECT_NEAR((body.initial_angular_velocity - Vec3(0, 0, 2)).norm(), 0, kPoseTolerance);
}

TEST(ArticulationReaderTest, FrictionActuatorsAndCouplings) {
  Json scene = arm_scene();
  scene["articulations"].push_back(gripper_articulation());
  const Model model = load_valid_articulated(scene);
  const Articulation& gripper = model.articulations[1];
  ASSERT_EQ(gripper.tree.link_count(), 3);
  EXPECT_EQ(gripper.tree.link(0).joint.type, JointType::Fixed);
  EXPECT_EQ(gripper.tree.position_size(), 2);
  EXPECT_EQ(gripper.initial_positions, Eigen::Vector2d(0.02, -0.02));
  EXPECT_EQ(gripper.joint_friction[1].coulomb, 0.5);
  EXPECT_EQ(gripper.joint_friction[1].viscous, 2);
  EXPECT_EQ(gripper.joint_friction[2].viscous, 0);
  const JointActuator& motor = gripper.actuators[1];
  EXPECT_TRUE(motor.present);
  EXPECT_EQ(motor.gains.stiffness, 100);
  EXPECT_EQ(motor.gains.damping, 5);
  EXPECT_EQ(motor.gains.max_torque, 20);
  EXPECT_EQ(motor.max_velocity, JointActuator().max_velocity) << "the default";
  EXPECT_FALSE(gripper.actuators[2].present);
  ASSERT_EQ(gripper.couplings.size(), 1u);
  EXPECT_EQ(gripper.couplings[0].leader, 1);
  EXPECT_EQ(gripper.couplings[0].follower, 2);
  EXPECT_EQ(gripper.couplings[0].ratio, -1);
  // The palm is fixed at (0, 0, 2); the left finger's box sits 0.02 m along +y.
  EXPECT_NEAR((model.bodies[5].initial_position - Vec3(0, 0.02, 2)).norm(), 0, kPoseTolerance);
  EXPECT_EQ(gripper.link_body, (std::vector<int>{4, 5, 6}));
}

TEST(ArticulationReaderTest, ActuatorWithoutEffortLimitIsUnlimited) {
  Json scene = arm_scene();
  joint(scene, 0)["actuator"] = {{"stiffness", 50}, {"damping", 0}, {"max_acceleration", 2}};
  const Model model = load_valid_articulated(scene);
  const JointActuator& motor = model.articulations[0].actuators[0];
  EXPECT_TRUE(motor.present);
  EXPECT_EQ(motor.gains.max_torque, std::numeric_limits<double>::infinity());
  EXPECT_EQ(motor.max_acceleration, 2);
}

// The example of docs/scene_format.md's "Articulations" section loads.
TEST(ArticulationReaderTest, DocumentedExampleLoads) {
  std::ifstream file(std::string(CONTACTLAB_SCENES_DIR) + "/../../docs/scene_format.md");
  ASSERT_TRUE(file.good());
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::size_t section = text.find("## Articulations");
  ASSERT_NE(section, std::string::npos);
  const std::size_t start = text.find("```json\n", section) + 8;
  const std::size_t end = text.find("```", start);
  Model model;
  const Status status = load_scene(text.substr(start, end - start), model);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(model.articulations.size(), 1u);
  const Articulation& hand = model.articulations[0];
  EXPECT_EQ(hand.tree.link_count(), 4);
  EXPECT_EQ(hand.couplings.size(), 1u);
  EXPECT_EQ(model.bodies.size(), 2u + hand.tree.link_count());
}

// ---------------------------------------------------------------------------
// Bad input: the message starts with the field's path and gives the allowed values;
// the model is untouched.

TEST(ArticulationReaderErrorTest, UnknownFields) {
  expect_articulation_failure([](Json& s) { arm(s)["link"] = 1; },
                 "articulations[0].link: unknown field for an articulation (allowed: name, "
                 "links, couplings, loops, prescribed_motion, self_collision)");
  expect_articulation_failure([](Json& s) { link(s, 1)["masss"] = 1; },
                 "articulations[0].links[1].masss: unknown field for a link (allowed: name, "
                 "parent, joint, mass, inertia, center_of_mass, geoms)");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["axes"] = {0, 0, 1};
      },
      "articulations[0].links[0].joint.axes: unknown field for a joint (allowed: "
      "type, origin, axis, limits, position, velocity, friction, actuator)");
  expect_articulation_failure([](Json& s) { joint(s, 0)["origin"]["rotation"] = 1; },
                 "articulations[0].links[0].joint.origin.rotation: unknown field for a joint "
                 "origin (allowed: position, orientation)");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["friction"] = {{"static", 1}};
      },
      "articulations[0].links[0].joint.friction.static: unknown field for joint "
      "friction (allowed: coulomb, viscous)");
}

TEST(ArticulationReaderErrorTest, MissingAndMistypedFields) {
  expect_articulation_failure([](Json& s) { arm(s).erase("name"); },
                 "articulations[0].name: required field is missing");
  expect_articulation_failure([](Json& s) { link(s, 0).erase("joint"); },
                 "articulations[0].links[0].joint: required field is missing");
  expect_articulation_failure([](Json& s) { joint(s, 0).erase("type"); },
                 "articulations[0].links[0].joint.type: required field is missing");
  expect_articulation_failure([](Json& s) { joint(s, 0)["type"] = "hinge"; },
                 "articulations[0].links[0].joint.type: must be one of \"revolute\", "
                 "\"prismatic\", \"fixed\", \"free\", got \"hinge\"");
  expect_articulation_failure([](Json& s) { link(s, 0).erase("geoms"); },
                 "articulations[0].links[0].geoms: required field is missing");
  expect_articulation_failure([](Json& s) { link(s, 0).erase("mass"); },
                 "articulations[0].links[0].mass: required field is missing");
  expect_articulation_failure([](Json& s) { s["articulations"] = Json::object(); },
                 "articulations: must be an array of 0 to 8 articulations");
  expect_articulation_failure(
      [](Json& s) {
        link(s, 0)["geoms"][0] = {{"type", "plane"}};
      },
      "articulations[0].links[0].geoms[0].type: a plane can only belong to a static "
      "body");
}

TEST(ArticulationReaderErrorTest, ParentMustBeAnEarlierLinkOfTheSameArticulation) {
  // The forearm listed first: its parent is not defined yet.
  expect_articulation_failure(
      [](Json& s) { std::swap(link(s, 0), link(s, 1)); },
      "articulations[0].links[0].parent: no link \"upper_arm\" is listed before this one; a "
      "parent must be \"world\" or a link of articulations[0] listed before this one");
  expect_articulation_failure([](Json& s) { link(s, 1)["parent"] = "forearm"; },
                 "articulations[0].links[1].parent: no link \"forearm\" is listed before");
  expect_articulation_failure(
      [](Json& s) {
        s["articulations"].push_back(gripper_articulation());
        s["articulations"][1]["links"][1]["parent"] = "upper_arm";
      },
      "articulations[1].links[1].parent: \"upper_arm\" is articulations[0].links[0], not a link "
      "of this articulation; a parent must be \"world\" or a link of articulations[1]");
  expect_articulation_failure([](Json& s) { link(s, 1)["parent"] = "box"; },
                 "articulations[0].links[1].parent: \"box\" is bodies[1], not a link of this "
                 "articulation");
}

TEST(ArticulationReaderErrorTest, NamesAreUniqueAmongBodiesAndLinks) {
  expect_articulation_failure([](Json& s) { link(s, 1)["name"] = "box"; },
                 "articulations[0].links[1].name: duplicate name \"box\" (also bodies[1]); body "
                 "and link names must be unique in a scene");
  expect_articulation_failure([](Json& s) { link(s, 1)["name"] = "upper_arm"; },
                 "articulations[0].links[1].name: duplicate name \"upper_arm\" (also "
                 "articulations[0].links[0])");
  expect_articulation_failure(
      [](Json& s) {
        Json other = gripper_articulation();
        other["links"][2]["name"] = "forearm";
        other["couplings"][0]["follower"] = "forearm";
        s["articulations"].push_back(other);
      },
      "articulations[1].links[2].name: duplicate name \"forearm\" (also "
      "articulations[0].links[1])");
  expect_articulation_failure(
      [](Json& s) {
        s["articulations"].push_back(arm(s));
        s["articulations"][1]["links"][0]["name"] = "a";
        s["articulations"][1]["links"][1]["name"] = "b";
        s["articulations"][1]["links"][1]["parent"] = "a";
      },
      "articulations[1].name: duplicate articulation name \"arm\" (also articulations[0])");
  expect_articulation_failure([](Json& s) { link(s, 0)["name"] = "world"; },
                 "articulations[0].links[0].name: \"world\" is reserved");
  expect_articulation_failure([](Json& s) { link(s, 0)["name"] = "upper arm"; },
                 "articulations[0].links[0].name: must be a name of 1 to 64 characters from "
                 "A-Z a-z 0-9 _ -");
}

TEST(ArticulationReaderErrorTest, FreeJointOnlyAtTheRoot) {
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 1) = {{"type", "free"}};
      },
      "articulations[0].links[1].joint.type: a free joint must join a root link to the world "
      "(no \"parent\", or \"world\"), this link's parent is \"upper_arm\"");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0) = {{"type", "free"}, {"position", 1}};
      },
      "articulations[0].links[0].joint.position: not allowed on a free joint (allowed: type, "
      "origin, velocity)");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0) = {{"type", "free"}, {"velocity", {1, 2, 3}}};
      },
      "articulations[0].links[0].joint.velocity: must be an array of 6 numbers [vx, vy, vz, "
      "wx, wy, wz], got [1,2,3]");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0) = {{"type", "free"}, {"velocity", {0, 0, 0, 800, 800, 0}}};
      },
      "articulations[0].links[0].joint.velocity: the angular velocity's magnitude must be at "
      "most 1000 rad/s, got 1131.37");
}

TEST(ArticulationReaderErrorTest, FixedJointHasNoCoordinate) {
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 1) = {{"type", "fixed"}, {"axis", {0, 0, 1}}};
      },
      "articulations[0].links[1].joint.axis: not allowed on a fixed joint (it has no "
      "coordinate; allowed: type, origin)");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 1) = {{"type", "fixed"}, {"limits", {0, 1}}};
      },
      "articulations[0].links[1].joint.limits: not allowed on a fixed joint");
}

TEST(ArticulationReaderErrorTest, AxisMustNotBeZero) {
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 1)["axis"] = {0, 0, 0};
      },
      "articulations[0].links[1].joint.axis: must be a direction, of norm at least 0.001 "
      "(normalised on load), got norm 0");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 1)["axis"] = {0, 2, 0};
      },
      "articulations[0].links[1].joint.axis[1]: must be a finite number in [-1, 1], got 2");
}

TEST(ArticulationReaderErrorTest, LimitsAndInitialPosition) {
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["limits"] = {2, -2};
      },
      "articulations[0].links[0].joint.limits: must be [lower, upper] with lower <= upper, got "
      "[2,-2]");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["limits"] = {-2, 200};
      },
      "articulations[0].links[0].joint.limits[1]: must be a finite number in [-100, 100] rad, "
      "got 200");
  expect_articulation_failure([](Json& s) { joint(s, 0)["limits"] = 2; },
                 "articulations[0].links[0].joint.limits: must be an array of 2 numbers [lower, "
                 "upper], got 2");
  expect_articulation_failure([](Json& s) { joint(s, 0)["position"] = 3; },
                 "articulations[0].links[0].joint.position: must be within the joint's limits "
                 "[-2, 2] rad, got 3");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0).erase("position");
        joint(s, 0)["limits"] = {0.5, 1};
      },
      "articulations[0].links[0].joint.position: must be within the joint's limits [0.5, 1] "
      "rad, got 0 (the default)");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["type"] = "prismatic";
        joint(s, 0)["limits"] = {0, 0.1};
      },
      "articulations[0].links[0].joint.position: must be within the joint's limits [0, 0.1] "
      "m, got 0.5");
  expect_articulation_failure([](Json& s) { joint(s, 1)["velocity"] = 2000; },
                 "articulations[0].links[1].joint.velocity: must be a finite number in [-1000, "
                 "1000] rad/s, got 2000");
}

TEST(ArticulationReaderErrorTest, FrictionAndActuatorRanges) {
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["friction"] = {{"coulomb", -1}};
      },
      "articulations[0].links[0].joint.friction.coulomb: must be a finite number in [0, 10000] "
      "N m, got -1");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["actuator"] = {{"stiffness", 10}, {"damping", 1}, {"max_effort", 0}};
      },
      "articulations[0].links[0].joint.actuator.max_effort: must be a finite number in (0, "
      "1000000] N m, got 0");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["actuator"] = {{"damping", 1}};
      },
      "articulations[0].links[0].joint.actuator.stiffness: required field is missing");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["actuator"] = {{"stiffness", 10}, {"damping", -1}};
      },
      "articulations[0].links[0].joint.actuator.damping: must be a finite number in [0, "
      "1000000] N m s/rad, got -1");
  expect_articulation_failure(
      [](Json& s) {
        joint(s, 0)["actuator"] = {{"stiffness", 10}, {"damping", 1}, {"max_velocity", 0}};
      },
      "articulations[0].links[0].joint.actuator.max_velocity: must be a finite number in (0, "
      "1000] rad/s, got 0");
}

TEST(ArticulationReaderErrorTest, CouplingInconsistencies) {
  auto with_gripper = [](const std::function<void(Json&)>& edit) {
    return [edit](Json& s) {
      s["articulations"] = Json::array({gripper_articulation()});
      edit(s["articulations"][0]["couplings"][0]);
    };
  };
  const std::string path = "articulations[0].couplings[0].";
  expect_articulation_failure(with_gripper([](Json& c) { c["leader"] = "upper_arm"; }),
                 path +
                     "leader: no link \"upper_arm\" in articulations[0]; a coupling joins two "
                     "joints of its own articulation");
  expect_articulation_failure(with_gripper([](Json& c) { c["follower"] = "left"; }),
                 path + "follower: must differ from the leader \"left\"");
  expect_articulation_failure(with_gripper([](Json& c) { c["leader"] = "palm"; }),
                 path +
                     "leader: the joint of \"palm\" is fixed; a coupled joint must be revolute "
                     "or prismatic");
  expect_articulation_failure(with_gripper([](Json& c) { c["ratio"] = 0; }),
                 path + "ratio: must be a finite nonzero number in [-10, 10], got 0");
  expect_articulation_failure(with_gripper([](Json& c) { c["ratio"] = 11; }),
                 path + "ratio: must be a finite nonzero number in [-10, 10], got 11");
  expect_articulation_failure(with_gripper([](Json& c) { c.erase("ratio"); }),
                 path + "ratio: required field is missing");
  expect_articulation_failure(
      with_gripper([](Json& c) { c["ratio"] = -0.5; }),
      "articulations[0].couplings[0]: the initial joint.position must satisfy follower = "
      "ratio * leader within 1e-06, got articulations[0].links[2].joint.position = "
      "-0.02 but ratio * articulations[0].links[1].joint.position = -0.01");
  expect_articulation_failure(
      [](Json& s) {
        s["articulations"] = Json::array({gripper_articulation()});
        s["articulations"][0]["links"][1]["joint"]["velocity"] = 0.1;
      },
      "articulations[0].couplings[0]: the initial joint.velocity must satisfy follower = ratio "
      "* leader within 1e-06, got articulations[0].links[2].joint.velocity = 0 but ratio * "
      "articulations[0].links[1].joint.velocity = -0.1");
  expect_articulation_failure(
      [](Json& s) {
        s["articulations"] = Json::array({gripper_articulation()});
        Json& couplings = s["articulations"][0]["couplings"];
        couplings.push_back(couplings[0]);
      },
      "articulations[0].couplings[1].follower: \"right\" already follows in "
      "articulations[0].couplings[0]; a joint follows at most one leader");
}

// A follower cannot lead: neither "right" leading a third joint after it follows, nor
// a leader that follows in a later coupling.
TEST(ArticulationReaderErrorTest, CouplingChainsAreRejected) {
  auto with_third_finger = [](const char* leader, const char* follower) {
    return [leader, follower](Json& s) {
      Json gripper = gripper_articulation();
      Json third = gripper["links"][2];
      third["name"] = "third";
      gripper["links"].push_back(third);
      gripper["couplings"].push_back({{"leader", leader}, {"follower", follower}, {"ratio", 1}});
      s["articulations"] = Json::array({gripper});
    };
  };
  expect_articulation_failure(with_third_finger("right", "third"),
                 "articulations[0].couplings[1].leader: \"right\" follows in "
                 "articulations[0].couplings[0]; a follower cannot also be a leader");
  expect_articulation_failure(with_third_finger("third", "left"),
                 "articulations[0].couplings[1].follower: \"left\" leads in "
                 "articulations[0].couplings[0]; a follower cannot also be a leader");
}

TEST(ArticulationReaderErrorTest, SizeLimits) {
  expect_articulation_failure(
      [](Json& s) {
        Json& links = arm(s)["links"];
        for (int i = 0; i < 63; ++i) {
          Json extra = links[1];
          extra["name"] = "l" + std::to_string(i);
          links.push_back(extra);
        }
      },
      "articulations[0].links: must be an array of 1 to 64 links, got 65");
  expect_articulation_failure([](Json& s) { arm(s)["links"] = Json::array(); },
                 "articulations[0].links: must be an array of 1 to 64 links, got 0");
  expect_articulation_failure(
      [](Json& s) {
        for (int i = 0; i < 8; ++i) {
          Json extra = gripper_articulation();
          extra["name"] = "g" + std::to_string(i);
          for (Json& link : extra["links"])
            link["name"] = link["name"].get<std::string>() + std::to_string(i);
          s["articulations"].push_back(extra);
        }
      },
      "articulations: must be an array of 0 to 8 articulations, got 9");
  // 150 bodies and 64 links exceed the 200 bodies of a scene.
  expect_articulation_failure(
      [](Json& s) {
        for (int i = 0; i < 148; ++i) {
          Json body = s["bodies"][1];
          body["name"] = "b" + std::to_string(i);
          s["bodies"].push_back(body);
        }
        Json& links = arm(s)["links"];
        for (int i = 0; i < 62; ++i) {
          Json extra = links[1];
          extra["name"] = "l" + std::to_string(i);
          links.push_back(extra);
        }
      },
      "articulations[0].links: a scene may hold at most 200 bodies and links in all, this "
      "articulation brings it to 214");
}

// Checks of KinematicTree::validate() come back under the articulation's path: a
// positive definite inertia whose moments break the triangle inequality (3 > 1 + 1).
TEST(ArticulationReaderErrorTest, TreeValidationNamesTheArticulation) {
  expect_articulation_failure(
      [](Json& s) {
        link(s, 1)["inertia"] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 3}};
      },
      "articulations[0]: link 1 \"forearm\": inertia must have principal moments");
}

// Everything before the coupling was valid and already added to the reader's model:
// the caller's model still does not change.
TEST(ArticulationReaderErrorTest, LateFailureLeavesModelUntouched) {
  Model model = load_valid_articulated(arm_scene());
  Json scene = arm_scene();
  scene["name"] = "other";
  scene["articulations"].push_back(gripper_articulation());
  scene["articulations"][1]["couplings"][0]["ratio"] = 2;
  ASSERT_FALSE(load_scene(scene.dump(), model).ok());
  EXPECT_EQ(model.name, "arm_scene");
  EXPECT_EQ(model.bodies.size(), 4u);
  EXPECT_EQ(model.articulations.size(), 1u);
}

// Two sibling fingers that overlap at rest touch each other unless the articulation
// turns self-collision off; the ground is touched either way.
TEST(ArticulationReaderTest, SelfCollisionOffKeepsOverlappingLinksApart) {
  for (const bool self_collision : {true, false}) {
    Json scene = arm_scene();
    Json gripper = gripper_articulation();
    gripper["links"][0]["joint"]["origin"]["position"] = {0, 0, 0.04};
    gripper["links"][2]["joint"]["limits"] = {-0.05, 0.05};
    gripper["links"][2]["joint"]["position"] = 0.02;  // on the left finger
    gripper["couplings"][0]["ratio"] = 1;
    if (!self_collision) gripper["self_collision"] = false;
    scene["articulations"].push_back(gripper);
    const Model model = load_valid_articulated(scene);
    EXPECT_EQ(model.articulations[1].self_collision, self_collision);
    Data data = make_data(model);
    step(model, model.options, data);
    int between_fingers = 0, with_ground = 0;
    for (const ContactRecord& contact : data.contacts) {
      const std::string a = model.bodies[contact.body_a].name, b = model.bodies[contact.body_b].name;
      between_fingers += (a == "left" && b == "right") || (a == "right" && b == "left") ? 1 : 0;
      with_ground += a == "ground" || b == "ground" ? 1 : 0;
    }
    EXPECT_EQ(between_fingers > 0, self_collision);
    EXPECT_GT(with_ground, 0);
  }
  expect_articulation_failure([](Json& scene) { arm(scene)["self_collision"] = 1; },
                              "articulations[0].self_collision: must be true or false");
}

// A coupling's offset: q_follower = ratio q_leader + offset at the start and while the
// leader's motor moves it (seed 002 eqs. 7-8 with the offset in eq. 16's drift).
TEST(ArticulationReaderTest, CouplingOffsetHoldsWhileTheLeaderMoves) {
  Json scene = arm_scene();
  Json gripper = gripper_articulation();
  gripper["links"][2]["joint"]["position"] = -0.01;  // -1 * 0.02 + 0.01
  gripper["couplings"][0]["offset"] = 0.01;
  scene["articulations"].push_back(gripper);
  const Model model = load_valid_articulated(scene);
  const Articulation& articulation = model.articulations[1];
  ASSERT_EQ(articulation.couplings.size(), 1u);
  EXPECT_EQ(articulation.couplings[0].offset, 0.01);
  Data data = make_data(model);
  data.articulations[1].target_position[1] = 0.04;  // the left finger's set point
  double worst = 0;
  run_for(model, model.options, data, 0.5, [&](const Data& now) {
    const Eigen::VectorXd& q = now.articulations[1].positions;
    worst = std::max(worst, std::abs(q[1] - (-q[0] + 0.01)));
  });
  EXPECT_GT(data.articulations[1].positions[0], 0.03);  // the leader moved
  EXPECT_LT(worst, 1e-6);
  Json wrong = arm_scene();
  gripper["links"][2]["joint"]["position"] = -0.02;
  wrong["articulations"].push_back(gripper);
  Model untouched;
  const Status status = load_scene(wrong.dump(), untouched);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("must satisfy follower = ratio * leader + offset"), std::string::npos)
      << status.message();
}

}  // namespace
}  // namespace contactlab
