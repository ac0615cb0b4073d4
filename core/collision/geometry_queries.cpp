#include "collision/geometry_queries.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

double clamp01(double value) { return std::min(1.0, std::max(0.0, value)); }

}  // namespace

double closest_parameter_on_segment(const Vec3& point, const Vec3& a, const Vec3& b) {
  const Vec3 direction = b - a;
  const double length_squared = direction.squaredNorm();
  if (length_squared == 0) return 0;
  return clamp01(direction.dot(point - a) / length_squared);
}

void closest_parameters_of_segments(const Vec3& a0, const Vec3& a1, const Vec3& b0, const Vec3& b1,
                                    double& s, double& t) {
  const Vec3 da = a1 - a0, db = b1 - b0, r = a0 - b0;
  const double aa = da.squaredNorm(), bb = db.squaredNorm(), f = db.dot(r);
  if (aa == 0 && bb == 0) {
    s = t = 0;
    return;
  }
  if (aa == 0) {
    s = 0;
    t = clamp01(f / bb);
    return;
  }
  const double c = da.dot(r);
  if (bb == 0) {
    t = 0;
    s = clamp01(-c / aa);
    return;
  }
  const double ab = da.dot(db);
  const double denominator = aa * bb - ab * ab;  // |da x db|^2, zero when parallel
  s = denominator > 1e-24 * aa * bb ? clamp01((ab * f - c * bb) / denominator) : 0.0;
  t = (ab * s + f) / bb;
  if (t < 0) {
    t = 0;
    s = clamp01(-c / aa);
  } else if (t > 1) {
    t = 1;
    s = clamp01((ab - c) / aa);
  }
}

Vec3 rim_point_local(int k, double radius, double z) {
  constexpr double kHalfSqrt2 = 0.70710678118654752440;  // cos(pi/4) = sqrt(1/2)
  static constexpr double kCos[kRimPointCount] = {1, kHalfSqrt2, 0, -kHalfSqrt2, -1, -kHalfSqrt2, 0, kHalfSqrt2};
  static constexpr double kSin[kRimPointCount] = {0, kHalfSqrt2, 1, kHalfSqrt2, 0, -kHalfSqrt2, -1, -kHalfSqrt2};
  return Vec3(radius * kCos[k], radius * kSin[k], z);
}

Vec3 any_perpendicular(const Vec3& v) {
  const Vec3 helper = std::abs(v.x()) <= std::abs(v.y()) && std::abs(v.x()) <= std::abs(v.z())
                          ? Vec3::UnitX()
                          : (std::abs(v.y()) <= std::abs(v.z()) ? Vec3::UnitY() : Vec3::UnitZ());
  return v.cross(helper).normalized();
}

}  // namespace contactlab
