// contactlab import: a small gripper written here with a mesh in a package folder,
// imported, run, merged with another scene; and bad arguments, each named.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/stat.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_result.h"
#include "scene/scene_loader.h"
#include "temp_path.h"

namespace contactlab {
namespace {

// A palm with two prismatic fingers that close toward each other as q grows (upper
// limit), the right one a mimic of the left; the palm's collision is an ASCII STL
// cube in package "gripper_parts".
std::string write_gripper(const std::string& folder) {
  ::mkdir(folder.c_str(), 0755);
  ::mkdir((folder + "/parts").c_str(), 0755);
  ::mkdir((folder + "/parts/gripper_parts").c_str(), 0755);
  std::ofstream stl(folder + "/parts/gripper_parts/palm.STL");
  stl << "solid palm\n";
  const double c[8][3] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}};
  const int faces[12][3] = {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                            {1, 2, 6}, {1, 6, 5}, {2, 3, 7}, {2, 7, 6}, {3, 0, 4}, {3, 4, 7}};
  for (const auto& f : faces) {
    stl << "facet normal 0 0 0\nouter loop\n";
    for (int k : f) stl << "vertex " << c[k][0] << " " << c[k][1] << " " << c[k][2] << "\n";
    stl << "endloop\nendfacet\n";
  }
  stl << "endsolid palm\n";
  const std::string urdf = folder + "/gripper.urdf";
  std::ofstream(urdf) << R"(<robot name="test gripper">
  <link name="palm"><inertial><mass value="0.5"/><inertia ixx="1e-3" iyy="1e-3" izz="1e-3"/></inertial>
    <collision><geometry><mesh filename="package://gripper_parts/palm.STL" scale="0.05 0.05 0.02"/></geometry></collision></link>
  <link name="left"><collision><origin xyz="0 0 -0.05"/><geometry><box size="0.01 0.02 0.06"/></geometry></collision></link>
  <link name="right"><collision><origin xyz="0 0 -0.05"/><geometry><box size="0.01 0.02 0.06"/></geometry></collision></link>
  <joint name="left_joint" type="prismatic"><parent link="palm"/><child link="left"/><origin xyz="-0.04 0 0"/>
    <axis xyz="1 0 0"/><limit lower="0" upper="0.035" effort="20" velocity="0.1"/></joint>
  <joint name="right_joint" type="prismatic"><parent link="palm"/><child link="right"/><origin xyz="0.04 0 0"/>
    <axis xyz="-1 0 0"/><limit lower="0" upper="0.035" effort="20" velocity="0.1"/><mimic joint="left_joint"/></joint>
  <transmission name="t"/>
</robot>)";
  return urdf;
}

TEST(ImportCommand, WritesARunnableSceneWithFingersAndTheReport) {
  const std::string folder = temp_path("import_gripper");
  const std::string urdf = write_gripper(folder);
  const std::string output = folder + "/gripper_scene.json";
  const CommandResult result = run_subcommand(
      run_import_command, {urdf, "--package-root", folder + "/parts", "--fingers", "left_joint", "--base", "0,0,0.3", "-o", output});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.err.find("ignored: <transmission>"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("link \"left\": no <inertial>"), std::string::npos) << result.err;
  std::ifstream file(output);
  const nlohmann::json scene = nlohmann::json::parse(file);
  EXPECT_EQ(scene["name"], "gripper_scene");
  const nlohmann::json& robot = scene["articulations"][0];
  EXPECT_EQ(robot["name"], "test_gripper");
  EXPECT_EQ(robot["links"][0]["joint"]["origin"]["position"][2], 0.3);
  // The palm's hull: the scaled cube, corners at (+-0.05, +-0.05, +-0.02).
  EXPECT_EQ(robot["links"][0]["geoms"][0]["vertices"].size(), 8u);
  EXPECT_EQ(robot["links"][1]["joint"]["actuator"]["close_direction"], 1);  // the fingers meet at the upper limit
  EXPECT_EQ(robot["links"][1]["joint"]["actuator"]["max_effort"], 20.0);
  EXPECT_EQ(robot["couplings"][0]["follower"], "right");
  const CommandResult run = run_scene_command({output, "--duration", "0.2"});
  EXPECT_EQ(run.code, 0) << run.err;
}

