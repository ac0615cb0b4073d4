// Registers the URDF importer (core/import/) for the page: the module of its own that
// the page loads when a robot is first dropped (docs/urdf.md), or a mesh file is first
// made a body in the editor (docs/page.md), so that the main module does not carry it.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <initializer_list>
#include <string>

#include <nlohmann/json.hpp>

#include "import/import_limits.h"
#include "import/import_request.h"
#include "import/mesh_body.h"
#include "import/urdf_scene.h"
#include "import/visual_geometry.h"
#include "page_robot_source.h"

namespace contactlab {
namespace {

const char* visual_type_name(UrdfGeometryType type) {
  switch (type) {
    case UrdfGeometryType::Box: return "box";
    case UrdfGeometryType::Cylinder: return "cylinder";
    case UrdfGeometryType::Capsule: return "capsule";
    case UrdfGeometryType::Sphere: return "sphere";
    case UrdfGeometryType::Mesh: break;
  }
  return "mesh";
}

emscripten::val array_of(std::initializer_list<double> values) {
  emscripten::val array = emscripten::val::array();
  for (double value : values) array.call<void>("push", value);
  return array;
}

// One visual_geometry.h shape for the page: {body, type, position, orientation (w, x,
// y, z), half_extents | radius, half_length | positions: Float32Array, indices:
// Uint32Array, groups: [{start, count, color: [r, g, b, a] or null}] (the file's
// colours by index range, [] when it gives none), color: [r, g, b, a] or null (the
// URDF's)}, in the body frame.
emscripten::val visual_shape_value(const VisualShape& shape) {
  emscripten::val value = emscripten::val::object();
  value.set("body", shape.body);
  value.set("type", std::string(visual_type_name(shape.type)));
  const Vec3& p = shape.in_body.position;
  value.set("position", array_of({p.x(), p.y(), p.z()}));
  Quat q(shape.in_body.rotation);
  q.normalize();
  value.set("orientation", array_of({q.w(), q.x(), q.y(), q.z()}));
  value.set("half_extents", array_of({shape.half_extents.x(), shape.half_extents.y(), shape.half_extents.z()}));
  value.set("radius", shape.radius);
  value.set("half_length", shape.half_length);
  // Copies out of the module's memory: a typed array built from a view owns its data.
  value.set("positions", emscripten::val::global("Float32Array")
                             .new_(emscripten::typed_memory_view(shape.positions.size(), shape.positions.data())));
  value.set("indices", emscripten::val::global("Uint32Array")
                           .new_(emscripten::typed_memory_view(shape.indices.size(), shape.indices.data())));
  emscripten::val groups = emscripten::val::array();
  for (const VisualColorGroup& group : shape.file_colors) {
    emscripten::val entry = emscripten::val::object();
    entry.set("start", group.first);
    entry.set("count", group.count);
    entry.set("color", group.has_color ? array_of({group.color[0], group.color[1], group.color[2], group.color[3]})
                                       : emscripten::val::null());
    groups.call<void>("push", entry);
  }
  value.set("groups", groups);
  value.set("color", shape.has_color ? array_of({shape.color[0], shape.color[1], shape.color[2], shape.color[3]})
                                     : emscripten::val::null());
  return value;
}

// (the URDF's path among `files`, the scene's name, the request's JSON text
// (import_request.h), the files (page_robot_source.h)) => {error, scene: the scene's
// JSON text as `contactlab import` writes it (without its final newline), report: the
// import report's lines, joints: the movable joints' names in document order,
// visuals: {shapes: visual_shape_value()s, triangles, capped, maxTriangles}}.
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
  const PageRobotSource source(std::move(files));
  if (status.ok()) status = import_urdf_at(urdf_path, source, options, imported, report);
  if (status.ok()) status = robot_scene(imported, nlohmann::json(), scene_name_of(scene_name), scene);
  const VisualGeometry visual =
      status.ok() ? visual_geometry(imported.visuals, source, kMaxVisualTriangles, report) : VisualGeometry{};
  emscripten::val shapes = emscripten::val::array();
  for (const VisualShape& shape : visual.shapes) shapes.call<void>("push", visual_shape_value(shape));
  emscripten::val visuals = emscripten::val::object();
  visuals.set("shapes", shapes);
  visuals.set("triangles", static_cast<double>(visual.triangles));
  visuals.set("capped", visual.capped);
  visuals.set("maxTriangles", static_cast<double>(kMaxVisualTriangles));
  emscripten::val joints = emscripten::val::array();
  for (const auto& [joint, link] : imported.joint_links) joints.call<void>("push", joint);
  result.set("error", status.message());
  result.set("scene", status.ok() ? scene.dump() : std::string());
  result.set("report", report.text());
  result.set("joints", joints);
  result.set("visuals", visuals);
  return result;
}

// (a mesh file's bytes: Uint8Array, its name, metres per unit of the file, the body's
// name and mass [kg], the entry's path in the scene for messages) => {error, body: the
// scene file's `bodies` entry as JSON text (mesh_body.h), report: which hulls were
// simplified}.
emscripten::val mesh_body_of(emscripten::val data, const std::string& file, double scale, const std::string& name,
                             double mass, const std::string& field) {
  std::string bytes(data["length"].as<std::size_t>(), '\0');
  // One copy from the JS array into the string's bytes.
  emscripten::val(emscripten::typed_memory_view(bytes.size(), reinterpret_cast<unsigned char*>(bytes.data())))
      .call<void>("set", data);
  nlohmann::json body;
  ImportReport report;
  const Status status = mesh_body(bytes, {file, scale, name, mass, field}, body, report);
  emscripten::val result = emscripten::val::object();
  result.set("error", status.message());
  result.set("body", status.ok() ? body.dump() : std::string());
  result.set("report", report.text());
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
  emscripten::function("meshBody", &contactlab::mesh_body_of);
}
