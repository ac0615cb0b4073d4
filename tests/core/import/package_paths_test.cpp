// package:// URIs found without --package-root in the layouts robot packages come in:
// a ROS package (urdf/ beside meshes/), a workspace's src/ holding several packages, and
// a package folder renamed by a download.
#include <sys/stat.h>

#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "import/package_paths.h"
#include "temp_path.h"

namespace contactlab {
namespace {

std::string make_folders(const std::string& path) {
  for (std::size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1)) {
    ::mkdir(path.substr(0, slash).c_str(), 0755);
  }
  ::mkdir(path.c_str(), 0755);
  return path;
}

std::string touch(const std::string& folder, const std::string& name) {
  make_folders(folder);
  const std::string path = folder + "/" + name;
  std::ofstream(path) << "solid x\nendsolid x\n";
  return path;
}

TEST(ImportPackagePaths, APackageIsFoundAboveTheUrdfsFolder) {
  const std::string top = make_folders(temp_path("package_paths"));
  // ROS package: TOP/src/arm_description/{urdf,meshes}; a second package beside it.
  const std::string package = top + "/src/arm_description";
  touch(package + "/meshes", "link1.stl");
  touch(top + "/src/gripper_description/meshes", "finger.stl");
  const std::string urdf_folder = make_folders(package + "/urdf");
  const std::string found = resolve_mesh_path("package://arm_description/meshes/link1.stl", urdf_folder, {});
  EXPECT_TRUE(is_file(found)) << found;
  EXPECT_NE(found.find("/src/arm_description/meshes/link1.stl"), std::string::npos) << found;
  const std::string beside = resolve_mesh_path("package://gripper_description/meshes/finger.stl", urdf_folder, {});
  EXPECT_NE(beside.find("/src/gripper_description/meshes/finger.stl"), std::string::npos) << beside;
  // Renamed by a download: TOP/hand-main/{urdf,meshes} with package://hand/...
  touch(top + "/hand-main/meshes", "palm.stl");
  const std::string renamed = make_folders(top + "/hand-main/urdf");
  EXPECT_TRUE(is_file(resolve_mesh_path("package://hand/meshes/palm.stl", renamed, {})));
  // Not found: the first place looked at is named, under the URDF's folder.
  EXPECT_EQ(resolve_mesh_path("package://nowhere/meshes/x.stl", urdf_folder, {}),
            urdf_folder + "/nowhere/meshes/x.stl");
  // A root given comes first.
  const std::string given = touch(top + "/given/arm_description/meshes", "link1.stl");
  EXPECT_EQ(resolve_mesh_path("package://arm_description/meshes/link1.stl", urdf_folder, {top + "/given"}), given);
}

// Written on Windows: the URDF says "meshes/Base.STL", the file is meshes/base.stl.
TEST(ImportPackagePaths, ANameThatDiffersOnlyInCaseIsFound) {
  const std::string top = make_folders(temp_path("package_case"));
  const std::string file = touch(top + "/gripper/meshes", "base.stl");
  const std::string urdf_folder = make_folders(top + "/gripper/urdf");
  EXPECT_EQ(resolve_mesh_path("../Meshes/Base.STL", urdf_folder, {}), urdf_folder + "/../meshes/base.stl");
  EXPECT_NE(resolve_mesh_path("package://gripper/MESHES/base.STL", urdf_folder, {}).find("/gripper/meshes/base.stl"),
            std::string::npos);
  EXPECT_EQ(resolve_mesh_path(file.substr(0, file.size() - 8) + "BASE.stl", urdf_folder, {}), file);
  EXPECT_EQ(resolve_mesh_path("../meshes/other.stl", urdf_folder, {}), urdf_folder + "/../meshes/other.stl");
}

}  // namespace
}  // namespace contactlab
