// The importer on URDF features of real robot files beyond the validation set: link
// names the scene's characters do not allow, mass 0, point masses and inertias a little
// off a rigid body's. Each is imported with a warning naming the link.
#include <cmath>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "import/urdf_parser.h"
#include "import/urdf_scene.h"

namespace contactlab {
namespace {

struct Imported {
  Status status = Status::success();
  UrdfImport import;
  ImportReport report;
};

Imported import_text(const std::string& text, const UrdfImportOptions& options = UrdfImportOptions{}) {
  Imported out;
  UrdfRobot robot;
  out.status = parse_urdf(text, robot, out.report);
  if (out.status.ok()) out.status = import_urdf(robot, ".", options, out.import, out.report);
  return out;
}

bool warned(const ImportReport& report, const std::string& words) {
  for (const std::string& warning : report.warnings) {
    if (warning.find(words) != std::string::npos) return true;
  }
  return false;
}

// A 0.1 m cube base and a link on a revolute joint with `inertial` and a 0.2 x 0.1 x 0.1 box.
std::string arm_with(const std::string& base_inertial, const std::string& inertial) {
  return R"(<robot name="r">
  <link name="base">)" + base_inertial + R"(<collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
  <link name="arm">)" + inertial + R"(<collision><geometry><box size="0.2 0.1 0.1"/></geometry></collision></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0 0 0.2"/>
    <axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="10" velocity="1"/></joint></robot>)";
}

const std::string kBaseInertial =
    R"(<inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>)";

Mat3 inertia_of(const nlohmann::json& link) {
  Mat3 inertia;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) inertia(r, c) = link["inertia"][r][c].get<double>();
  }
  return inertia;
}

// The Allegro hand's links and joints are "link_0.0", "joint_0.0".
TEST(ImportUrdfScene, LinkNamesOutsideTheScenesCharactersAreRenamed) {
  const std::string text = R"(<robot name="hand">
  <link name="palm.base"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
  <link name="link_0.0"><collision><origin xyz="0 0 0.025"/><geometry><box size="0.02 0.02 0.05"/></geometry></collision></link>
  <link name="link_0_0"><collision><origin xyz="0 0 0.025"/><geometry><box size="0.02 0.02 0.05"/></geometry></collision></link>
  <link name="world"><collision><geometry><box size="0.02 0.02 0.05"/></geometry></collision></link>
  <joint name="joint_0.0" type="revolute"><parent link="palm.base"/><child link="link_0.0"/><origin xyz="0.03 0 0.1"/>
    <axis xyz="0 1 0"/><limit lower="0" upper="1" effort="1" velocity="1"/></joint>
  <joint name="joint_1.0" type="revolute"><parent link="palm.base"/><child link="link_0_0"/><origin xyz="-0.03 0 0.1"/>
    <axis xyz="0 -1 0"/><limit lower="0" upper="1" effort="1" velocity="1"/></joint>
  <joint name="tip" type="revolute"><parent link="link_0_0"/><child link="world"/><origin xyz="0 0 0.05"/>
    <axis xyz="0 1 0"/><limit lower="0" upper="1" effort="1" velocity="1"/></joint></robot>)";
  UrdfImportOptions options;
  options.fingers = {{"joint_0.0", 0}, {"joint_1.0", 0}};
  const Imported imported = import_text(text, options);
  ASSERT_TRUE(imported.status.ok()) << imported.status.message();
  const nlohmann::json& links = imported.import.articulation["links"];
  ASSERT_EQ(links.size(), 4u);
  EXPECT_EQ(links[0]["name"], "palm_base");
  EXPECT_EQ(links[1]["name"], "link_0_0");
  EXPECT_EQ(links[1]["parent"], "palm_base");
  EXPECT_EQ(links[2]["name"], "link_0_0_2");  // the URDF's own "link_0_0", after "link_0.0" took the name
  EXPECT_EQ(links[3]["name"], "world_link");
  EXPECT_EQ(links[3]["parent"], "link_0_0_2");
  EXPECT_TRUE(links[1]["joint"]["actuator"].contains("close_direction"));
  EXPECT_EQ(imported.import.frames[1].urdf_link, "link_0.0");
  EXPECT_EQ(imported.import.frames[1].scene_link, "link_0_0");
  EXPECT_EQ(imported.import.joint_links[0], std::make_pair(std::string("joint_0.0"), std::string("link_0_0")));
  EXPECT_TRUE(warned(imported.report, "\"link_0.0\" -> \"link_0_0\""));
  EXPECT_TRUE(warned(imported.report, "\"world\" -> \"world_link\""));
  nlohmann::json scene;
  const Status loaded = robot_scene(imported.import, nlohmann::json(), "hand", scene);
  EXPECT_TRUE(loaded.ok()) << loaded.message();
}

