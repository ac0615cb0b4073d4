// A collision mesh part as the convex hull the physics uses: the hull of its vertices
// (scaled per axis), simplified when it has more vertices than a scene's hull may
// (kMaxHullVertices): then the hull of the extreme vertices in kMaxHullVertices
// directions spread evenly over the sphere (a Fibonacci lattice), which keeps the
// mesh's extent in each of them. A flat or degenerate part is an error.
#pragma once

#include <string>
#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "geometry/shape.h"

namespace contactlab {

struct ImportedHull {
  ConvexHullData hull;
  std::size_t full_vertex_count = 0;  // vertices of the unsimplified hull
};

// `name` (file and part) starts every error.
Status mesh_hull(const std::vector<Vec3>& vertices, const Vec3& scale, const std::string& name, ImportedHull& out);

// The warning a simplified hull gives ("NAME: convex hull of N vertices simplified to
// M"), or "" when the hull was kept whole.
std::string simplified_hull_warning(const std::string& name, const ImportedHull& hull);

}  // namespace contactlab
