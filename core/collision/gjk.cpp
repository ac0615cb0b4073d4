#include "collision/gjk.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

constexpr int kMaxIterations = 96;
constexpr double kRelativeGap = 1e-12;  // stop when |v|^2 - v.w <= kRelativeGap |v|^2

// A support point of a - b along a direction, with the points of a and b it comes from.
struct SupportPair {
  Vec3 w;  // a - b
  Vec3 a;
  Vec3 b;
};

// The simplex keeps only the points of a - b: the answer's points of a and b are those
// of the best support query.
struct SimplexVertex {
  Vec3 w;
};

struct Simplex {
  SimplexVertex vertex[4];
  double weight[4] = {1, 0, 0, 0};
  int count = 0;
};

// Barycentric weights of the point of triangle (p0, p1, p2) closest to the origin
// (Ericson §5.1.5, with the query point at the origin).
void closest_on_triangle(const Vec3& p0, const Vec3& p1, const Vec3& p2, double weight[3]) {
  const Vec3 e1 = p1 - p0, e2 = p2 - p0;
  const double d1 = -e1.dot(p0), d2 = -e2.dot(p0);
  if (d1 <= 0 && d2 <= 0) {
    weight[0] = 1, weight[1] = 0, weight[2] = 0;
    return;
  }
  const double d3 = -e1.dot(p1), d4 = -e2.dot(p1);
  if (d3 >= 0 && d4 <= d3) {
    weight[0] = 0, weight[1] = 1, weight[2] = 0;
    return;
  }
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const double v = d1 / (d1 - d3);
    weight[0] = 1 - v, weight[1] = v, weight[2] = 0;
    return;
  }
  const double d5 = -e1.dot(p2), d6 = -e2.dot(p2);
  if (d6 >= 0 && d5 <= d6) {
    weight[0] = 0, weight[1] = 0, weight[2] = 1;
    return;
  }
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const double w = d2 / (d2 - d6);
    weight[0] = 1 - w, weight[1] = 0, weight[2] = w;
    return;
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    weight[0] = 0, weight[1] = 1 - w, weight[2] = w;
    return;
  }
  const double sum = va + vb + vc;
  if (!(sum > 0)) {
    // A degenerate (collinear) triangle that no region test caught: its closest edge.
    const Vec3* corner[3] = {&p0, &p1, &p2};
    double best = -1;
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3;
      const Vec3 edge = *corner[j] - *corner[i];
      const double length_squared = edge.squaredNorm();
      const double t =
          length_squared > 0 ? std::min(1.0, std::max(0.0, -corner[i]->dot(edge) / length_squared)) : 0.0;
      const double distance = (*corner[i] + t * edge).squaredNorm();
      if (best >= 0 && distance >= best) continue;
      best = distance;
      weight[0] = weight[1] = weight[2] = 0;
      weight[i] = 1 - t;
      weight[j] = t;
    }
    return;
  }
  const double v = vb / sum, w = vc / sum;
  weight[0] = 1 - v - w, weight[1] = v, weight[2] = w;
}

Vec3 combination(const Simplex& simplex) {
  Vec3 point = Vec3::Zero();
  for (int i = 0; i < simplex.count; ++i) point += simplex.weight[i] * simplex.vertex[i].w;
  return point;
}

// Keeps only the vertices with a positive weight.
void drop_unused(Simplex& simplex) {
  int kept = 0;
  for (int i = 0; i < simplex.count; ++i) {
    if (simplex.weight[i] > 0) {
      simplex.vertex[kept] = simplex.vertex[i];
      simplex.weight[kept] = simplex.weight[i];
      ++kept;
    }
  }
  simplex.count = kept;
}

void solve_segment(Simplex& simplex) {
  const Vec3& p0 = simplex.vertex[0].w;
  const Vec3 edge = simplex.vertex[1].w - p0;
  const double length_squared = edge.squaredNorm();
  double t = length_squared > 0 ? -p0.dot(edge) / length_squared : 0;
  t = std::min(1.0, std::max(0.0, t));
  simplex.weight[0] = 1 - t;
  simplex.weight[1] = t;
}

void solve_triangle(Simplex& simplex) {
  closest_on_triangle(simplex.vertex[0].w, simplex.vertex[1].w, simplex.vertex[2].w, simplex.weight);
}