// PyBullet's files write mass 0 for a static base (KUKA iiwa's lbr_iiwa_link_0).
TEST(ImportUrdfScene, MassZeroTakesTheCollisionGeometrysMassWhenTheLinkHasNoOther) {
  const std::string zero = R"(<inertial><mass value="0"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>)";
  const Imported imported = import_text(arm_with(zero, zero));
  ASSERT_TRUE(imported.status.ok()) << imported.status.message();
  const nlohmann::json& links = imported.import.articulation["links"];
  EXPECT_NEAR(links[0]["mass"].get<double>(), 1.0, 1e-12);  // 0.1^3 m^3 at 1000 kg/m^3
  EXPECT_NEAR(links[1]["mass"].get<double>(), 2.0, 1e-12);
  EXPECT_NEAR(inertia_of(links[1])(1, 1), 2.0 * (0.2 * 0.2 + 0.1 * 0.1) / 12, 1e-12);
  EXPECT_TRUE(warned(imported.report, "link \"base\": mass 0 on a link that carries nothing else; mass 1 kg"));
  // Merged into a link with mass, a mass-0 link still adds none.
  std::string merged = arm_with(kBaseInertial, zero);
  const std::string revolute = R"(type="revolute")";
  merged.replace(merged.find(revolute), revolute.size(), R"(type="fixed")");
  const Imported fixed = import_text(merged);
  ASSERT_TRUE(fixed.status.ok()) << fixed.status.message();
  EXPECT_EQ(fixed.import.articulation["links"][0]["mass"], 1.0);
  EXPECT_TRUE(warned(fixed.report, "link \"arm\": mass 0 with collision geometry; its geometry is kept"));
}

TEST(ImportUrdfScene, APointMassTakesTheShapeOfItsCollisionGeometry) {
  for (const std::string& inertial :
       {std::string(R"(<inertial><mass value="3"/></inertial>)"),
        std::string(R"(<inertial><mass value="3"/><inertia ixx="0" iyy="0" izz="0" ixy="0" ixz="0" iyz="0"/></inertial>)")}) {
    const Imported imported = import_text(arm_with(kBaseInertial, inertial));
    ASSERT_TRUE(imported.status.ok()) << imported.status.message();
    const nlohmann::json& arm = imported.import.articulation["links"][1];
    EXPECT_EQ(arm["mass"], 3.0);
    const Mat3 inertia = inertia_of(arm);
    EXPECT_NEAR(inertia(0, 0), 3.0 * (0.1 * 0.1 + 0.1 * 0.1) / 12, 1e-12);
    EXPECT_NEAR(inertia(2, 2), 3.0 * (0.2 * 0.2 + 0.1 * 0.1) / 12, 1e-12);
    EXPECT_TRUE(warned(imported.report, "link \"arm\" <inertial> (line 3): principal moments 0, 0, 0 kg m^2"));
  }
  // Merged into a link with geometry, a point mass without geometry of its own stays one.
  const std::string text = R"(<robot name="r">
  <link name="base"><collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
  <link name="dot"><inertial><mass value="1"/></inertial></link>
  <joint name="weld" type="fixed"><parent link="base"/><child link="dot"/><origin xyz="0 0 0.5"/></joint></robot>)";
  EXPECT_TRUE(import_text(text).status.ok());  // merged: the base's box and the point mass make a body
}

