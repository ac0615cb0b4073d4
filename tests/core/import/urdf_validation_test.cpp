// The URDF importer on the real robots of ../shared/validation/urdf (read in place):
// the counts, limits and mimic joints of expected.json, every mesh file's triangle
// count, the forward kinematics of every link at q = 0 and at the mid-range pose
// within 1e-6 m, and the imported robots holding their start pose under gravity.
#include <cmath>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "dynamics/articulation/tree_kinematics.h"
#include "import/mesh_file.h"
#include "import/urdf_parser.h"
#include "import/urdf_scene.h"
#include "scene_fixture.h"
#include "urdf_validation.h"

namespace contactlab {
namespace {

nlohmann::json urdf_expected_robots() {
  std::ifstream file(kUrdfValidationDir + "/expected.json");
  return nlohmann::json::parse(file)["robots"];
}

struct ImportedValidationRobot {
  UrdfRobot robot;
  UrdfImport import;
  Model model;
};

ImportedValidationRobot import_validation_robot(const std::string& urdf) {
  ImportedValidationRobot loaded;
  ImportReport report;
  const std::string path = kUrdfValidationDir + "/" + urdf;
  Status status = read_urdf_file(path, loaded.robot, report);
  EXPECT_TRUE(status.ok()) << status.message();
  status = import_urdf_file(path, UrdfImportOptions{}, loaded.import, report);
  EXPECT_TRUE(status.ok()) << status.message();
  nlohmann::json scene;
  status = robot_scene(loaded.import, nlohmann::json(), "validation", scene);
  EXPECT_TRUE(status.ok()) << status.message();
  status = load_scene(scene.dump(), loaded.model);
  EXPECT_TRUE(status.ok()) << status.message();
  return loaded;
}

const char* urdf_type_key(UrdfJointType type) { return urdf_joint_type_name(type); }

TEST(ImportUrdfValidation, CountsLimitsAndMimicJointsMatchExpected) {
  SKIP_WITHOUT_URDF_VALIDATION_SET();
  const nlohmann::json robots = urdf_expected_robots();
  for (const auto& [name, expected] : robots.items()) {
    SCOPED_TRACE(name);
    const ImportedValidationRobot loaded = import_validation_robot(expected["urdf"]);
    EXPECT_EQ(loaded.robot.links.size(), expected["links"].get<size_t>());
    std::map<std::string, int> by_type;
    for (const UrdfJoint& joint : loaded.robot.joints) ++by_type[urdf_type_key(joint.type)];
    for (const char* type : {"revolute", "prismatic", "fixed", "continuous", "floating", "planar"}) {
      EXPECT_EQ(by_type[type], expected["joints"][type].get<int>()) << type;
    }
    int mimic = 0, actuated = 0;
    for (const UrdfJoint& joint : loaded.robot.joints) {
      const bool movable = joint.type != UrdfJointType::Fixed;
      mimic += joint.mimic.present ? 1 : 0;
      actuated += movable && !joint.mimic.present ? 1 : 0;
      if (movable && !joint.mimic.present) {
        const nlohmann::json& limit = expected["actuated_joint_limits"][joint.name];
        EXPECT_EQ(joint.limit.lower, limit["lower"].get<double>()) << joint.name;
        EXPECT_EQ(joint.limit.upper, limit["upper"].get<double>()) << joint.name;
        EXPECT_EQ(joint.limit.effort, limit["effort"].get<double>()) << joint.name;
        EXPECT_EQ(joint.limit.velocity, limit["velocity"].get<double>()) << joint.name;
      }
    }
    EXPECT_EQ(mimic, expected["mimic_joints"].get<int>());
    EXPECT_EQ(actuated, expected["actuated_joints"].get<int>());
    // Each mimic joint is a coupling of the scene: its link follows the leader's link.
    const Articulation& articulation = loaded.model.articulations.at(0);
    for (const nlohmann::json& entry : expected["mimic"]) {
      std::string follower, leader;
      for (const auto& [joint, link] : loaded.import.joint_links) {
        if (joint == entry["joint"]) follower = link;
        if (joint == entry["follows"]) leader = link;
      }
      bool found = false;
      for (const JointCoupling& coupling : articulation.couplings) {
        if (articulation.tree.link(coupling.follower).name == follower &&
            articulation.tree.link(coupling.leader).name == leader) {
          found = true;
          EXPECT_EQ(coupling.ratio, entry["multiplier"].get<double>());
        }
      }
      EXPECT_TRUE(found) << entry["joint"];
    }
  }
}

TEST(ImportUrdfValidation, MeshFilesHaveTheirTriangleCounts) {
  SKIP_WITHOUT_URDF_VALIDATION_SET();
  const nlohmann::json robots = urdf_expected_robots();
  for (const auto& [name, expected] : robots.items()) {
    for (const auto& [file, facts] : expected["files"].items()) {
      SCOPED_TRACE(file);
      Mesh mesh;
      const Status status = read_mesh_file(kUrdfValidationDir + "/" + file, mesh);
      ASSERT_TRUE(status.ok()) << status.message();
      EXPECT_EQ(mesh.triangle_count(), facts["triangles"].get<size_t>());
      if (facts["format"] == "dae") {
        EXPECT_EQ(mesh.parts.size(), facts["geometries"].get<size_t>());
        EXPECT_EQ(mesh.up_axis, facts["up_axis"].get<std::string>());
      }
    }
  }
}

// The origin of every URDF link's frame in the root link's frame, from the loaded
// scene's tree at the joint positions `q_of` gives (by URDF joint name).
std::map<std::string, Vec3> urdf_link_origins(const ImportedValidationRobot& loaded, const std::map<std::string, double>& actuated) {
  const Articulation& articulation = loaded.model.articulations.at(0);
  const KinematicTree& tree = articulation.tree;
  Eigen::VectorXd q = tree.neutral_positions();
  std::map<std::string, int> link_of_name;
  for (int l = 0; l < tree.link_count(); ++l) link_of_name[tree.link(l).name] = l;
  for (const auto& [joint, link] : loaded.import.joint_links) {
    const auto found = actuated.find(joint);
    if (found != actuated.end()) q[tree.position_offset(link_of_name.at(link))] = found->second;
  }
  for (const JointCoupling& coupling : articulation.couplings) {
    q[tree.position_offset(coupling.follower)] = coupling.ratio * q[tree.position_offset(coupling.leader)];
  }
  TreeKinematics kinematics;
  forward_kinematics(tree, q, kinematics);
  const Pose root = kinematics.link_pose[0];
  std::map<std::string, Vec3> origins;
  for (const ImportedFrame& frame : loaded.import.frames) {
    const Pose world = kinematics.link_pose[link_of_name.at(frame.scene_link)].compose(frame.in_scene_link);
    origins[frame.urdf_link] = root.to_local(world.position);
  }
  return origins;
}

TEST(ImportUrdfValidation, ForwardKinematicsMatchesAtZeroAndMidRange) {
  SKIP_WITHOUT_URDF_VALIDATION_SET();
  const nlohmann::json robots = urdf_expected_robots();
  for (const auto& [name, expected] : robots.items()) {
    SCOPED_TRACE(name);
    const ImportedValidationRobot loaded = import_validation_robot(expected["urdf"]);
    std::map<std::string, double> zero, mid;
    for (const auto& [joint, value] : expected["q_mid"].items()) {
      zero[joint] = 0;
      mid[joint] = value.get<double>();
    }
    for (const auto& [pose, q] : {std::make_pair("fk_link_positions_q0", zero), std::make_pair("fk_link_positions_qmid", mid)}) {
      const std::map<std::string, Vec3> origins = urdf_link_origins(loaded, q);
      EXPECT_EQ(origins.size(), expected[pose].size());
      for (const auto& [link, position] : expected[pose].items()) {
        const Vec3 want(position[0].get<double>(), position[1].get<double>(), position[2].get<double>());
        ASSERT_EQ(origins.count(link), 1u) << link;
        // expected.json rounds to 1e-6 m: the difference is within 1e-6 plus that rounding.
        EXPECT_LT((origins.at(link) - want).cwiseAbs().maxCoeff(), 1.5e-6) << pose << " " << link;
      }
    }
  }
}

// Each robot, fixed 0.5 m above the ground at its start pose, holds it with its PD
// motors for 5 s: finite states, every actuated joint within its limits (1 mrad/mm of
// slack for the limit rows' correction), and not sagging more than 0.02 from the start.
void expect_imported_robot_holds(const std::string& urdf, double seconds) {
  SKIP_WITHOUT_URDF_VALIDATION_SET();
  UrdfImport import;
  ImportReport report;
  UrdfImportOptions options;
  options.base.position = Vec3(0, 0, 0.5);
  ASSERT_TRUE(import_urdf_file(kUrdfValidationDir + "/" + urdf, options, import, report).ok());
  nlohmann::json scene;
  ASSERT_TRUE(robot_scene(import, nlohmann::json(), "hold", scene).ok());
  Model model;
  ASSERT_TRUE(load_scene(scene.dump(), model).ok());
  Data data = make_data(model);
  const Articulation& articulation = model.articulations[0];
  const Eigen::VectorXd start = articulation.initial_positions;
  double worst = 0;
  run_for(model, model.options, data, seconds, [&](const Data& now) {
    const Eigen::VectorXd& q = now.articulations[0].positions;
    ASSERT_TRUE(q.allFinite()) << "t = " << now.time;
    for (int l = 0; l < articulation.tree.link_count(); ++l) {
      const Joint& joint = articulation.tree.link(l).joint;
      if (joint.type != JointType::Revolute && joint.type != JointType::Prismatic) continue;
      const double value = q[articulation.tree.position_offset(l)];
      ASSERT_GE(value, joint.lower - 1e-3) << articulation.tree.link(l).name << " t = " << now.time;
      ASSERT_LE(value, joint.upper + 1e-3) << articulation.tree.link(l).name << " t = " << now.time;
      worst = std::max(worst, std::fabs(value - start[articulation.tree.position_offset(l)]));
    }
  });
  EXPECT_LT(worst, 0.02);
}

TEST(ImportUrdfValidation, FrankaHandHoldsItsStartPose) { expect_imported_robot_holds("franka_hand/hand.urdf", 5); }
TEST(ImportUrdfValidation, BarrettHandHoldsItsStartPose) { expect_imported_robot_holds("barrett_hand/bhand_model.urdf", 5); }
TEST(ImportUrdfValidation, Robotiq2f85HoldsItsStartPose) {
  expect_imported_robot_holds("robotiq_2f85/robotiq_arg2f_85_model.urdf", 5);
}
TEST(ImportUrdfValidation, FrankaPandaHoldsItsStartPose) { expect_imported_robot_holds("franka_panda/panda.urdf", 5); }

}  // namespace
}  // namespace contactlab
