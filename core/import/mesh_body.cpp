#include "import/mesh_body.h"

#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "base/number_text.h"
#include "import/import_limits.h"
#include "import/mesh_file.h"
#include "import/mesh_hull.h"

namespace contactlab {
namespace {

constexpr double kMaxScale = 1000;  // metres per file unit

}  // namespace

Status mesh_body(const std::string& bytes, const MeshBodyRequest& request, nlohmann::json& body,
                 ImportReport& report) {
  const std::string& file = request.file;
  const std::string extension = lower_extension(file);
  if (extension != "stl" && extension != "obj") {
    return Status::failure(request.field + ": " + file + ": a body's hull is read from an .stl or .obj file (in any case)");
  }
  if (!std::isfinite(request.scale) || request.scale <= 0 || request.scale > kMaxScale) {
    return Status::failure(request.field + ": " + file + ": the scale must be a finite number in (0, 1000] m per unit, got " +
                           describe_number(request.scale));
  }
  if (bytes.size() > kMaxMeshFileBytes) {
    return Status::failure(request.field + ": " + file + ": a mesh file must be at most " +
                           std::to_string(kMaxMeshFileBytes) + " bytes, got " + std::to_string(bytes.size()));
  }
  // (bytes) => (the mesh's parts); COLLADA, the one XML format, was refused above
  Mesh mesh;
  const XmlParser no_xml = [](const std::string&, XmlElement&) { return Status::failure("no XML is read here"); };
  const Status read = read_mesh_bytes(bytes, file, no_xml, mesh);
  if (!read.ok()) return Status::failure(request.field + ": " + read.message());

  // (parts) => (one hull each, in metres)
  const Vec3 scale = Vec3::Constant(request.scale);
  std::vector<ImportedHull> hulls(mesh.parts.size());
  for (std::size_t p = 0; p < mesh.parts.size(); ++p) {
    const MeshPart& part = mesh.parts[p];
    const std::string name = file + (mesh.parts.size() > 1 ? " part " + quoted(part.name) : "");
    const Status built = mesh_hull(part.vertices, scale, name, hulls[p]);
    if (!built.ok()) {
      return Status::failure(request.field + ".geoms[" + std::to_string(p) + "].vertices: " + built.message());
    }
    const std::string simplified = simplified_hull_warning(name, hulls[p]);
    if (!simplified.empty()) report.warn(simplified);
  }

  // (hulls) => (the offset that centres their bounding box across x, y and puts its bottom at 0)
  Vec3 lowest = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 highest = -lowest;
  for (const ImportedHull& hull : hulls) {
    for (const Vec3& vertex : hull.hull.vertices) {
      lowest = lowest.cwiseMin(vertex);
      highest = highest.cwiseMax(vertex);
    }
  }
  const Vec3 offset(-(lowest.x() + highest.x()) / 2, -(lowest.y() + highest.y()) / 2, -lowest.z());

  nlohmann::json geoms = nlohmann::json::array();
  for (const ImportedHull& hull : hulls) {
    nlohmann::json vertices = nlohmann::json::array();
    for (const Vec3& vertex : hull.hull.vertices) {
      const Vec3 moved = vertex + offset;
      vertices.push_back({moved.x(), moved.y(), moved.z()});
    }
    geoms.push_back({{"type", "convex_hull"}, {"vertices", std::move(vertices)}});
  }
  body = {{"name", request.name},
          {"mass", request.mass},
          {"position", {0.0, 0.0, 0.0}},
          {"orientation", {1.0, 0.0, 0.0, 0.0}},
          {"geoms", std::move(geoms)}};
  return Status::success();
}

}  // namespace contactlab