// Returns true when the origin lies inside the tetrahedron.
bool solve_tetrahedron(Simplex& simplex) {
  static constexpr int kFaces[4][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {0, 2, 3, 1}, {1, 3, 2, 0}};
  const Vec3* p[4] = {&simplex.vertex[0].w, &simplex.vertex[1].w, &simplex.vertex[2].w,
                      &simplex.vertex[3].w};
  bool any_outside = false;
  double best_distance = -1;
  double best_weight[4] = {0, 0, 0, 0};
  for (const auto& face : kFaces) {
    const Vec3& a = *p[face[0]];
    const Vec3 normal = (*p[face[1]] - a).cross(*p[face[2]] - a);
    const double origin_side = -normal.dot(a);
    const double opposite_side = normal.dot(*p[face[3]] - a);
    // The origin is beyond the face when on the side away from the opposite vertex, or
    // when the tetrahedron is flat at this face (the norms are only needed then).
    if (origin_side * opposite_side >= 0) {
      const double scale = normal.norm() * (*p[face[3]] - a).norm();
      const bool degenerate = std::abs(opposite_side) <= 1e-12 * scale;
      if (!degenerate) continue;
    }
    any_outside = true;
    double weight[3];
    closest_on_triangle(a, *p[face[1]], *p[face[2]], weight);
    const Vec3 closest = weight[0] * a + weight[1] * *p[face[1]] + weight[2] * *p[face[2]];
    const double distance = closest.squaredNorm();
    if (best_distance < 0 || distance < best_distance) {
      best_distance = distance;
      for (double& w : best_weight) w = 0;
      for (int k = 0; k < 3; ++k) best_weight[face[k]] = weight[k];
    }
  }
  if (!any_outside) return true;
  for (int i = 0; i < 4; ++i) simplex.weight[i] = best_weight[i];
  return false;
}

SupportPair support(const ConvexSet& a, const ConvexSet& b, const Vec3& direction) {
  SupportPair vertex;
  vertex.a = support_point(a, direction);
  vertex.b = support_point(b, -direction);
  vertex.w = vertex.a - vertex.b;
  return vertex;
}

}  // namespace

GjkResult gjk_distance(const ConvexSet& a, const ConvexSet& b) {
  GjkResult result;
  const double touch_distance = 1e-13 * (a.size + b.size) + 1e-300;
  Vec3 start = (b.center + b.offset) - (a.center + a.offset);
  if (start.squaredNorm() == 0) start = Vec3::UnitX();

  Simplex simplex;
  simplex.vertex[0].w = support(a, b, start).w;
  simplex.weight[0] = 1;
  simplex.count = 1;
  Vec3 v = simplex.vertex[0].w;
  // Every support query along -v measures the separation along -v/|v| exactly
  // (v . w / |v|, a lower bound of the distance); the best of them is the answer, so
  // a late numerical stall of the simplex cannot spoil it.
  double best_lower_bound = -1;
  Vec3 best_direction = Vec3::UnitZ();

  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const double v_squared = v.squaredNorm();
    if (v_squared <= touch_distance * touch_distance) {
      result.overlap = true;
      return result;
    }
    const SupportPair candidate = support(a, b, -v);
    const double v_length = std::sqrt(v_squared);
    const double lower_bound = v.dot(candidate.w) / v_length;
    if (lower_bound > best_lower_bound) {
      best_lower_bound = lower_bound;
      best_direction = -v / v_length;
      result.point_a = candidate.a;
      result.point_b = candidate.b;
    }
    // Stop when the upper bound |v| and the lower bound meet.
    if (v_squared - v.dot(candidate.w) <= kRelativeGap * v_squared) break;
    bool repeated = false;
    for (int i = 0; i < simplex.count; ++i) repeated = repeated || simplex.vertex[i].w == candidate.w;
    if (repeated) break;

    simplex.vertex[simplex.count++].w = candidate.w;
    if (simplex.count == 2) {
      solve_segment(simplex);
    } else if (simplex.count == 3) {
      solve_triangle(simplex);
    } else if (solve_tetrahedron(simplex)) {
      result.overlap = true;
      for (int i = 0; i < 4; ++i) result.enclosing_tetrahedron[i] = simplex.vertex[i].w;
      result.has_enclosing_tetrahedron = true;
      return result;
    }
    drop_unused(simplex);
    const Vec3 next = combination(simplex);
    if (next.squaredNorm() >= v_squared) break;  // no progress left above rounding
    v = next;
  }

  if (best_lower_bound <= touch_distance) {
    result.overlap = true;
    return result;
  }
  result.distance = best_lower_bound;
  result.normal = best_direction;
  return result;
}

}  // namespace contactlab
