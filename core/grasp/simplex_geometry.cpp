#include "grasp/simplex_geometry.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace contactlab {

double determinant(SquareMatrixNd rows, int dimension) {
  double product = 1;
  for (int column = 0; column < dimension; ++column) {
    // Partial pivoting: the largest entry of the column at or below the diagonal,
    // the first one on ties.
    int pivot_row = column;
    for (int row = column + 1; row < dimension; ++row) {
      if (std::abs(rows[row][column]) > std::abs(rows[pivot_row][column])) pivot_row = row;
    }
    const double pivot = rows[pivot_row][column];
    if (pivot == 0) return 0;
    if (pivot_row != column) {
      std::swap(rows[pivot_row], rows[column]);
      product = -product;
    }
    product *= pivot;
    for (int row = column + 1; row < dimension; ++row) {
      const double factor = rows[row][column] / pivot;
      for (int k = column + 1; k < dimension; ++k) rows[row][k] -= factor * rows[column][k];
    }
  }
  return product;
}

bool hyperplane_through(const SquareMatrixNd& corners, int dimension, PointNd& normal,
                        double& offset) {
  // (corners) => (edges E, a (d-1) x d matrix whose null space is the normal)
  const int edge_count = dimension - 1;
  SquareMatrixNd edges{};
  for (int row = 0; row < edge_count; ++row) {
    for (int k = 0; k < dimension; ++k) edges[row][k] = corners[row + 1][k] - corners[0][k];
  }
  // Columns are permuted by complete pivoting: column_of[j] is the original index of
  // the j-th column.
  std::array<int, kMaxHullDimension> column_of{};
  for (int k = 0; k < dimension; ++k) column_of[k] = k;
  // (E) => (upper trapezoidal U with E P = L U)
  for (int step = 0; step < edge_count; ++step) {
    int pivot_row = step, pivot_column = step;
    double largest = -1;
    for (int row = step; row < edge_count; ++row) {
      for (int column = step; column < dimension; ++column) {
        if (std::abs(edges[row][column]) > largest) {
          largest = std::abs(edges[row][column]);
          pivot_row = row;
          pivot_column = column;
        }
      }
    }
    if (largest == 0) return false;
    std::swap(edges[pivot_row], edges[step]);
    if (pivot_column != step) {
      for (int row = 0; row < edge_count; ++row) {
        std::swap(edges[row][pivot_column], edges[row][step]);
      }
      std::swap(column_of[pivot_column], column_of[step]);
    }
    const double pivot = edges[step][step];
    for (int row = step + 1; row < edge_count; ++row) {
      const double factor = edges[row][step] / pivot;
      for (int column = step + 1; column < dimension; ++column) {
        edges[row][column] -= factor * edges[step][column];
      }
      edges[row][step] = 0;
    }
  }
  // (U) => (y with U y = 0 and y_{d-1} = 1, by back substitution)
  PointNd y{};
  y[dimension - 1] = 1;
  for (int step = edge_count - 1; step >= 0; --step) {
    double sum = 0;
    for (int column = step + 1; column < dimension; ++column) {
      sum += edges[step][column] * y[column];
    }
    y[step] = -sum / edges[step][step];
  }
  double length_squared = 0;
  for (int k = 0; k < dimension; ++k) length_squared += y[k] * y[k];
  const double length = std::sqrt(length_squared);
  normal = PointNd{};
  for (int k = 0; k < dimension; ++k) normal[column_of[k]] = y[k] / length;
  double offset_sum = 0;
  for (int corner = 0; corner < dimension; ++corner) {
    offset_sum += dot(normal, corners[corner], dimension);
  }
  offset = offset_sum / dimension;
  return true;
}

double simplex_volume(const SquareMatrixNd& corners, const PointNd& apex, int dimension) {
  SquareMatrixNd edges{};
  double factorial = 1;
  for (int row = 0; row < dimension; ++row) {
    for (int k = 0; k < dimension; ++k) edges[row][k] = corners[row][k] - apex[k];
    factorial *= row + 1;
  }
  return std::abs(determinant(edges, dimension)) / factorial;
}

int grow_simplex(const std::vector<PointNd>& points, int dimension, double tolerance,
                 std::array<int, kMaxHullDimension + 1>& corners) {
  const int count = static_cast<int>(points.size());
  if (count == 0) return -1;
  // The first corner: the lowest point along the axis of largest extent.
  int axis = 0;
  double largest_extent = -1;
  for (int k = 0; k < dimension; ++k) {
    double low = points[0][k], high = points[0][k];
    for (int i = 1; i < count; ++i) {
      low = std::min(low, points[i][k]);
      high = std::max(high, points[i][k]);
    }
    if (high - low > largest_extent) {
      largest_extent = high - low;
      axis = k;
    }
  }
  int first = 0;
  for (int i = 1; i < count; ++i) {
    if (points[i][axis] < points[first][axis]) first = i;
  }
  corners[0] = first;
  // Further corners: distances to the affine hull of the corners so far, measured
  // against an orthonormal basis of their edge vectors (Gram-Schmidt, applied twice).
  std::array<PointNd, kMaxHullDimension> basis{};
  int found = 1;
  while (found <= dimension) {
    int best = -1;
    double best_distance = tolerance;
    PointNd best_residual{};
    for (int i = 0; i < count; ++i) {
      PointNd residual{};
      for (int k = 0; k < dimension; ++k) residual[k] = points[i][k] - points[first][k];
      for (int pass = 0; pass < 2; ++pass) {
        for (int b = 0; b + 1 < found; ++b) {
          const double along = dot(residual, basis[b], dimension);
          for (int k = 0; k < dimension; ++k) residual[k] -= along * basis[b][k];
        }
      }
      const double distance = std::sqrt(dot(residual, residual, dimension));
      if (distance > best_distance) {
        best = i;
        best_distance = distance;
        best_residual = residual;
      }
    }
    if (best < 0) break;
    for (int k = 0; k < dimension; ++k) basis[found - 1][k] = best_residual[k] / best_distance;
    corners[found] = best;
    ++found;
  }
  return found - 1;
}

}  // namespace contactlab
