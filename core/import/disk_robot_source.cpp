#include "import/disk_robot_source.h"

#include "base/bounded_file.h"
#include "import/import_limits.h"
#include "import/mesh_file.h"
#include "import/package_paths.h"
#include "import/tinyxml2_reader.h"
#include "import/urdf_parser.h"
#include "import/urdf_scene.h"

namespace contactlab {

std::string DiskRobotSource::locate(const std::string& filename) const {
  return resolve_mesh_path(filename, urdf_folder_, package_roots_);
}

bool DiskRobotSource::exists(const std::string& path) const { return is_file(path); }

Status DiskRobotSource::read(const std::string& path, std::size_t max_bytes, const std::string& kind,
                             std::string& bytes) const {
  return read_bounded_file(path, max_bytes, kind, bytes);
}

Status DiskRobotSource::parse_xml(const std::string& text, XmlElement& root) const {
  return parse_xml_with_tinyxml2(text, root);
}

// --- the native entry points ------------------------------------------------------

Status parse_urdf(const std::string& text, UrdfRobot& robot, ImportReport& report) {
  return parse_urdf(text, parse_xml_with_tinyxml2, robot, report);
}

Status read_urdf_file(const std::string& path, UrdfRobot& robot, ImportReport& report) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(read_bounded_file(path, kMaxUrdfBytes, "a URDF file", text));
  const Status status = parse_urdf(text, robot, report);
  if (!status.ok()) return Status::failure(path + ": " + status.message());
  return Status::success();
}

Status read_mesh_bytes(const std::string& bytes, const std::string& path, Mesh& mesh,
                       const MaterialFileReader& read_material_file) {
  return read_mesh_bytes(bytes, path, parse_xml_with_tinyxml2, mesh, read_material_file);
}

Status read_mesh_file(const std::string& path, Mesh& mesh) {
  std::string bytes;
  CONTACTLAB_RETURN_IF_ERROR(read_bounded_file(path, kMaxMeshFileBytes, "a mesh file", bytes));
  return read_mesh_bytes(bytes, path, mesh);
}

Status import_urdf(const UrdfRobot& robot, const std::string& urdf_folder, const UrdfImportOptions& options,
                   UrdfImport& out, ImportReport& report) {
  return import_urdf(robot, DiskRobotSource(urdf_folder, options.package_roots), options, out, report);
}

Status import_urdf_file(const std::string& path, const UrdfImportOptions& options, UrdfImport& out,
                        ImportReport& report) {
  const std::size_t slash = path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "." : path.substr(0, slash);
  return import_urdf_at(path, DiskRobotSource(folder, options.package_roots), options, out, report);
}

}  // namespace contactlab
