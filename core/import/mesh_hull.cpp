#include "import/mesh_hull.h"

#include <cmath>
#include <set>

#include "geometry/convex_hull.h"
#include "import/import_limits.h"

namespace contactlab {
namespace {

// n directions spread over the unit sphere: the Fibonacci lattice, z_k = 1 - (2k + 1)/n
// and longitude k times the golden angle.
std::vector<Vec3> sphere_directions(std::size_t count) {
  const double golden_angle = M_PI * (3 - std::sqrt(5.0));
  std::vector<Vec3> directions;
  for (std::size_t k = 0; k < count; ++k) {
    const double z = 1 - (2.0 * k + 1) / static_cast<double>(count);
    const double r = std::sqrt(std::max(0.0, 1 - z * z));
    directions.emplace_back(r * std::cos(golden_angle * k), r * std::sin(golden_angle * k), z);
  }
  return directions;
}

}  // namespace

Status mesh_hull(const std::vector<Vec3>& vertices, const Vec3& scale, const std::string& name, ImportedHull& out) {
  std::vector<Vec3> points;
  points.reserve(vertices.size());
  for (const Vec3& vertex : vertices) points.push_back(vertex.cwiseProduct(scale));
  ConvexHullData hull;
  const Status built = build_convex_hull(points, hull);
  if (!built.ok()) return Status::failure(name + ": its convex hull cannot be built (" + built.message() + ")");
  out.full_vertex_count = hull.vertices.size();
  if (hull.vertices.size() > kMaxHullVertices) {
    // The farthest hull vertex along each direction; fewer directions when several
    // pick the same vertex would leave too few, so the count grows until it is filled.
    std::set<int> chosen;
    for (std::size_t count = kMaxHullVertices; chosen.size() < kMaxHullVertices && count <= 64 * kMaxHullVertices;
         count *= 2) {
      std::set<int> picked;
      for (const Vec3& direction : sphere_directions(count)) {
        int best = 0;
        for (int v = 1; v < static_cast<int>(hull.vertices.size()); ++v) {
          if (direction.dot(hull.vertices[v]) > direction.dot(hull.vertices[best])) best = v;
        }
        picked.insert(best);
        if (picked.size() == kMaxHullVertices) break;
      }
      chosen = picked;
    }
    std::vector<Vec3> kept;
    for (int v : chosen) kept.push_back(hull.vertices[v]);
    ConvexHullData simplified;
    const Status rebuilt = build_convex_hull(kept, simplified);
    if (!rebuilt.ok()) return Status::failure(name + ": its simplified hull cannot be built (" + rebuilt.message() + ")");
    hull = std::move(simplified);
  }
  out.hull = std::move(hull);
  return Status::success();
}

std::string simplified_hull_warning(const std::string& name, const ImportedHull& hull) {
  if (hull.full_vertex_count <= hull.hull.vertices.size()) return "";
  return name + ": convex hull of " + std::to_string(hull.full_vertex_count) + " vertices simplified to " +
         std::to_string(hull.hull.vertices.size());
}

}  // namespace contactlab