TEST(ImportCommand, MergesWithAnotherScenesBodies) {
  const std::string folder = temp_path("import_merge");
  const std::string urdf = write_gripper(folder);
  const std::string object = folder + "/object.json";
  std::ofstream(object) << R"({"name": "object", "bodies": [
    {"name": "floor", "static": true, "geoms": [{"type": "plane"}]},
    {"name": "cube", "mass": 0.1, "position": [0, 0, 0.02005], "geoms": [{"type": "box", "half_extents": [0.02, 0.02, 0.02]}]}]})";
  const std::string output = folder + "/merged.json";
  const CommandResult result = run_subcommand(
      run_import_command, {urdf, "--package-root", folder + "/parts", "--object", object, "--base", "0,0,0.2", "-o", output});
  ASSERT_EQ(result.code, 0) << result.err;
  Model model;
  ASSERT_TRUE(load_scene_file(output, model).ok());
  EXPECT_EQ(model.bodies[0].name, "floor");
  EXPECT_EQ(model.bodies[1].name, "cube");
  EXPECT_EQ(model.articulations.size(), 1u);
}

// --lift puts the palm on a vertical slide that the --object scene's timeline drives:
// the palm (base turned upside down, so the slide's axis is -z in its joint frame)
// rises by the commanded 3 cm, within the 1 mm its gain rule lets it sag.
TEST(ImportCommand, LiftPutsTheRootOnASlideTheObjectsTimelineDrives) {
  const std::string folder = temp_path("import_lift");
  const std::string urdf = write_gripper(folder);
  const std::string object = folder + "/lifted.json";
  std::ofstream(object) << R"({"name": "lifted", "duration": 1.5,
    "bodies": [{"name": "floor", "static": true, "geoms": [{"type": "plane"}]}],
    "timeline": [{"time": 0, "command": "move_joints", "articulation": "test_gripper", "targets": {"palm": 0.03}}]})";
  const std::string output = folder + "/lifted_out.json";
  const CommandResult result = run_subcommand(
      run_import_command, {urdf, "--package-root", folder + "/parts", "--base", "0,0,0.3,3.141592653589793,0,0",
                           "--lift", "-0.1,0.05", "--object", object, "-o", output});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.err.find("joint \"lift\" (added by --lift): effort limit 0"), std::string::npos) << result.err;
  std::ifstream file(output);
  const nlohmann::json scene = nlohmann::json::parse(file);
  const nlohmann::json& palm = scene["articulations"][0]["links"][0];
  EXPECT_EQ(palm["joint"]["type"], "prismatic");
  EXPECT_NEAR(palm["joint"]["axis"][2].get<double>(), -1, 1e-12);
  EXPECT_EQ(palm["joint"]["limits"], nlohmann::json::array({-0.1, 0.05}));
  EXPECT_EQ(palm["joint"]["actuator"]["max_velocity"], 0.1);
  EXPECT_EQ(scene["timeline"].size(), 1u);
  const std::string csv = folder + "/lifted.csv";
  const CommandResult run = run_scene_command({output, "--csv", csv});
  ASSERT_EQ(run.code, 0) << run.err;
  std::ifstream rows(csv);
  std::string header, line, last;
  std::getline(rows, header);
  while (std::getline(rows, line)) last = line;
  std::vector<std::string> names, values;
  std::stringstream header_stream(header), last_stream(last);
  for (std::string cell; std::getline(header_stream, cell, ',');) names.push_back(cell);
  for (std::string cell; std::getline(last_stream, cell, ',');) values.push_back(cell);
  ASSERT_EQ(names.size(), values.size());
  double palm_q = 0;
  for (size_t c = 0; c < names.size(); ++c) {
    if (names[c] == "palm.q") palm_q = std::stod(values[c]);
  }
  EXPECT_NEAR(palm_q, 0.03, 1e-3);
}

