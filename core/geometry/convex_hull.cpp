// The convex hull of a point cloud by incremental construction (Clarkson–Shor / the
// "beneath-beyond" method): start from a tetrahedron of extreme points, then add each
// point that lies beyond the current hull by replacing the faces it sees with a fan
// from the point to the horizon. Coplanar triangles are merged into polygons at the
// end, and vertices that only lie on straight edges are removed.
//
// Tolerance: a point within kRelativeTolerance * (bounding-box diagonal) of a face
// plane counts as lying on it, so duplicates, interior points and points on faces or
// edges never become hull vertices. Everything runs in a fixed order (input order,
// stable sorts, ordered maps), so the same cloud always gives the same hull.
#include "geometry/convex_hull.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace contactlab {
namespace {

constexpr double kRelativeTolerance = 1e-9;

struct Triangle {
  std::array<int, 3> vertex;  // counter-clockwise seen from outside
  Vec3 normal;                // outward unit normal
  double offset = 0;          // normal . x for x on the plane
  bool alive = true;
};

using DirectedEdge = std::pair<int, int>;

class IncrementalHull {
 public:
  IncrementalHull(const std::vector<Vec3>& points, double tolerance)
      : points_(points), tolerance_(tolerance) {}

  void add_triangle(int a, int b, int c) {
    Triangle triangle;
    triangle.vertex = {a, b, c};
    const Vec3 normal = (points_[b] - points_[a]).cross(points_[c] - points_[a]);
    const double length = normal.norm();
    triangle.normal = length > 0 ? Vec3(normal / length) : Vec3::Zero();
    triangle.offset = triangle.normal.dot(points_[a]);
    const int index = static_cast<int>(triangles_.size());
    triangles_.push_back(triangle);
    for (int k = 0; k < 3; ++k) edge_owner_[{triangle.vertex[k], triangle.vertex[(k + 1) % 3]}] = index;
  }

  double distance(int triangle, const Vec3& point) const {
    return triangles_[triangle].normal.dot(point) - triangles_[triangle].offset;
  }

  // The triangle across the edge a->b of a triangle (the owner of b->a), or -1.
  int neighbour(int a, int b) const {
    const auto found = edge_owner_.find({b, a});
    return found == edge_owner_.end() ? -1 : found->second;
  }

  // Adds `point_index` if it lies beyond the hull; returns whether it did.
  bool add_point(int point_index) {
    const Vec3& point = points_[point_index];
    int seed = -1;
    double seed_distance = tolerance_;
    for (int t = 0; t < static_cast<int>(triangles_.size()); ++t) {
      if (!triangles_[t].alive) continue;
      const double d = distance(t, point);
      if (d > seed_distance) {
        seed_distance = d;
        seed = t;
      }
    }
    if (seed < 0) return false;

    // The faces the point sees, grown from the most visible one over shared edges so
    // that the visible region is connected.
    std::vector<int> visible{seed};
    std::vector<char> is_visible(triangles_.size(), 0);
    is_visible[seed] = 1;
    for (size_t i = 0; i < visible.size(); ++i) {
      const Triangle& triangle = triangles_[visible[i]];
      for (int k = 0; k < 3; ++k) {
        const int next = neighbour(triangle.vertex[k], triangle.vertex[(k + 1) % 3]);
        if (next < 0 || is_visible[next] || distance(next, point) <= tolerance_) continue;
        is_visible[next] = 1;
        visible.push_back(next);
      }
    }

    // Horizon: edges of visible faces whose neighbour stays.
    std::vector<DirectedEdge> horizon;
    for (const int t : visible) {
      const Triangle& triangle = triangles_[t];
      for (int k = 0; k < 3; ++k) {
        const int a = triangle.vertex[k], b = triangle.vertex[(k + 1) % 3];
        const int next = neighbour(a, b);
        if (next < 0 || !is_visible[next]) horizon.emplace_back(a, b);
      }
    }
    for (const int t : visible) {
      Triangle& triangle = triangles_[t];
      triangle.alive = false;
      for (int k = 0; k < 3; ++k) {
        const auto found = edge_owner_.find({triangle.vertex[k], triangle.vertex[(k + 1) % 3]});
        if (found != edge_owner_.end() && found->second == t) edge_owner_.erase(found);
      }
    }
    for (const DirectedEdge& edge : horizon) add_triangle(edge.first, edge.second, point_index);
    return true;
  }

  const std::vector<Triangle>& triangles() const { return triangles_; }

