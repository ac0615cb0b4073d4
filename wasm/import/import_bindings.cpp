// Registers the URDF importer (core/import/) for the page: the module of its own that
// the page loads when a robot is first dropped (docs/urdf.md), so that the main module
// does not carry it.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include <nlohmann/json.hpp>

#include "import/import_limits.h"
#include "import/import_request.h"
#include "import/urdf_scene.h"
#include "page_robot_source.h"

namespace contactlab {
namespace {

// (the URDF's path among `files`, the scene's name, the request's JSON text
// (import_request.h), the files (page_robot_source.h)) => {error, scene: the scene's
// JSON text as `contactlab import` writes it (without its final newline), report: the
// import report's lines, joints: the movable joints' names in document order}.
emscripten::val import_robot(const std::string& urdf_path, const std::string& scene_name,
                             const std::string& request_text, emscripten::val files) {
  emscripten::val result = emscripten::val::object();
  UrdfImportOptions options;
  Status status = Status::success();
  const nlohmann::json request = nlohmann::json::parse(request_text, nullptr, false);
  status = request.is_discarded() ? Status::failure("the import request is not JSON")
                                  : read_import_request(request, options);
  UrdfImport imported;
  ImportReport report;
  nlohmann::json scene;
  if (status.ok()) status = import_urdf_at(urdf_path, PageRobotSource(std::move(files)), options, imported, report);
  if (status.ok()) status = robot_scene(imported, nlohmann::json(), scene_name_of(scene_name), scene);
  emscripten::val joints = emscripten::val::array();
  for (const auto& [joint, link] : imported.joint_links) joints.call<void>("push", joint);
  result.set("error", status.message());
  result.set("scene", status.ok() ? scene.dump() : std::string());
  result.set("report", report.text());
  result.set("joints", joints);
  return result;
}

// The caps the page checks before it reads files (import_limits.h).
emscripten::val import_limits() {
  emscripten::val limits = emscripten::val::object();
  limits.set("urdfBytes", static_cast<double>(kMaxUrdfBytes));
  limits.set("meshFileBytes", static_cast<double>(kMaxMeshFileBytes));
  limits.set("meshBytesInAll", static_cast<double>(kMaxMeshBytesInAll));
  return limits;
}

}  // namespace
}  // namespace contactlab

EMSCRIPTEN_BINDINGS(contactlab_import) {
  emscripten::function("importRobot", &contactlab::import_robot);
  emscripten::function("importLimits", &contactlab::import_limits);
}