// CAD exports round a flat part's I_zz = I_xx + I_yy past the sum.
TEST(ImportUrdfScene, ASlightTriangleBreakIsRaisedAndANegativeMomentRefused) {
  const Imported slight = import_text(arm_with(
      kBaseInertial, R"(<inertial><mass value="1"/><inertia ixx="1e-4" iyy="1e-4" izz="2.1e-4" ixy="0" ixz="0" iyz="0"/></inertial>)"));
  ASSERT_TRUE(slight.status.ok()) << slight.status.message();
  const Mat3 inertia = inertia_of(slight.import.articulation["links"][1]);
  EXPECT_NEAR(inertia(0, 0), 1.05e-4, 1e-15);
  EXPECT_NEAR(inertia(1, 1), 1.05e-4, 1e-15);
  EXPECT_NEAR(inertia(2, 2), 2.1e-4, 1e-15);
  EXPECT_TRUE(warned(slight.report, "break the triangle inequality; raised to 0.000105, 0.000105, 0.00021 kg m^2"));
  for (const auto& [inertial, words] :
       {std::make_pair(R"(<inertial><mass value="1"/><inertia ixx="-1e-4" iyy="1e-4" izz="1e-4"/></inertial>)",
                       "link \"arm\" <inertial> (line 3): principal moments -0.0001, 0.0001, 0.0001 kg m^2 include a negative one"),
        std::make_pair(R"(<inertial><mass value="1"/><inertia ixx="1e-4" iyy="1e-4" izz="3e-4"/></inertial>)",
                       "break the triangle inequality (each must be at most the sum of the other two) by more than 10 %")}) {
    const Imported refused = import_text(arm_with(kBaseInertial, inertial));
    ASSERT_FALSE(refused.status.ok());
    EXPECT_NE(refused.status.message().find(words), std::string::npos) << refused.status.message();
  }
}

// ROS spells "no limit" +-1e16 (the Neobotix bases' wheels are revolute joints so written).
TEST(ImportUrdfScene, LimitsPastTheScenesRangeMeanNone) {
  std::string text = R"(<robot name="base">
  <link name="body"><inertial><mass value="10"/><inertia ixx="1" iyy="1" izz="1"/></inertial>
    <collision><geometry><box size="0.4 0.3 0.1"/></geometry></collision></link>)";
  for (const auto& [name, type, limit] :
       {std::make_tuple("wheel", "revolute", R"(lower="-1e+16" upper="1e+16" effort="1e10" velocity="1e9")"),
        std::make_tuple("stop", "revolute", R"(lower="0" upper="1e16" effort="5" velocity="1")"),
        std::make_tuple("slide", "prismatic", R"(lower="-1e16" upper="1e16" effort="5" velocity="1")")}) {
    text += std::string(R"(<link name=")") + name + R"("><collision><geometry><sphere radius="0.05"/></geometry></collision></link>
      <joint name=")" + name + R"(_joint" type=")" + type + R"("><parent link="body"/><child link=")" + name + R"("/>
      <origin xyz="0 0 0.2"/><axis xyz="0 1 0"/><limit )" + limit + "/></joint>";
  }
  text += "</robot>";
  const Imported imported = import_text(text);
  ASSERT_TRUE(imported.status.ok()) << imported.status.message();
  const nlohmann::json& links = imported.import.articulation["links"];
  EXPECT_EQ(links[1]["joint"]["type"], "revolute");
  EXPECT_FALSE(links[1]["joint"].contains("limits"));
  EXPECT_FALSE(links[1]["joint"]["actuator"].contains("max_effort"));
  EXPECT_EQ(links[1]["joint"]["actuator"]["max_velocity"], 1000.0);
  EXPECT_EQ(links[2]["joint"]["limits"], nlohmann::json::array({0.0, 100.0}));
  EXPECT_EQ(links[3]["joint"]["limits"], nlohmann::json::array({-100.0, 100.0}));
  EXPECT_TRUE(warned(imported.report, "joint \"wheel_joint\" (line 4) <limit>: lower and upper past +-100 rad; imported as "
                                      "a continuous joint"));
  EXPECT_TRUE(warned(imported.report, "joint \"wheel_joint\" (line 4) <limit>: effort past 1e6 is taken as none"));
  EXPECT_TRUE(warned(imported.report, "joint \"stop_joint\" (line 6) <limit>: a bound past +-100"));
  nlohmann::json scene;
  const Status loaded = robot_scene(imported.import, nlohmann::json(), "base", scene);
  EXPECT_TRUE(loaded.ok()) << loaded.message();
}

