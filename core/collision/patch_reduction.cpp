#include "collision/patch_reduction.h"

#include <algorithm>
#include <cmath>

#include "collision/small_array.h"

namespace contactlab {
namespace {

bool deeper(const PatchPoint& a, const PatchPoint& b) {
  return a.distance < b.distance || (a.distance == b.distance && a.feature < b.feature);
}

int merge_duplicates(PatchPoint* points, int count, double tolerance) {
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    int duplicate = -1;
    for (int j = 0; j < kept && duplicate < 0; ++j) {
      if ((points[j].position - points[i].position).squaredNorm() <= tolerance * tolerance) duplicate = j;
    }
    if (duplicate < 0) {
      points[kept++] = points[i];
    } else if (deeper(points[i], points[duplicate])) {
      points[duplicate] = points[i];
    }
  }
  return kept;
}

bool between_neighbours(const Vec3& point, const Vec3& previous, const Vec3& next, double tolerance) {
  const Vec3 chord = next - previous;
  const double length_squared = chord.squaredNorm();
  if (length_squared == 0) return true;
  const double distance_squared = chord.cross(point - previous).squaredNorm() / length_squared;
  return distance_squared <= tolerance * tolerance;
}

int drop_collinear(PatchPoint* points, int count, double tolerance) {
  bool removed = true;
  while (removed && count > 2) {
    removed = false;
    for (int i = 0; i < count && count > 2; ++i) {
      const Vec3& previous = points[(i + count - 1) % count].position;
      const Vec3& next = points[(i + 1) % count].position;
      if (!between_neighbours(points[i].position, previous, next, tolerance)) continue;
      std::copy(points + i + 1, points + count, points + i);
      --count;
      removed = true;
      break;
    }
  }
  return count;
}

// Squared distance of a and b in the plane perpendicular to unit `normal`.
double planar_distance_squared(const Vec3& a, const Vec3& b, const Vec3& normal) {
  const Vec3 difference = a - b;
  return (difference - normal.dot(difference) * normal).squaredNorm();
}

int farthest_point_sampling(PatchPoint* points, int count, const Vec3& normal, double tolerance) {
  SmallArray<char, 64> selected;
  SmallArray<double, 64> nearest;
  selected.resize(count);
  nearest.resize(count);
  for (int i = 0; i < count; ++i) selected[i] = 0;
  int first = 0;
  for (int i = 1; i < count; ++i) {
    if (deeper(points[i], points[first])) first = i;
  }
  selected[first] = true;
  for (int i = 0; i < count; ++i) nearest[i] = planar_distance_squared(points[i].position, points[first].position, normal);
  for (int chosen = 1; chosen < kMaxPatchPoints; ++chosen) {
    int next = -1;
    for (int i = 0; i < count; ++i) {
      if (selected[i]) continue;
      if (next < 0) {
        next = i;
        continue;
      }
      const double gap = std::sqrt(nearest[i]) - std::sqrt(nearest[next]);
      if (gap > tolerance || (gap >= -tolerance && deeper(points[i], points[next]))) next = i;
    }
    selected[next] = true;
    for (int i = 0; i < count; ++i) {
      nearest[i] = std::min(nearest[i], planar_distance_squared(points[i].position, points[next].position, normal));
    }
  }
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    if (selected[i]) points[kept++] = points[i];
  }
  return kept;
}

}  // namespace

int reduce_patch(PatchPoint* points, int count, bool is_polygon, const Vec3& normal, double tolerance) {
  count = merge_duplicates(points, count, tolerance);
  if (is_polygon) count = drop_collinear(points, count, tolerance);
  if (count <= kMaxPatchPoints) return count;
  return farthest_point_sampling(points, count, normal, tolerance);
}

}  // namespace contactlab
