// The URDF parser and importer on documents made here and on broken variants of the
// validation set's robots made in a temporary folder: each error is one line naming
// the element, and nothing is half-loaded.
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "import/urdf_parser.h"
#include "import/urdf_scene.h"
#include "temp_path.h"
#include "urdf_validation.h"

namespace contactlab {
namespace {

std::string urdf_two_links(const std::string& joint_body, const std::string& extra = "") {
  return R"(<?xml version="1.0"?><robot name="r">
  <link name="base"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01"/></inertial>
    <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
  <link name="arm"><inertial><mass value="0.5"/><inertia ixx="0.001" iyy="0.001" izz="0.001"/></inertial>
    <collision><origin xyz="0 0 0.1"/><geometry><cylinder radius="0.02" length="0.2"/></geometry></collision></link>
  <joint name="j" )" + joint_body + "</joint>" + extra + "</robot>";
}

Status parse_urdf_text(const std::string& text, UrdfRobot& robot, ImportReport& report) {
  return parse_urdf(text, robot, report);
}

std::string urdf_parse_error(const std::string& text) {
  UrdfRobot robot;
  robot.name = "untouched";
  ImportReport report;
  const Status status = parse_urdf_text(text, robot, report);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(robot.name, "untouched");
  EXPECT_EQ(status.message().find('\n'), std::string::npos) << status.message();
  return status.message();
}

TEST(ImportUrdfParser, ReadsLinksJointsLimitsDynamicsAndMimic) {
  const std::string text = urdf_two_links(R"(type="revolute"><parent link="base"/><child link="arm"/>
    <origin xyz="0 0 0.05" rpy="0 0 1.5707963267948966"/><axis xyz="0 2 0"/>
    <limit lower="-1" upper="1.5" effort="3" velocity="2"/><dynamics damping="0.1" friction="0.2"/>
    <safety_controller k_velocity="1"/>)");
  UrdfRobot robot;
  ImportReport report;
  ASSERT_TRUE(parse_urdf_text(text, robot, report).ok());
  ASSERT_EQ(robot.joints.size(), 1u);
  const UrdfJoint& joint = robot.joints[0];
  EXPECT_EQ(joint.type, UrdfJointType::Revolute);
  EXPECT_EQ(joint.axis, Vec3(0, 1, 0));  // normalised
  EXPECT_EQ(joint.limit.lower, -1);
  EXPECT_EQ(joint.limit.upper, 1.5);
  EXPECT_EQ(joint.limit.effort, 3);
  EXPECT_EQ(joint.dynamics.friction, 0.2);
  // yaw pi/2 turns x into y.
  EXPECT_NEAR((joint.origin.rotation * Vec3::UnitX() - Vec3::UnitY()).norm(), 0, 1e-15);
  EXPECT_EQ(joint.origin.position, Vec3(0, 0, 0.05));
  ASSERT_EQ(report.ignored.size(), 1u);
  EXPECT_EQ(report.ignored[0].what, "<joint> <safety_controller>");
}

TEST(ImportUrdfParser, ReportsEveryIgnoredElementAndAttribute) {
  const std::string text = urdf_two_links(R"(type="fixed"><parent link="base"/><child link="arm"/>)",
                                     R"(<gazebo reference="arm"><mu1>1</mu1></gazebo><gazebo/><transmission name="t"/>)");
  UrdfRobot robot;
  ImportReport report;
  ASSERT_TRUE(parse_urdf_text(text, robot, report).ok());
  ASSERT_EQ(report.ignored.size(), 2u);
  EXPECT_EQ(report.ignored[0].what, "<gazebo>");
  EXPECT_EQ(report.ignored[0].count, 2);
  EXPECT_EQ(report.ignored[1].what, "<transmission>");
  EXPECT_NE(report.text().find("ignored: <gazebo> x2"), std::string::npos);
}

TEST(ImportUrdfParser, EveryErrorNamesTheElement) {
  const std::string joint = R"(type="revolute"><parent link="base"/><child link="arm"/><limit lower="0" upper="1" effort="1" velocity="1"/>)";
  EXPECT_NE(urdf_parse_error("<robot><link name='a'>").find("malformed XML"), std::string::npos);
  EXPECT_NE(urdf_parse_error(urdf_two_links(R"(type="screw"><parent link="base"/><child link="arm"/>)")).find("unknown type \"screw\""),
            std::string::npos);
  EXPECT_NE(urdf_parse_error(urdf_two_links(R"(type="fixed"><parent link="base"/><child link="hand"/>)")).find("no link named \"hand\""),
            std::string::npos);
  // Two roots: no joint at all between the links.
  EXPECT_NE(urdf_parse_error(R"(<robot><link name="a"/><link name="b"/></robot>)").find("two root links, \"a\" and \"b\""),
            std::string::npos);
  // A loop: arm -> base closes the chain.
  EXPECT_NE(urdf_parse_error(urdf_two_links(joint, R"(<joint name="back" type="fixed"><parent link="arm"/><child link="base"/></joint>)"))
                .find("no root link"),
            std::string::npos);
  for (const char* bad : {"nan", "inf", "1e400", "2e6", "0x"}) {
    const std::string text = urdf_two_links(std::string(R"(type="fixed"><parent link="base"/><child link="arm"/><origin xyz="0 0 )") +
                                       bad + R"("/>)");
    const std::string message = urdf_parse_error(text);
    EXPECT_NE(message.find("joint \"j\" <origin xyz>"), std::string::npos) << message;
  }
  // A file xacro has not expanded (the Husky's "$(optenv HUSKY_IMU_XYZ 0.19 0 0.149)").
  for (const char* xacro : {"$(optenv HUSKY_IMU_XYZ 0.19 0 0.149)", "${offset} 0 0"}) {
    const std::string message = urdf_parse_error(
        urdf_two_links(std::string(R"(type="fixed"><parent link="base"/><child link="arm"/><origin xyz=")") + xacro + R"("/>)"));
    EXPECT_NE(message.find("is not a number (a xacro expression: run xacro on the file first)"), std::string::npos)
        << message;
  }
}

TEST(ImportUrdfParser, RefusesAnOversizedDocument) {
  const std::string text = urdf_two_links(R"(type="fixed"><parent link="base"/><child link="arm"/>)") +
                           "<!--" + std::string(5u << 20, 'x') + "-->";
  EXPECT_NE(urdf_parse_error(text).find("at most"), std::string::npos);
}

// A chain of `links` links (each a 1 cm box of 0.1 kg) joined by revolute joints.
std::string urdf_chain_of(int links) {
  std::string text = R"(<?xml version="1.0"?><robot name="chain">)";
  for (int l = 0; l < links; ++l) {
    text += "<link name=\"l" + std::to_string(l) + R"("><inertial><mass value="0.1"/>)" +
            R"(<inertia ixx="1e-5" iyy="1e-5" izz="1e-5"/></inertial></link>)";
    if (l > 0) {
      text += "<joint name=\"j" + std::to_string(l) + R"(" type="revolute"><parent link="l)" + std::to_string(l - 1) +
              "\"/><child link=\"l" + std::to_string(l) + R"("/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>)";
    }
  }
  return text + "</robot>";
}