// PyBullet's minitaur writes its knees <limit effort velocity/> without bounds, and its
// tutorials leave <limit> out: PyBullet reads no limit, as the import does.
TEST(ImportUrdfScene, AJointWithoutBoundsHasNoLimits) {
  std::string text = R"(<robot name="legs">
  <link name="body"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01"/></inertial>
    <collision><geometry><box size="0.2 0.1 0.05"/></geometry></collision></link>)";
  for (const auto& [name, type, limit] : {std::make_tuple("knee", "revolute", R"(<limit effort="100" velocity="100"/>)"),
                                          std::make_tuple("hip", "revolute", ""),
                                          std::make_tuple("slide", "prismatic", "")}) {
    text += std::string(R"(<link name=")") + name + R"("><collision><origin xyz="0 0 -0.1"/><geometry><sphere radius="0.02"/></geometry></collision></link>
      <joint name=")" + name + R"(_joint" type=")" + type + R"("><parent link="body"/><child link=")" + name + R"("/>
      <axis xyz="0 1 0"/>)" + limit + "</joint>";
  }
  text += "</robot>";
  const Imported imported = import_text(text);
  ASSERT_TRUE(imported.status.ok()) << imported.status.message();
  const nlohmann::json& links = imported.import.articulation["links"];
  for (int l : {1, 2}) {
    EXPECT_EQ(links[l]["joint"]["type"], "revolute");
    EXPECT_FALSE(links[l]["joint"].contains("limits"));
  }
  EXPECT_EQ(links[1]["joint"]["actuator"]["max_effort"], 100.0);
  EXPECT_EQ(links[3]["joint"]["limits"], nlohmann::json::array({-100.0, 100.0}));
  EXPECT_TRUE(warned(imported.report, "joint \"knee_joint\" (line 4): no <limit> lower or upper; imported as a continuous joint"));
  EXPECT_TRUE(warned(imported.report, "joint \"slide_joint\" (line 8): no <limit> lower or upper; its limits are +-100 m"));
}

// The TurtleBot3's wheels rest on z = 0 with its base_footprint at the origin: welded
// there, no impulse lifts a wheel under its axle, and the step leaves its contact out.
TEST(ImportUrdfScene, AWheelOnTheGroundOfAFixedRobotIsReportedWithTheLiftThatClearsIt) {
  const std::string text = R"(<robot name="cart">
  <link name="body"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01"/></inertial>
    <collision><origin xyz="0 0 0.1"/><geometry><box size="0.2 0.1 0.05"/></geometry></collision></link>
  <link name="wheel"><collision><origin rpy="1.5707963267948966 0 0"/><geometry><cylinder radius="0.05" length="0.02"/></geometry></collision></link>
  <joint name="axle" type="continuous"><parent link="body"/><child link="wheel"/><origin xyz="0 0.06 0.05"/><axis xyz="0 1 0"/></joint>
  </robot>)";
  const Imported touching = import_text(text);
  ASSERT_TRUE(touching.status.ok()) << touching.status.message();
  EXPECT_TRUE(warned(touching.report, "link \"wheel\": its collision geometry reaches z = "));
  EXPECT_TRUE(warned(touching.report, "raise it with --base (z + 0.001 m clears it)"));
  UrdfImportOptions raised;
  raised.base.position = Vec3(0, 0, 0.001);
  EXPECT_FALSE(warned(import_text(text, raised).report, "its collision geometry reaches"));
  UrdfImportOptions lifted;  // on a slide the wheel can rise
  lifted.lift = UrdfSlide{-0.1, 0.1};
  EXPECT_FALSE(warned(import_text(text, lifted).report, "its collision geometry reaches"));
}

