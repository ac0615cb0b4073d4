#include "collision/epa.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace contactlab {
namespace {

constexpr int kMaxVertices = 52;
constexpr int kMaxFaces = 2 * kMaxVertices;  // a closed triangulated polytope has 2V - 4
constexpr int kMaxExpansions = kMaxVertices - 4;

struct Face {
  std::array<int, 3> vertex;  // counter-clockwise seen from outside
  Vec3 normal;
  double distance;  // of the origin from the face plane
  bool alive;       // slots past the polytope's face count are never read
};

class Polytope {
 public:
  int add_vertex(const Vec3& point) {
    vertices_[vertex_count_] = point;
    return vertex_count_++;
  }
  // Adds face (i, j, k) in the first free slot; false when it is degenerate or there is
  // no room. The search starts at first_free_, below which every slot is alive, so the
  // slot is the lowest free one without rescanning the live faces before it.
  bool add_face(int i, int j, int k) {
    int slot = first_free_;
    while (slot < face_count_ && faces_[slot].alive) ++slot;
    if (slot >= kMaxFaces) return false;
    Face& face = faces_[slot];
    face.vertex = {i, j, k};
    const Vec3 normal = (vertices_[j] - vertices_[i]).cross(vertices_[k] - vertices_[i]);
    const double length = normal.norm();
    if (!(length > 0)) return false;
    face.normal = normal / length;
    face.distance = face.normal.dot(vertices_[i]);
    face.alive = true;
    if (slot == face_count_) ++face_count_;
    first_free_ = slot + 1;
    return true;
  }

  int nearest_face() const {
    int best = -1;
    for (int f = 0; f < face_count_; ++f) {
      if (faces_[f].alive && (best < 0 || faces_[f].distance < faces_[best].distance)) best = f;
    }
    return best;
  }

  // Replaces the faces that `point` sees by a fan from the point to their horizon.
  bool expand(int point_index) {
    const Vec3& point = vertices_[point_index];
    std::array<std::array<int, 2>, kMaxFaces> edges;
    int edge_count = 0;
    for (int f = 0; f < face_count_; ++f) {
      Face& face = faces_[f];
      if (!face.alive || face.normal.dot(point - vertices_[face.vertex[0]]) <= 0) continue;
      face.alive = false;
      first_free_ = std::min(first_free_, f);
      for (int e = 0; e < 3; ++e) {
        const int from = face.vertex[e], to = face.vertex[(e + 1) % 3];
        // An edge shared by two visible faces appears in both directions: drop both.
        bool shared = false;
        for (int k = 0; k < edge_count && !shared; ++k) {
          if (edges[k][0] == to && edges[k][1] == from) {
            edges[k] = edges[--edge_count];
            shared = true;
          }
        }
        if (shared) continue;
        if (edge_count >= kMaxFaces) return false;
        edges[edge_count++] = {from, to};
      }
    }
    for (int k = 0; k < edge_count; ++k) {
      if (!add_face(edges[k][0], edges[k][1], point_index)) return false;
    }
    return edge_count > 0;
  }

  const Face& face(int f) const { return faces_[f]; }

 private:
  std::array<Vec3, kMaxVertices> vertices_;
  std::array<Face, kMaxFaces> faces_;
  int vertex_count_ = 0;
  int face_count_ = 0;
  int first_free_ = 0;  // every slot below it holds a live face
};

}  // namespace

bool epa_penetration_normal(const ConvexSet& a, const ConvexSet& b, const Vec3 tetrahedron[4], Vec3& normal) {
  Polytope polytope;
  for (int i = 0; i < 4; ++i) polytope.add_vertex(tetrahedron[i]);
  // Orient the tetrahedron so that its faces are counter-clockwise seen from outside.
  const bool flipped =
      (tetrahedron[1] - tetrahedron[0]).cross(tetrahedron[2] - tetrahedron[0]).dot(tetrahedron[3] - tetrahedron[0]) > 0;
  const int p1 = flipped ? 2 : 1, p2 = flipped ? 1 : 2;
  if (!polytope.add_face(0, p1, p2) || !polytope.add_face(0, 3, p1) || !polytope.add_face(p1, 3, p2) ||
      !polytope.add_face(p2, 3, 0)) {
    return false;
  }
  // Every support query along a face normal d measures the separation along d exactly
  // (-d . w); the best of them is the answer, so a late numerical breakdown of the
  // polytope cannot spoil it.
  const double tolerance = 1e-12 * (a.size + b.size);
  double best_depth = 0;
  bool found = false;
  int nearest = polytope.nearest_face();
  for (int expansion = 0; expansion < kMaxExpansions && nearest >= 0; ++expansion) {
    const Face& face = polytope.face(nearest);
    if (face.distance < -tolerance) break;
    const Vec3 direction = face.normal;
    const Vec3 support = support_point(a, direction) - support_point(b, -direction);
    const double depth = direction.dot(support);
    if (!found || depth < best_depth) {
      best_depth = depth;
      normal = direction;
      found = true;
    }
    if (depth - face.distance <= tolerance) break;
    if (!polytope.expand(polytope.add_vertex(support))) break;
    nearest = polytope.nearest_face();
  }
  return found;
}

}  // namespace contactlab