TEST(ImportUrdfParser, TheLinkCapIsAnErrorNamingIt) {
  UrdfRobot robot;
  ImportReport report;
  const Status at_cap = parse_urdf_text(urdf_chain_of(256), robot, report);
  ASSERT_TRUE(at_cap.ok()) << at_cap.message();
  EXPECT_EQ(robot.links.size(), 256u);
  const std::string message = urdf_parse_error(urdf_chain_of(257));
  EXPECT_NE(message.find("more than 256 links"), std::string::npos) << message;
}

TEST(ImportUrdfScene, MergesFixedLinksAndEstimatesMissingInertials) {
  const std::string text = R"(<robot name="r">
    <link name="base"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01"/></inertial>
      <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision></link>
    <link name="tool"><collision><geometry><sphere radius="0.1"/></geometry></collision></link>
    <link name="frame"/>
    <joint name="weld" type="fixed"><parent link="base"/><child link="tool"/><origin xyz="0 0 1"/></joint>
    <joint name="mark" type="fixed"><parent link="tool"/><child link="frame"/><origin xyz="1 0 0"/></joint>
  </robot>)";
  UrdfRobot robot;
  ImportReport report;
  ASSERT_TRUE(parse_urdf_text(text, robot, report).ok());
  UrdfImport import;
  ASSERT_TRUE(import_urdf(robot, ".", UrdfImportOptions{}, import, report).ok());
  const nlohmann::json& links = import.articulation["links"];
  ASSERT_EQ(links.size(), 1u);
  EXPECT_EQ(links[0]["geoms"].size(), 2u);
  // The sphere at 1000 kg/m^3: 4/3 pi 0.1^3 1000 = 4.18879 kg, added to the base's 1 kg.
  const double sphere = 4.0 / 3.0 * M_PI * 1e-3 * 1000;
  EXPECT_NEAR(links[0]["mass"].get<double>(), 1 + sphere, 1e-12);
  EXPECT_NEAR(links[0]["center_of_mass"][2].get<double>(), sphere / (1 + sphere), 1e-12);
  ASSERT_EQ(report.warnings.size(), 1u);
  EXPECT_NE(report.warnings[0].find("link \"tool\": no <inertial>"), std::string::npos);
  ASSERT_EQ(import.frames.size(), 3u);
  EXPECT_EQ(import.frames[2].urdf_link, "frame");
  EXPECT_EQ(import.frames[2].in_scene_link.position, Vec3(1, 0, 1));
}

