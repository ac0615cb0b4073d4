// The convex hull of a point cloud in R^d, 2 <= d <= 6, as simplicial facets: the
// grasp wrench space of Ferrari & Canny (1992) is such a hull in d = 6.
#pragma once

#include <array>
#include <vector>

#include "base/status.h"
#include "grasp/simplex_geometry.h"

namespace contactlab {

// A (d-1)-simplex on the hull boundary. Coplanar parts of the boundary are split into
// several facets with the same plane.
struct HullFacetNd {
  std::array<int, kMaxHullDimension> vertices{};  // sorted point indices, first d used
  PointNd normal{};                               // outward unit normal
  double offset = 0;                              // normal . x = offset on the facet
};

struct ConvexHullNd {
  int dimension = 0;  // d
  // The dimension of the points' affine hull, -1 for no points. Below d the cloud is
  // flat: there are no facets and the volume is 0.
  int affine_dimension = -1;
  // Absolute distance under which a point counts as lying on a plane: 1e-9 times the
  // diagonal of the points' bounding box, plus d * 1e-12 times the largest coordinate
  // for roundoff (widened, at most 100 times, if a nearly coplanar point could not be
  // added consistently). Every point x satisfies normal . x <= offset + tolerance for
  // every facet.
  double tolerance = 0;
  PointNd interior_point{};  // the centroid of the initial simplex
  std::vector<HullFacetNd> facets;
  std::vector<int> vertices;  // sorted indices of the points that are hull vertices
  double volume = 0;          // d-dimensional volume

  bool full_dimensional() const { return affine_dimension == dimension; }
};

// Builds the hull of points[k][0 .. dimension-1]. Fails for a dimension outside 2 .. 6,
// a non-finite coordinate or a numerical breakdown; a flat cloud is not a failure
// (see affine_dimension). The result depends only on the points and their order.
Status build_convex_hull_nd(const std::vector<PointNd>& points, int dimension, ConvexHullNd& hull);

}  // namespace contactlab