 private:
  const std::vector<Vec3>& points_;
  double tolerance_;
  std::vector<Triangle> triangles_;
  std::map<DirectedEdge, int> edge_owner_;
};

// Index of the point with the largest `measure` (stored in `best`); ties keep the
// lowest index.
template <typename Measure>
int farthest_point(int count, Measure measure, double& best) {
  int index = -1;
  best = -1;
  for (int i = 0; i < count; ++i) {
    const double value = measure(i);
    if (value > best) {
      best = value;
      index = i;
    }
  }
  return index;
}

// A face loop walked from the group's boundary edges; false if they do not form
// one simple cycle.
bool walk_loop(const std::vector<DirectedEdge>& boundary, std::vector<int>& loop) {
  std::map<int, int> next;
  for (const DirectedEdge& edge : boundary) {
    if (!next.emplace(edge.first, edge.second).second) return false;
  }
  loop.clear();
  const int start = next.begin()->first;
  int current = start;
  do {
    loop.push_back(current);
    const auto found = next.find(current);
    if (found == next.end() || loop.size() > boundary.size()) return false;
    current = found->second;
  } while (current != start);
  return loop.size() == boundary.size();
}

// Outward unit normal of a planar loop: the sum of the fan triangles' area vectors
// about the first vertex. A face whose vertices share one coordinate exactly gets an
// exactly axis-aligned normal (the other components are sums of exact zeros).
Vec3 loop_normal(const std::vector<Vec3>& points, const std::vector<int>& loop) {
  Vec3 sum = Vec3::Zero();
  const Vec3& origin = points[loop[0]];
  for (size_t i = 1; i + 1 < loop.size(); ++i) {
    sum += (points[loop[i]] - origin).cross(points[loop[i + 1]] - origin);
  }
  return sum / sum.norm();
}

double distance_to_line(const Vec3& point, const Vec3& a, const Vec3& b) {
  const Vec3 direction = b - a;
  const double length_squared = direction.squaredNorm();
  if (length_squared == 0) return (point - a).norm();
  return direction.cross(point - a).norm() / std::sqrt(length_squared);
}

}  // namespace