TEST(ImportUrdfScene, RefusesPlanarFloatingBetweenLinksAndBadInertia) {
  const std::string planar = urdf_two_links(R"(type="planar"><parent link="base"/><child link="arm"/>)");
  const std::string floating = urdf_two_links(R"(type="floating"><parent link="base"/><child link="arm"/>)");
  std::string bad_inertia = urdf_two_links(R"(type="fixed"><parent link="base"/><child link="arm"/>)");
  const std::string offset = urdf_two_links(
      R"(type="revolute"><parent link="base"/><child link="arm"/><limit lower="0" upper="1" effort="1" velocity="1"/>
      <mimic joint="lead" offset="0.1"/>)",
      R"(<link name="tip"><inertial><mass value="0.1"/><inertia ixx="1e-4" iyy="1e-4" izz="1e-4"/></inertial>
      <collision><geometry><sphere radius="0.01"/></geometry></collision></link>
      <joint name="lead" type="revolute"><parent link="arm"/><child link="tip"/><limit lower="0" upper="1" effort="1" velocity="1"/></joint>)");
  bad_inertia.replace(bad_inertia.find(R"(ixx="0.001")"), 11, R"(ixx="0.009")");
  for (const auto& [text, words] : {std::make_pair(planar, "planar joints are not supported"),
                                    std::make_pair(floating, "floating joint is imported only from"),
                                    std::make_pair(bad_inertia, "link \"arm\" <inertial>")}) {
    UrdfRobot robot;
    ImportReport report;
    ASSERT_TRUE(parse_urdf_text(text, robot, report).ok());
    UrdfImport import;
    const Status status = import_urdf(robot, ".", UrdfImportOptions{}, import, report);
    ASSERT_FALSE(status.ok());
    EXPECT_NE(status.message().find(words), std::string::npos) << status.message();
    EXPECT_TRUE(import.frames.empty());
  }
  // A mimic offset is the coupling's, and the follower starts at it.
  UrdfRobot robot;
  ImportReport report;
  ASSERT_TRUE(parse_urdf_text(offset, robot, report).ok());
  UrdfImport import;
  const Status status = import_urdf(robot, ".", UrdfImportOptions{}, import, report);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(import.articulation["couplings"][0]["offset"], 0.1);
  EXPECT_EQ(import.articulation["couplings"][0]["follower"], "arm");
  EXPECT_EQ(import.articulation["links"][1]["joint"]["position"], 0.1);
}

