// Visual geometry for the page: shapes on the bodies that carry their links, in the
// body frame the scene uses, mesh triangles as the file holds them (a mirroring scale
// reversed), colours from <material>, the triangle cap, and unreadable meshes as
// warnings.
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "import/disk_robot_source.h"
#include "import/import_limits.h"
#include "import/urdf_parser.h"
#include "import/urdf_scene.h"
#include "import/visual_geometry.h"
#include "temp_path.h"

namespace contactlab {
namespace {

// One triangle, counter-clockwise about +z seen from above.
constexpr const char* kVisualTestTriangleStl = R"(solid t
facet normal 0 0 1
outer loop
vertex 0 0 0
vertex 1 0 0
vertex 0 1 0
endloop
endfacet
endsolid t
)";

std::string visual_test_robot(const std::string& visuals) {
  return R"(<?xml version="1.0"?><robot name="r">
  <material name="steel"><color rgba="0.5 0.5 0.6 1"/></material>
  <link name="base"><inertial><origin xyz="0 0 0.1"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01"/></inertial>
    <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision>)" +
         visuals + R"(</link></robot>)";
}

class ImportVisualGeometry : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = temp_path("visual_geometry");
    std::filesystem::create_directories(folder_ + "/meshes");
    std::ofstream(folder_ + "/triangle.stl") << kVisualTestTriangleStl;
    std::ofstream(folder_ + "/broken.stl") << "solid b\nfacet normal 0 0 1\nouter loop\nvertex 0 0\n";
    // Three triangles: one red, one without a material, one blue; and its twin whose
    // material library is not there.
    const std::string faces = "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\nusemtl none\nf 1 3 2\nusemtl blue\nf 1 2 3\n";
    std::ofstream(folder_ + "/meshes/colored.obj") << "mtllib colors.mtl\n" << faces;
    std::ofstream(folder_ + "/meshes/colors.mtl") << "newmtl red\nKd 1 0 0\nnewmtl blue\nKd 0 0 1\n";
    std::ofstream(folder_ + "/meshes/uncolored.obj") << "mtllib gone.mtl\n" << faces;
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  VisualGeometry visuals_of(const std::string& visuals, std::size_t max_triangles, ImportReport& report) {
    UrdfRobot robot;
    EXPECT_TRUE(parse_urdf(visual_test_robot(visuals), robot, report).ok());
    const DiskRobotSource source(folder_, {});
    UrdfImport imported;
    const Status status = import_urdf(robot, source, UrdfImportOptions{}, imported, report);
    EXPECT_TRUE(status.ok()) << status.message();
    return visual_geometry(imported.visuals, source, max_triangles, report);
  }

  std::string folder_;
};

TEST_F(ImportVisualGeometry, MeshesAndPrimitivesInTheBodyFrameWithTheirColours) {
  ImportReport report;
  const VisualGeometry visual = visuals_of(
      R"(<visual><origin xyz="0 0 0.3"/><geometry><mesh filename="triangle.stl" scale="2 3 1"/></geometry>
           <material name="steel"/></visual>
         <visual><geometry><sphere radius="0.05"/></geometry><material name="red"><color rgba="1 0 0 0.5"/></material></visual>
         <visual><geometry><cylinder radius="0.02" length="0.4"/></geometry></visual>)",
      kMaxVisualTriangles, report);
  ASSERT_EQ(visual.shapes.size(), 3u);
  EXPECT_FALSE(visual.capped);
  EXPECT_EQ(visual.triangles, 1u);
  const VisualShape& mesh = visual.shapes[0];
  EXPECT_EQ(mesh.body, "base");
  // The link's centre of mass at z = 0.1 is the body's origin: 0.3 - 0.1.
  EXPECT_NEAR((mesh.in_body.position - Vec3(0, 0, 0.2)).norm(), 0, 1e-15);
  EXPECT_EQ(mesh.positions, (std::vector<float>{0, 0, 0, 2, 0, 0, 0, 3, 0}));
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_TRUE(mesh.has_color);
  EXPECT_EQ(mesh.color, (std::array<double, 4>{0.5, 0.5, 0.6, 1}));  // the robot's "steel"
  EXPECT_EQ(visual.shapes[1].type, UrdfGeometryType::Sphere);
  EXPECT_EQ(visual.shapes[1].radius, 0.05);
  EXPECT_EQ(visual.shapes[1].color, (std::array<double, 4>{1, 0, 0, 0.5}));
  EXPECT_EQ(visual.shapes[2].half_length, 0.2);
  EXPECT_FALSE(visual.shapes[2].has_color);
}

