// The polyhedral friction cone of seed 002 eq. (4):
//   F = { n c_n + D beta | c_n >= 0, beta >= 0, e^T beta <= mu c_n },
// with the u columns of D spaced evenly around the contact normal,
//   d_j = cos(2 pi j / u) t1 + sin(2 pi j / u) t2,   j = 0 .. u-1.
// u is even, so -d_j = d_{j+u/2} is a column too and D positively spans the tangent
// plane. u = 2 is the exception: d_j = cos(pi/2 + pi j) t1 + sin(pi/2 + pi j) t2 = +-t2,
// friction along one line (for a floor, normal z, t2 = x), the 1-D friction of seed
// 004's brick, f = f+ - f-, for motion in a plane. The cone's edges are inscribed in the circular Coulomb cone: friction
// reaches mu c_n exactly along an edge and mu c_n cos(pi/u) midway between two.
#pragma once

#include <vector>

#include "base/math_types.h"

namespace contactlab {

// cos and sin of 2 pi j / u for j = 0 .. u-1, computed with + - * / only so that
// they are the same on every platform.
class FrictionEdgeTable {
 public:
  void set_edge_count(int friction_edges);  // u
  int edge_count() const { return static_cast<int>(cosines_.size()); }
  // The world direction d_j for the tangent basis (t1, t2).
  Vec3 direction(int j, const Vec3& t1, const Vec3& t2) const {
    return cosines_[j] * t1 + sines_[j] * t2;
  }
  const std::vector<double>& cosines() const { return cosines_; }
  const std::vector<double>& sines() const { return sines_; }

 private:
  std::vector<double> cosines_;
  std::vector<double> sines_;
};

// A right-handed orthonormal basis (t1, t2, normal) chosen from the normal alone, so
// that the same normal always gives the same edges.
void tangent_basis(const Vec3& normal, Vec3& t1, Vec3& t2);

}  // namespace contactlab
