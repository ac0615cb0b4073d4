// A robot's files on disk, its mesh paths resolved by package_paths.h, its XML read
// with tinyxml2 (tinyxml2_reader.h). Built natively only, with the native entry points
// declared beside the functions they wrap (parse_urdf, read_urdf_file, read_mesh_bytes,
// read_mesh_file, import_urdf, import_urdf_file without a source or parser).
#pragma once

#include <string>
#include <vector>

#include "import/robot_source.h"

namespace contactlab {

class DiskRobotSource : public RobotSource {
 public:
  // `urdf_folder`: relative paths and the last package root; `package_roots` are
  // searched before it.
  DiskRobotSource(std::string urdf_folder, std::vector<std::string> package_roots)
      : urdf_folder_(std::move(urdf_folder)), package_roots_(std::move(package_roots)) {}

  std::string locate(const std::string& filename) const override;
  bool exists(const std::string& path) const override;
  Status read(const std::string& path, std::size_t max_bytes, const std::string& kind,
              std::string& bytes) const override;
  Status parse_xml(const std::string& text, XmlElement& root) const override;

 private:
  std::string urdf_folder_;
  std::vector<std::string> package_roots_;
};

}  // namespace contactlab
