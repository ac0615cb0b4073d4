#include "import/visual_geometry.h"

#include <map>
#include <utility>

#include "import/import_limits.h"
#include "import/mesh_file.h"

namespace contactlab {
namespace {

// The mesh at `path`, read once; false with a warning when it cannot be drawn.
bool read_visual_mesh(const ImportedVisual& visual, const RobotSource& source, std::map<std::string, Mesh>& meshes,
                      std::size_t& bytes_read, ImportReport& report) {
  if (meshes.count(visual.mesh_path) > 0) return true;
  // A missing file was reported by the import (urdf_scene.cpp).
  if (!source.exists(visual.mesh_path)) return false;
  std::string bytes;
  Status status = source.read(visual.mesh_path, kMaxMeshFileBytes, "a mesh file", bytes);
  bytes_read += bytes.size();
  if (status.ok() && bytes_read > kMaxMeshBytesInAll) {
    status = Status::failure("the visual meshes together pass " + std::to_string(kMaxMeshBytesInAll) + " bytes");
  }
  // An OBJ's material libraries, beside it; one missing or unreadable gives no colours.
  const std::size_t slash = visual.mesh_path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "" : visual.mesh_path.substr(0, slash + 1);
  const MaterialFileReader read_material_file = [&](const std::string& name, std::string& text) {
    const std::string path = folder + (name.rfind("./", 0) == 0 ? name.substr(2) : name);
    if (!source.exists(path) || !source.read(path, kMaxMaterialFileBytes, "a material file", text).ok()) return false;
    bytes_read += text.size();
    return bytes_read <= kMaxMeshBytesInAll;
  };
  Mesh mesh;
  if (status.ok()) {
    status = read_mesh_bytes(
        bytes, visual.mesh_path,
        [&source](const std::string& text, XmlElement& root) { return source.parse_xml(text, root); }, mesh,
        read_material_file);
  }
  if (!status.ok()) {
    report.warn(visual.geometry.where + ": visual mesh not drawn: " + status.message());
    return false;
  }
  meshes.emplace(visual.mesh_path, std::move(mesh));
  return true;
}

// Every part of `mesh` as one triangle list, scaled; a scale that mirrors (an odd
// number of negative factors) reverses each triangle so that it still faces outward.
// When the file colours triangles, they are grouped by colour (those without one
// first), each group drawn with one material.
void add_mesh_triangles(const Mesh& mesh, const Vec3& scale, VisualShape& shape) {
  const bool mirrored = scale.x() * scale.y() * scale.z() < 0;
  std::map<int, std::vector<std::uint32_t>> by_color;  // mesh colour (-1: none) => indices
  for (const MeshPart& part : mesh.parts) {
    const auto first = static_cast<std::uint32_t>(shape.positions.size() / 3);
    for (const Vec3& vertex : part.vertices) {
      const Vec3 scaled = vertex.cwiseProduct(scale);
      shape.positions.insert(shape.positions.end(), {static_cast<float>(scaled.x()), static_cast<float>(scaled.y()),
                                                     static_cast<float>(scaled.z())});
    }
    for (std::size_t t = 0; t < part.triangles.size(); ++t) {
      const std::array<int, 3>& triangle = part.triangles[t];
      const int second = mirrored ? 2 : 1, third = mirrored ? 1 : 2;
      std::vector<std::uint32_t>& indices = by_color[part.triangle_colors.empty() ? -1 : part.triangle_colors[t]];
      indices.insert(indices.end(), {first + static_cast<std::uint32_t>(triangle[0]),
                                     first + static_cast<std::uint32_t>(triangle[second]),
                                     first + static_cast<std::uint32_t>(triangle[third])});
    }
  }
  for (const auto& [color, indices] : by_color) {
    if (color >= 0) {
      shape.file_colors.push_back({static_cast<std::uint32_t>(shape.indices.size()),
                                   static_cast<std::uint32_t>(indices.size()), true, mesh.colors[color]});
    } else if (by_color.size() > 1) {
      shape.file_colors.push_back({static_cast<std::uint32_t>(shape.indices.size()),
                                   static_cast<std::uint32_t>(indices.size()), false, Rgba{1, 1, 1, 1}});
    }
    shape.indices.insert(shape.indices.end(), indices.begin(), indices.end());
  }
}

}  // namespace

VisualGeometry visual_geometry(const std::vector<ImportedVisual>& visuals, const RobotSource& source,
                               std::size_t max_triangles, ImportReport& report) {
  VisualGeometry out;
  std::map<std::string, Mesh> meshes;
  std::size_t bytes_read = 0;
  for (const ImportedVisual& visual : visuals) {
    const UrdfGeometry& geometry = visual.geometry;
    VisualShape shape;
    shape.body = visual.scene_link;
    shape.type = geometry.type;
    shape.in_body = visual.in_body;
    shape.has_color = geometry.has_color;
    shape.color = geometry.color;
    switch (geometry.type) {
      case UrdfGeometryType::Box: shape.half_extents = geometry.size / 2; break;
      case UrdfGeometryType::Cylinder:
      case UrdfGeometryType::Capsule:
        shape.radius = geometry.radius;
        shape.half_length = geometry.length / 2;
        break;
      case UrdfGeometryType::Sphere: shape.radius = geometry.radius; break;
      case UrdfGeometryType::Mesh: {
        if (!read_visual_mesh(visual, source, meshes, bytes_read, report)) continue;
        const Mesh& mesh = meshes.at(visual.mesh_path);
        out.triangles += mesh.triangle_count();
        if (out.triangles > max_triangles) {
          report.warn("the visual meshes hold more than " + std::to_string(max_triangles) +
                      " triangles; the page draws the collision geometry");
          return VisualGeometry{{}, out.triangles, true};
        }
        add_mesh_triangles(mesh, geometry.scale, shape);
        break;
      }
    }
    out.shapes.push_back(std::move(shape));
  }
  return out;
}

}  // namespace contactlab
