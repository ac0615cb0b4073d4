// A scene link's collision geoms from the URDF links it carries (docs/urdf.md): boxes,
// cylinders, capsules, spheres and meshes (one convex hull per mesh part, a simplified
// hull reported) with their origins and scales, posed in the scene link's frame, and
// each carried link's geometry at unit density for the mass rules (link_mass.h). A
// carried link's visual mesh that is missing is reported: the scene does not need it.
// Mesh files are read through the robot's source once each, within the import limits
// (import_limits.h); an unreadable mesh or a link past the scene's 16 geoms is refused
// (import_failure.h).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "import/draft_links.h"
#include "import/import_report.h"
#include "import/mesh.h"
#include "import/robot_source.h"
#include "import/urdf_model.h"

namespace contactlab {

class CollisionGeoms {
 public:
  CollisionGeoms(const RobotSource& source, ImportReport& report) : source_(source), report_(report) {}

  // (the draft's carried links) => draft.geoms, draft.shapes and draft.volumes.
  void build(const UrdfRobot& robot, DraftLink& draft);

 private:
  const Mesh& mesh_at(const std::string& path, const UrdfGeometry& geometry);
  void add_geom(DraftLink& draft, const Pose& pose, nlohmann::json geom, const Shape& shape,
                std::vector<MassPart>* volume, const UrdfGeometry& geometry);

  const RobotSource& source_;
  ImportReport& report_;
  std::map<std::string, Mesh> meshes_;  // by path, each read once
  std::size_t mesh_bytes_ = 0;          // of every mesh read
};

}  // namespace contactlab