Status build_convex_hull(const std::vector<Vec3>& points, ConvexHullData& hull) {
  const int count = static_cast<int>(points.size());
  if (count < 4) {
    return Status::failure("a convex hull needs at least 4 points, got " + std::to_string(count));
  }
  for (int i = 0; i < count; ++i) {
    if (!points[i].allFinite()) {
      return Status::failure("point " + std::to_string(i) + " has a non-finite coordinate");
    }
  }
  Vec3 low = points[0], high = points[0];
  for (const Vec3& point : points) {
    low = low.cwiseMin(point);
    high = high.cwiseMax(point);
  }
  const double tolerance = kRelativeTolerance * (high - low).norm();

  // (points) => (tetrahedron of extreme points): lowest point, the farthest from it,
  // the farthest from their line, the farthest from their plane.
  double extent = 0;
  int first = 0;
  for (int i = 1; i < count; ++i) {
    const Vec3& p = points[i];
    const Vec3& q = points[first];
    if (p.x() < q.x() || (p.x() == q.x() && (p.y() < q.y() || (p.y() == q.y() && p.z() < q.z())))) {
      first = i;
    }
  }
  const int second = farthest_point(
      count, [&](int i) { return (points[i] - points[first]).norm(); }, extent);
  if (extent <= tolerance) return Status::failure("all points coincide: the hull has no volume");
  const int third = farthest_point(
      count, [&](int i) { return distance_to_line(points[i], points[first], points[second]); },
      extent);
  if (extent <= tolerance) return Status::failure("all points are collinear: the hull has no volume");
  const Vec3 base_normal =
      (points[second] - points[first]).cross(points[third] - points[first]).normalized();
  const int fourth = farthest_point(
      count, [&](int i) { return std::abs(base_normal.dot(points[i] - points[first])); }, extent);
  if (extent <= tolerance) return Status::failure("all points are coplanar: the hull has no volume");

  IncrementalHull builder(points, tolerance);
  const bool fourth_above = base_normal.dot(points[fourth] - points[first]) > 0;
  const int b = fourth_above ? third : second;
  const int c = fourth_above ? second : third;
  builder.add_triangle(first, b, c);
  builder.add_triangle(first, fourth, b);
  builder.add_triangle(b, fourth, c);
  builder.add_triangle(c, fourth, first);

  // (remaining points) => (hull triangles), farthest from the tetrahedron's centroid
  // first, so that points on edges and faces usually arrive after the corners.
  const Vec3 centroid = 0.25 * (points[first] + points[second] + points[third] + points[fourth]);
  std::vector<int> order;
  for (int i = 0; i < count; ++i) {
    if (i != first && i != second && i != third && i != fourth) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [&](int i, int j) {
    return (points[i] - centroid).squaredNorm() > (points[j] - centroid).squaredNorm();
  });
  for (const int i : order) builder.add_point(i);

  // (triangles) => (groups of coplanar triangles): seeded by the largest remaining
  // triangle; a neighbour joins when all its corners lie on the seed's plane.
  const std::vector<Triangle>& triangles = builder.triangles();
  std::vector<int> alive;
  for (int t = 0; t < static_cast<int>(triangles.size()); ++t) {
    if (triangles[t].alive) alive.push_back(t);
  }
  auto area = [&](int t) {
    const Triangle& tri = triangles[t];
    return (points[tri.vertex[1]] - points[tri.vertex[0]])
        .cross(points[tri.vertex[2]] - points[tri.vertex[0]])
        .squaredNorm();
  };
  std::stable_sort(alive.begin(), alive.end(), [&](int i, int j) { return area(i) > area(j); });
  std::vector<int> group(triangles.size(), -1);
  std::vector<std::vector<int>> groups;
  for (const int seed : alive) {
    if (group[seed] >= 0) continue;
    const int id = static_cast<int>(groups.size());
    groups.push_back({seed});
    group[seed] = id;
    const Triangle& plane = triangles[seed];
    for (size_t i = 0; i < groups[id].size(); ++i) {
      const Triangle& member = triangles[groups[id][i]];
      for (int k = 0; k < 3; ++k) {
        const int next = builder.neighbour(member.vertex[k], member.vertex[(k + 1) % 3]);
        if (next < 0 || group[next] >= 0 || triangles[next].normal.dot(plane.normal) <= 0) continue;
        bool coplanar = true;
        for (const int v : triangles[next].vertex) {
          coplanar = coplanar && std::abs(plane.normal.dot(points[v]) - plane.offset) <= tolerance;
        }
        if (!coplanar) continue;
        group[next] = id;
        groups[id].push_back(next);
      }
    }
  }

  // (groups) => (polygon loops): the boundary of each group, walked from its lowest
  // vertex. A group whose boundary is not one cycle keeps its triangles.
  std::vector<std::vector<int>> loops;
  for (const std::vector<int>& members : groups) {
    std::vector<DirectedEdge> boundary;
    for (const int t : members) {
      const Triangle& tri = triangles[t];
      for (int k = 0; k < 3; ++k) {
        const int a = tri.vertex[k], b2 = tri.vertex[(k + 1) % 3];
        const int next = builder.neighbour(a, b2);
        if (next < 0 || group[next] != group[t]) boundary.emplace_back(a, b2);
      }
    }
    std::vector<int> loop;
    if (walk_loop(boundary, loop)) {
      loops.push_back(loop);
    } else {
      for (const int t : members) {
        loops.push_back({triangles[t].vertex[0], triangles[t].vertex[1], triangles[t].vertex[2]});
      }
    }
  }

  // (loops) => (loops without vertices that only lie on straight edges): a vertex
  // goes when it is collinear with its neighbours in every loop that holds it.
  std::map<int, std::pair<int, int>> vertex_use;  // vertex -> (loops holding it, collinear in)
  for (const std::vector<int>& loop : loops) {
    const int n = static_cast<int>(loop.size());
    for (int i = 0; i < n; ++i) {
      const int v = loop[i];
      const bool collinear =
          distance_to_line(points[v], points[loop[(i + n - 1) % n]], points[loop[(i + 1) % n]]) <=
          tolerance;
      auto& use = vertex_use[v];
      use.first += 1;
      use.second += collinear ? 1 : 0;
    }
  }
  for (std::vector<int>& loop : loops) {
    std::vector<int> kept;
    for (const int v : loop) {
      const auto& use = vertex_use[v];
      if (use.second < use.first) kept.push_back(v);
    }
    loop = kept;
  }

  // (loops over input indices) => (hull): vertices in input order, each loop starting
  // at its lowest vertex, loops sorted, edges unique and sorted.
  std::map<int, int> new_index;
  for (const std::vector<int>& loop : loops) {
    for (const int v : loop) new_index.emplace(v, 0);
  }
  ConvexHullData result;
  for (auto& entry : new_index) {
    entry.second = static_cast<int>(result.vertices.size());
    result.vertices.push_back(points[entry.first]);
  }
  std::vector<std::vector<int>> faces;
  for (const std::vector<int>& loop : loops) {
    if (loop.size() < 3) return Status::failure("the points are too close to degenerate to form a hull");
    std::vector<int> face;
    for (const int v : loop) face.push_back(new_index[v]);
    std::rotate(face.begin(), std::min_element(face.begin(), face.end()), face.end());
    faces.push_back(face);
  }
  std::stable_sort(faces.begin(), faces.end());
  std::vector<std::pair<int, int>> edges;
  for (const std::vector<int>& face : faces) {
    const Vec3 normal = loop_normal(result.vertices, face);
    if (!normal.allFinite()) {
      return Status::failure("the points are too close to degenerate to form a hull");
    }
    result.face_normals.push_back(normal);
    for (size_t i = 0; i < face.size(); ++i) {
      const int a = face[i], b2 = face[(i + 1) % face.size()];
      edges.emplace_back(std::min(a, b2), std::max(a, b2));
    }
  }
  std::stable_sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  result.faces = std::move(faces);
  result.edges = std::move(edges);

  // Euler's formula V - E + F = 2 holds for every closed convex polytope.
  const int euler = static_cast<int>(result.vertices.size()) - static_cast<int>(result.edges.size()) +
                    static_cast<int>(result.faces.size());
  if (euler != 2) return Status::failure("the points are too close to degenerate to form a hull");
  hull = std::move(result);
  return Status::success();
}

}  // namespace contactlab
