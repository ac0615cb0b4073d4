// What the page draws for an imported robot in place of its collision geometry: each
// <visual> element (urdf_scene.h placed them on the bodies) as a primitive or as the
// triangles of its mesh file, read with the collision meshes' readers (mesh_file.h),
// never hulled, with the colours the file gives (an OBJ's material libraries read from
// beside it through the source). A visual that cannot be drawn is a warning, never an error: the
// physics does not need it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/math_types.h"
#include "import/mesh.h"
#include "import/import_report.h"
#include "import/robot_source.h"
#include "import/urdf_scene.h"

namespace contactlab {

// Indices [first, first + count) of a mesh shape, drawn in the colour its file gives
// them, or, where it gives none, in the shape's.
struct VisualColorGroup {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  bool has_color = false;
  Rgba color = {1, 1, 1, 1};
};

struct VisualShape {
  std::string body;  // the scene link (body) it is drawn on
  UrdfGeometryType type = UrdfGeometryType::Mesh;
  Pose in_body;                          // of the shape's frame in the body frame
  Vec3 half_extents = Vec3::Zero();      // box
  double radius = 0, half_length = 0;    // cylinder and capsule (along z), sphere
  std::vector<float> positions;          // mesh: x y z per vertex, scaled, in the shape's frame
  std::vector<std::uint32_t> indices;    // mesh: three per triangle, counter-clockwise from outside
  // The file's colours: the indices grouped by colour, covering them all; empty when
  // the file gives none.
  std::vector<VisualColorGroup> file_colors;
  bool has_color = false;                // the URDF <material>'s; else the page's default colour
  Rgba color = {1, 1, 1, 1};
};

struct VisualGeometry {
  std::vector<VisualShape> shapes;
  std::size_t triangles = 0;  // in all meshes
  bool capped = false;        // past max_triangles: no shapes, the page draws the collision geometry
};

// The shapes of `visuals` (mesh files read through `source`), at most `max_triangles`
// mesh triangles in all (past it: none, `capped`, and a warning).
VisualGeometry visual_geometry(const std::vector<ImportedVisual>& visuals, const RobotSource& source,
                               std::size_t max_triangles, ImportReport& report);

}  // namespace contactlab
