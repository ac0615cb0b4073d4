#include "import/collision_geoms.h"

#include <memory>
#include <utility>

#include "base/number_text.h"
#include "geometry/mass_properties.h"
#include "import/import_failure.h"
#include "import/import_limits.h"
#include "import/mesh_file.h"
#include "import/mesh_hull.h"
#include "import/pose_json.h"

namespace contactlab {
namespace {

constexpr std::size_t kMaxGeomsPerLink = 16;  // the scene's

}  // namespace

const Mesh& CollisionGeoms::mesh_at(const std::string& path, const UrdfGeometry& geometry) {
  const auto found = meshes_.find(path);
  if (found != meshes_.end()) return found->second;
  if (!source_.exists(path)) {
    fail_import(geometry.where + ": collision mesh " + contactlab::quoted(geometry.filename) + " not found (looked at " + path +
                ")");
  }
  std::string bytes;
  const Status read = source_.read(path, kMaxMeshFileBytes, "a mesh file", bytes);
  if (!read.ok()) fail_import(geometry.where + ": " + read.message());
  mesh_bytes_ += bytes.size();
  if (mesh_bytes_ > kMaxMeshBytesInAll) {
    fail_import(geometry.where + ": the collision meshes together pass " + std::to_string(kMaxMeshBytesInAll) +
                " bytes");
  }
  Mesh mesh;
  const Status parsed = read_mesh_bytes(
      bytes, path, [this](const std::string& text, XmlElement& root) { return source_.parse_xml(text, root); }, mesh);
  if (!parsed.ok()) fail_import(geometry.where + ": " + parsed.message());
  return meshes_.emplace(path, std::move(mesh)).first->second;
}

void CollisionGeoms::add_geom(DraftLink& draft, const Pose& pose, nlohmann::json geom, const Shape& shape,
                              std::vector<MassPart>* volume, const UrdfGeometry& geometry) {
  draft.shapes.emplace_back(shape, pose);
  geom["position"] = vec3_json(pose.position);
  geom["orientation"] = quaternion_json(pose.rotation);
  draft.geoms.push_back(std::move(geom));
  if (draft.geoms.size() > kMaxGeomsPerLink) {
    fail_import(geometry.where + ": link " + contactlab::quoted(draft.name) + " would have more than " +
                std::to_string(kMaxGeomsPerLink) + " collision geoms (its own and those of links merged into it, "
                "one per mesh part)");
  }
  if (volume != nullptr) {
    const MassProperties unit = transform_mass_properties(shape_mass_properties(shape), pose);
    volume->push_back({unit.volume, unit.centroid, unit.inertia});
  }
}

void CollisionGeoms::build(const UrdfRobot& robot, DraftLink& draft) {
  draft.volumes.assign(draft.carried.size(), {});
  for (size_t c = 0; c < draft.carried.size(); ++c) {
    const Carried& carried = draft.carried[c];
    const UrdfLink& link = robot.links[carried.urdf_link];
    std::vector<MassPart>* estimate = &draft.volumes[c];
    for (const UrdfGeometry& geometry : link.collisions) {
      const Pose pose = carried.pose.compose(geometry.origin);
      Shape shape;
      switch (geometry.type) {
        case UrdfGeometryType::Box:
          shape.type = ShapeType::Box;
          shape.half_extents = geometry.size / 2;
          add_geom(draft, pose, {{"type", "box"}, {"half_extents", vec3_json(shape.half_extents)}}, shape, estimate,
                   geometry);
          break;
        case UrdfGeometryType::Cylinder:
        case UrdfGeometryType::Capsule: {
          const bool capsule = geometry.type == UrdfGeometryType::Capsule;
          shape.type = capsule ? ShapeType::Capsule : ShapeType::Cylinder;
          shape.radius = geometry.radius;
          shape.half_length = geometry.length / 2;
          add_geom(draft, pose,
                   {{"type", capsule ? "capsule" : "cylinder"}, {"radius", shape.radius}, {"half_length", shape.half_length}},
                   shape, estimate, geometry);
          break;
        }
        case UrdfGeometryType::Sphere:
          shape.type = ShapeType::Sphere;
          shape.radius = geometry.radius;
          add_geom(draft, pose, {{"type", "sphere"}, {"radius", shape.radius}}, shape, estimate, geometry);
          break;
        case UrdfGeometryType::Mesh: {
          const std::string path = source_.locate(geometry.filename);
          const Mesh& mesh = mesh_at(path, geometry);
          for (const MeshPart& part : mesh.parts) {
            const std::string name = path + (mesh.parts.size() > 1 ? " part " + contactlab::quoted(part.name) : "");
            ImportedHull hull;
            const Status built = mesh_hull(part.vertices, geometry.scale, name, hull);
            if (!built.ok()) fail_import(geometry.where + ": " + built.message());
            const std::string simplified = simplified_hull_warning(name, hull);
            if (!simplified.empty()) report_.warn(simplified);
            nlohmann::json vertices = nlohmann::json::array();
            for (const Vec3& vertex : hull.hull.vertices) vertices.push_back(vec3_json(vertex));
            shape.type = ShapeType::ConvexHull;
            shape.hull = std::make_shared<ConvexHullData>(std::move(hull.hull));
            add_geom(draft, pose, {{"type", "convex_hull"}, {"vertices", vertices}}, shape, estimate, geometry);
          }
          break;
        }
      }
    }
    for (const UrdfGeometry& geometry : link.visuals) {
      if (geometry.type != UrdfGeometryType::Mesh) continue;
      const std::string path = source_.locate(geometry.filename);
      if (!source_.exists(path)) {
        report_.warn(geometry.where + ": visual mesh " + contactlab::quoted(geometry.filename) + " not found (looked at " + path +
                     "); the scene does not need it");
      }
    }
  }
}

}  // namespace contactlab