// URDF 1.1 (urdfdom) and PyBullet's files write capsules: `length` between the caps' centres.
TEST(ImportUrdfScene, CapsulesAreCapsuleGeoms) {
  const std::string text = R"(<robot name="r" version="1.1">
  <link name="arm"><visual><geometry><capsule radius="0.05" length="0.3"/></geometry></visual>
    <collision><origin xyz="0 0 0.2"/><geometry><capsule radius="0.05" length="0.3"/></geometry></collision></link></robot>)";
  const Imported imported = import_text(text);
  ASSERT_TRUE(imported.status.ok()) << imported.status.message();
  const nlohmann::json& link = imported.import.articulation["links"][0];
  EXPECT_EQ(link["geoms"][0]["type"], "capsule");
  EXPECT_EQ(link["geoms"][0]["radius"], 0.05);
  EXPECT_EQ(link["geoms"][0]["half_length"], 0.15);
  // pi r^2 l + 4/3 pi r^3 at 1000 kg/m^3
  EXPECT_NEAR(link["mass"].get<double>(), 1000 * M_PI * (0.05 * 0.05 * 0.3 + 4.0 / 3.0 * 0.05 * 0.05 * 0.05), 1e-9);
  ASSERT_EQ(imported.import.visuals.size(), 1u);
  EXPECT_EQ(imported.import.visuals[0].geometry.type, UrdfGeometryType::Capsule);
  EXPECT_EQ(imported.import.visuals[0].geometry.length, 0.3);
  UrdfRobot robot;
  ImportReport report;
  const Status missing = parse_urdf(R"(<robot name="r"><link name="a"><collision><geometry><capsule length="0.3"/></geometry></collision></link></robot>)",
                                    robot, report);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.message().find("link \"a\" <capsule radius>: required"), std::string::npos) << missing.message();
}

// The PR2 gripper's fingers carry their mass on their joint axes: turning them moves no
// centre of mass, so the closing side comes from where their collision geometry goes.
TEST(ImportUrdfScene, FingersWithTheirMassOnTheAxisCloseByTheirGeometry) {
  std::string text = R"(<robot name="gripper">
  <link name="palm"><inertial><mass value="0.5"/><inertia ixx="1e-3" iyy="1e-3" izz="1e-3"/></inertial>
    <collision><geometry><box size="0.04 0.08 0.02"/></geometry></collision></link>)";
  for (const auto& [side, y, axis] : {std::make_tuple("left", "0.02", "0 0 1"), std::make_tuple("right", "-0.02", "0 0 -1")}) {
    text += std::string(R"(<link name=")") + side + R"("><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4"/></inertial>
      <collision><origin xyz="0.05 0 0"/><geometry><box size="0.1 0.01 0.01"/></geometry></collision></link>
      <joint name=")" + side + R"(_joint" type="revolute"><parent link="palm"/><child link=")" + side + R"("/>
      <origin xyz="0.02 )" + y + R"( 0"/><axis xyz=")" + axis + R"("/><limit lower="0" upper="0.5" effort="10" velocity="1"/></joint>)";
  }
  text += "</robot>";
  UrdfImportOptions options;
  options.fingers = {{"left_joint", 0}, {"right_joint", 0}};
  const Imported imported = import_text(text, options);
  ASSERT_TRUE(imported.status.ok()) << imported.status.message();
  // Each finger turns outward toward its upper limit, so it closes toward the lower.
  for (int link : {1, 2}) {
    EXPECT_EQ(imported.import.articulation["links"][link]["joint"]["actuator"]["close_direction"], -1);
  }
}

}  // namespace
}  // namespace contactlab