TEST(ImportUrdfScene, FloatingJointFromTheWorldIsAFreeBase) {
  const std::string text = R"(<robot name="r"><link name="world"/>
    <link name="body"><inertial><mass value="2"/><inertia ixx="0.1" iyy="0.1" izz="0.1"/></inertial>
      <collision><geometry><sphere radius="0.1"/></geometry></collision></link>
    <joint name="free" type="floating"><parent link="world"/><child link="body"/><origin xyz="0 0 2"/></joint></robot>)";
  UrdfRobot robot;
  ImportReport report;
  ASSERT_TRUE(parse_urdf_text(text, robot, report).ok());
  UrdfImport import;
  ASSERT_TRUE(import_urdf(robot, ".", UrdfImportOptions{}, import, report).ok());
  EXPECT_EQ(import.articulation["links"][0]["joint"]["type"], "free");
  EXPECT_EQ(import.articulation["links"][0]["joint"]["origin"]["position"][2], 2.0);
}

// Broken variants of the Franka hand, written beside copies of its meshes' folder.
class BrokenFrankaHand : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_WITHOUT_URDF_VALIDATION_SET();
    std::ifstream file(kUrdfValidationDir + "/franka_hand/hand.urdf");
    std::stringstream text;
    text << file.rdbuf();
    original_ = text.str();
  }
  // Imports `text` written to a temporary file, with the original folder as package root.
  Status import_text(const std::string& text, UrdfImport& import) {
    const std::string path = temp_path("broken_hand.urdf");
    std::ofstream(path) << text;
    UrdfImportOptions options;
    options.package_roots.push_back(kUrdfValidationDir + "/franka_hand");
    ImportReport report;
    const Status status = import_urdf_file(path, options, import, report);
    std::remove(path.c_str());
    return status;
  }
  std::string replaced(const std::string& from, const std::string& to) const {
    std::string text = original_;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  }
  std::string original_;
};

TEST_F(BrokenFrankaHand, TheOriginalImportsFromATemporaryFolder) {
  UrdfImport import;
  const Status status = import_text(original_, import);
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(import.articulation["links"].size(), 3u);
}

TEST_F(BrokenFrankaHand, EachBreakIsOneLineNamingTheElement) {
  const std::pair<std::string, std::string> cases[] = {
      {replaced("collision/finger.stl", "collision/missing.stl"), "collision mesh \"package://franka_description/meshes/collision/missing.stl\" not found"},
      {replaced(R"(type="prismatic")", R"(type="helical")"), "unknown type \"helical\""},
      {replaced(R"(<parent link="panda_hand"/>
      <child link="panda_leftfinger"/>)", R"(<parent link="panda_rightfinger"/>
      <child link="panda_hand"/>)"), "link \"panda_hand\""},
      {replaced("</robot>", R"(<link name="spare"/></robot>)"), "two root links"},
      {replaced("</robot>", "<robot>"), "malformed XML"},
      {replaced(R"(<mass value="0.68"/>)", R"(<mass value="1e300"/>)"), "is too large"},
      {replaced(R"(upper="0.04")", R"(upper="NaN")"), "is not a finite number"},
      {replaced("</robot>", "<!--" + std::string(5u << 20, ' ') + "--></robot>"), "at most"},
  };
  for (const auto& [text, words] : cases) {
    UrdfImport import;
    const Status status = import_text(text, import);
    ASSERT_FALSE(status.ok()) << words;
    EXPECT_NE(status.message().find(words), std::string::npos) << status.message();
    EXPECT_EQ(status.message().find('\n'), std::string::npos);
    EXPECT_TRUE(import.frames.empty());
  }
}

TEST_F(BrokenFrankaHand, AMissingVisualMeshIsAWarning) {
  const std::string path = temp_path("visual_hand.urdf");
  std::ofstream(path) << replaced("visual/hand.dae", "visual/gone.dae");
  UrdfImportOptions options;
  options.package_roots.push_back(kUrdfValidationDir + "/franka_hand");
  UrdfImport import;
  ImportReport report;
  const Status status = import_urdf_file(path, options, import, report);
  std::remove(path.c_str());
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_FALSE(report.warnings.empty());
  EXPECT_NE(report.text().find("visual mesh \"package://franka_description/meshes/visual/gone.dae\" not found"),
            std::string::npos);
}

}  // namespace
}  // namespace contactlab