// A joint whose name holds ':' (as xacro prefixes write them) is named whole, or with
// its side after the last ':': the gripper's finger joint renamed "hand:left_joint".
TEST(ImportCommand, AJointNameWithAColonTakesItsSideAfterTheLastColon) {
  const std::string folder = temp_path("import_colon");
  const std::string urdf = write_gripper(folder);
  std::stringstream text;
  text << std::ifstream(urdf).rdbuf();
  std::string renamed = text.str();
  for (std::size_t at = renamed.find("\"left_joint\""); at != std::string::npos; at = renamed.find("\"left_joint\"", at + 2)) {
    renamed.replace(at, 12, "\"hand:left_joint\"");
  }
  std::ofstream(urdf) << renamed;
  for (const auto& [item, direction] : {std::pair<std::string, int>{"hand:left_joint:lower", -1},
                                        std::pair<std::string, int>{"hand:left_joint", 1}}) {
    const std::string output = folder + "/colon_scene.json";
    const CommandResult result = run_subcommand(
        run_import_command, {urdf, "--package-root", folder + "/parts", "--fingers", item, "-o", output});
    ASSERT_EQ(result.code, 0) << item << ": " << result.err;
    const nlohmann::json scene = nlohmann::json::parse(std::ifstream(output));
    const nlohmann::json& left = scene["articulations"][0]["links"][1];
    EXPECT_EQ(left["name"], "left") << item;
    // Named, the side given; unnamed, the one the geometry gives (the fingers meet at
    // the upper limit).
    EXPECT_EQ(left["joint"]["actuator"]["close_direction"], direction) << item;
  }
}

TEST(ImportCommand, BadArgumentsNameTheArgument) {
  const std::string folder = temp_path("import_bad");
  const std::string urdf = write_gripper(folder);
  const std::string out = folder + "/x.json";
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{urdf}, "-o: the output scene file is required"},
      {{"-o", out}, "ROBOT.urdf: a URDF file is required"},
      {{urdf, "-o", out, "--base", "1,2"}, "--base: expected x,y,z or x,y,z,roll,pitch,yaw"},
      {{urdf, "-o", out, "--base", "1,2,x"}, "--base"},
      {{urdf, "-o", out, "--fingers", ":lower"}, "--fingers: \":lower\": expected JOINT, JOINT:lower or JOINT:upper"},
      {{urdf, "-o", out, "--package-root", folder + "/parts", "--fingers", "left_joint:sideways"},
       "--fingers: \"left_joint:sideways\" is not a revolute, continuous or prismatic joint of the robot; a closing "
       "side follows the joint's name after a ':' as lower or upper"},
      {{urdf, "-o", out, "--package-root", folder + "/parts", "--fingers", "right_joint"}, "--fingers: joint \"right_joint\" follows \"left_joint\""},
      {{urdf, "-o", out, "--package-root", folder + "/parts", "--fingers", "thumb"}, "--fingers: \"thumb\" is not"},
      {{urdf, "-o", out}, "collision mesh \"package://gripper_parts/palm.STL\" not found"},
      {{urdf, "-o", out, "--verbose"}, "--verbose: unknown option"},
      {{urdf, "-o", out, "--object", folder + "/none.json"}, "--object"},
      {{urdf, "-o"}, "-o: expects a value"},
      {{urdf, "-o", out, "--lift", "0.1"}, "--lift: expected LOWER,UPPER"},
      {{urdf, "-o", out, "--package-root", folder + "/parts", "--lift", "0.01,0.1"}, "--lift: limits must be finite"},
  };
  for (const auto& [args, words] : cases) {
    const CommandResult result = run_subcommand(run_import_command, args);
    EXPECT_EQ(result.code, 2) << words;
    EXPECT_NE(result.err.find(words), std::string::npos) << result.err;
    struct stat info;
    EXPECT_NE(::stat(out.c_str(), &info), 0) << "nothing written for " << words;
  }
}

}  // namespace
}  // namespace contactlab