TEST_F(ImportVisualGeometry, AMirroringScaleKeepsTrianglesFacingOutward) {
  ImportReport report;
  const VisualGeometry visual =
      visuals_of(R"(<visual><geometry><mesh filename="triangle.stl" scale="-1 1 1"/></geometry></visual>)",
                 kMaxVisualTriangles, report);
  ASSERT_EQ(visual.shapes.size(), 1u);
  EXPECT_EQ(visual.shapes[0].indices, (std::vector<std::uint32_t>{0, 2, 1}));
}

TEST_F(ImportVisualGeometry, PastTheTriangleCapNothingIsSentAndTheReportSaysSo) {
  ImportReport report;
  const VisualGeometry visual = visuals_of(
      R"(<visual><geometry><mesh filename="triangle.stl"/></geometry></visual>
         <visual><geometry><mesh filename="triangle.stl"/></geometry></visual>)",
      1, report);
  EXPECT_TRUE(visual.capped);
  EXPECT_TRUE(visual.shapes.empty());
  ASSERT_FALSE(report.warnings.empty());
  EXPECT_EQ(report.warnings.back(), "the visual meshes hold more than 1 triangles; the page draws the collision geometry");
}

TEST_F(ImportVisualGeometry, AnUnreadableOrMissingVisualMeshIsAWarningAndNotDrawn) {
  ImportReport report;
  const VisualGeometry visual = visuals_of(
      R"(<visual><geometry><mesh filename="broken.stl"/></geometry></visual>
         <visual><geometry><mesh filename="absent.stl"/></geometry></visual>
         <visual><geometry><box size="0.1 0.2 0.3"/></geometry></visual>)",
      kMaxVisualTriangles, report);
  ASSERT_EQ(visual.shapes.size(), 1u);
  EXPECT_EQ(visual.shapes[0].type, UrdfGeometryType::Box);
  std::string warnings;
  for (const std::string& warning : report.warnings) warnings += warning + "\n";
  EXPECT_NE(warnings.find("<visual> 0 (line 4): visual mesh not drawn: "), std::string::npos) << warnings;
  EXPECT_NE(warnings.find("visual mesh \"absent.stl\" not found"), std::string::npos) << warnings;
}

TEST_F(ImportVisualGeometry, FileColoursGroupTheTrianglesAndTheUrdfColourFillsTheRest) {
  ImportReport report;
  const VisualGeometry visual = visuals_of(
      R"(<visual><geometry><mesh filename="meshes/colored.obj"/></geometry><material name="steel"/></visual>
         <visual><geometry><mesh filename="meshes/uncolored.obj"/></geometry><material name="steel"/></visual>)",
      kMaxVisualTriangles, report);
  ASSERT_EQ(visual.shapes.size(), 2u);
  const VisualShape& colored = visual.shapes[0];
  // The triangles without a file colour first, then red, then blue; together all of them.
  ASSERT_EQ(colored.file_colors.size(), 3u);
  EXPECT_FALSE(colored.file_colors[0].has_color);
  EXPECT_EQ(colored.file_colors[1].color, (Rgba{1, 0, 0, 1}));
  EXPECT_EQ(colored.file_colors[2].color, (Rgba{0, 0, 1, 1}));
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(colored.file_colors[k].first, 3 * k);
    EXPECT_EQ(colored.file_colors[k].count, 3u);
  }
  EXPECT_EQ(colored.indices, (std::vector<std::uint32_t>{0, 2, 1, 0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(colored.color, (Rgba{0.5, 0.5, 0.6, 1}));  // the URDF's, for the uncoloured group
  // A material library that is not there: no file colours, no warning; the URDF's colour.
  EXPECT_TRUE(visual.shapes[1].file_colors.empty());
  EXPECT_TRUE(visual.shapes[1].has_color);
  EXPECT_TRUE(report.warnings.empty());
}

TEST(ImportUrdfMaterial, AColourOutsideZeroToOneIsRefusedNamingTheElement) {
  UrdfRobot robot;
  ImportReport report;
  const Status status = parse_urdf(
      visual_test_robot(R"(<visual><geometry><sphere radius="0.05"/></geometry>
                     <material name="m"><color rgba="1 0 2 1"/></material></visual>)"),
      robot, report);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("<color rgba>: every component must be within [0, 1]"), std::string::npos)
      << status.message();
}

}  // namespace
}  // namespace contactlab
