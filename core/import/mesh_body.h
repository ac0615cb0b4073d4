// A mesh file as a new body of a scene (the page's editor adds one: docs/page.md, "The
// scene editor"): each part of an STL or OBJ file (an OBJ's objects and groups) the
// convex hull of its vertices (mesh_hull.h, simplified past the scene's 256 vertices),
// scaled from the file's unit to metres and moved so that the parts' bounding box is
// centred on the body's origin across x and y and its lowest point is at the origin's
// height: the body rests on whatever its origin is put on. The result is a scene file's
// `bodies` entry, a dynamic body with one `convex_hull` geom per part, which the scene
// loader then checks as it checks any body (name, mass, at most 16 geoms, ...).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "base/status.h"
#include "import/import_report.h"

namespace contactlab {

struct MeshBodyRequest {
  std::string file;      // the file's name: its extension (.stl or .obj, any case) picks the reader
  double scale = 1;      // metres per unit of the file: 1 (m), 0.001 (mm); in (0, 1000]
  std::string name;      // the body's name
  double mass = 1;       // kg
  std::string field;     // the entry's path in the scene, starting messages ("bodies[3]")
};

// `bytes`: the file's content. Errors name the entry's field and the file, e.g.
// "bodies[3].geoms[0].vertices: flat.stl: its convex hull cannot be built (all points
// are coplanar: the hull has no volume)"; `report` says which hulls were simplified.
Status mesh_body(const std::string& bytes, const MeshBodyRequest& request, nlohmann::json& body,
                 ImportReport& report);

}  // namespace contactlab
