#include "contact/friction_cone.h"

#include <cmath>

namespace contactlab {
namespace {

constexpr double kQuarterPi = 0.78539816339744830962;

// cos and sin of x in [0, pi/4] by their Taylor series, summed smallest term last
// to first: 12 terms leave an error far below one ulp on this interval.
void cos_sin_small(double x, double& cosine, double& sine) {
  const double x2 = x * x;
  double c = 0, s = 0;
  for (int k = 12; k >= 1; --k) {
    c = 1 - x2 / ((2 * k - 1) * (2 * k)) * c;
    s = 1 - x2 / ((2 * k) * (2 * k + 1)) * s;
  }
  cosine = c;
  sine = x * s;
}

// cos and sin of 2 pi j / u, reduced to the first octant by exact integer arithmetic.
void cos_sin_fraction(int j, int u, double& cosine, double& sine) {
  const int eighths = 8 * j;
  const int octant = eighths / u;
  const int remainder = eighths - octant * u;
  // Within its octant the angle is (pi/4) * remainder / u; odd octants run backwards.
  const bool backwards = octant % 2 == 1;
  const double local = kQuarterPi * (backwards ? u - remainder : remainder) / u;
  double c, s;
  cos_sin_small(local, c, s);
  // Angle = octant * pi/4 +/- local: map (c, s) through the octant's symmetry.
  switch (octant) {
    case 0: cosine = c; sine = s; break;
    case 1: cosine = s; sine = c; break;
    case 2: cosine = -s; sine = c; break;
    case 3: cosine = -c; sine = s; break;
    case 4: cosine = -c; sine = -s; break;
    case 5: cosine = -s; sine = -c; break;
    case 6: cosine = s; sine = -c; break;
    default: cosine = c; sine = -s; break;
  }
}

}  // namespace

void FrictionEdgeTable::set_edge_count(int friction_edges) {
  if (edge_count() == friction_edges) return;
  cosines_.resize(friction_edges);
  sines_.resize(friction_edges);
  for (int j = 0; j < friction_edges; ++j) {
    // Two edges: the angles pi/2 and 3 pi/2, i.e. 2 pi (2j + 1) / 4.
    if (friction_edges == 2) cos_sin_fraction(2 * j + 1, 4, cosines_[j], sines_[j]);
    else cos_sin_fraction(j, friction_edges, cosines_[j], sines_[j]);
  }
}

void tangent_basis(const Vec3& normal, Vec3& t1, Vec3& t2) {
  // Cross with the world axis least aligned with the normal.
  const Vec3 axis = std::abs(normal.x()) < 0.57735 ? Vec3::UnitX() : Vec3::UnitY();
  t1 = axis.cross(normal).normalized();
  t2 = normal.cross(t1);
}

}  // namespace contactlab
