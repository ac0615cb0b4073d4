// Small dense linear algebra for points in R^d, d <= 6, as the d-dimensional convex
// hull needs it: determinants, the hyperplane through d points, simplex volumes and a
// large starting simplex.
// Everything uses + - * / and sqrt in a fixed order, so results are the same bit for
// bit natively and in WebAssembly.
#pragma once

#include <array>
#include <vector>

namespace contactlab {

constexpr int kMaxHullDimension = 6;

// A point or vector of R^d stored in a fixed array: only the first d entries are used.
using PointNd = std::array<double, kMaxHullDimension>;

// d rows of R^d, a d x d matrix.
using SquareMatrixNd = std::array<PointNd, kMaxHullDimension>;

inline double dot(const PointNd& a, const PointNd& b, int dimension) {
  double sum = 0;
  for (int k = 0; k < dimension; ++k) sum += a[k] * b[k];
  return sum;
}

// det(rows) by LU factorisation with partial pivoting; dimension 1 .. 6.
double determinant(SquareMatrixNd rows, int dimension);

// The hyperplane normal . x = offset through the d points corners[0 .. d-1] of R^d,
// with a unit normal of arbitrary sign (the caller orients it). The normal spans the
// null space of the edge vectors corners[k] - corners[0], found by Gaussian elimination
// with complete pivoting; offset is the mean of normal . corners[k]. Returns false if
// the points are affinely dependent (a pivot is exactly zero).
bool hyperplane_through(const SquareMatrixNd& corners, int dimension, PointNd& normal,
                        double& offset);

// The volume |det(corners[k] - apex)| / d! of the simplex with the base corners[0 .. d-1]
// and the apex.
double simplex_volume(const SquareMatrixNd& corners, const PointNd& apex, int dimension);

// A large simplex among the points, grown greedily: corners[0] is the lowest point
// along the axis of largest extent, and each further corner the point furthest from
// the affine hull of the corners so far (so the largest volume given those corners),
// until d + 1 corners are found or no point lies further than `tolerance`. Returns the
// number of corners minus one: the affine dimension of the points at that tolerance,
// -1 for no points. Ties go to the lower index.
int grow_simplex(const std::vector<PointNd>& points, int dimension, double tolerance,
                 std::array<int, kMaxHullDimension + 1>& corners);

}  // namespace contactlab
