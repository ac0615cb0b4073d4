// Quickhull in d dimensions (Barber, Dobkin & Huhdanpaa 1996) with simplicial facets:
//  1. the initial simplex is grown greedily, each corner the point furthest from the
//     affine hull of the corners before it (the largest volume for those corners);
//     when no point is further than the tolerance, the cloud is flat and we stop;
//  2. every other point joins the outside set of the facet it lies furthest beyond;
//  3. facets are visited in creation order; the furthest point of a non-empty outside
//     set becomes the apex: the facets it sees are replaced by a cone from the apex to
//     their horizon, and their outside points are handed to the new facets;
//  4. a final scan of every point against every facet returns any point still beyond
//     one to step 3, so that the result holds for every input point.
//
// Tolerance: a point is beyond a facet only if it lies more than `tolerance` above
// its plane; points within the tolerance count as inside and never become vertices,
// so a coplanar stretch of boundary ends up as several simplices on one plane.
// Every facet the apex lies beyond is replaced. Facets within the tolerance of the apex
// are the ambiguous ones: such a facet is kept unless the new facet on the ridge to it
// would leave a vertex of the hull so far above it (a fold); then it is replaced too.
// Should the replaced region still not give a consistent cone, the step is undone and
// the point retried after the others; if that fails too, the point (a few tolerances
// from the hull on the near-degenerate clouds tried) is left out and the reported
// tolerance widens to cover it, up to kMaxWidening times.
//
// Determinism: points and facets are visited in index order, ties go to the lower
// index, and the arithmetic is + - * / and sqrt only.
#include "grasp/convex_hull_nd.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace contactlab {
namespace {

constexpr double kRelativeTolerance = 1e-9;   // of the bounding-box diagonal
constexpr double kRoundoffTolerance = 1e-12;  // of the largest coordinate, per dimension
constexpr int kMaxAttempts = 2;               // apex steps tried per point before giving up on it
constexpr double kMaxWidening = 100;          // of the tolerance, for points left beyond

using IndexArray = std::array<int, kMaxHullDimension>;

// Kept apart from the facets' bookkeeping: the distance tests read only these.
struct FacetPlane {
  PointNd normal{};  // outward unit normal
  double offset = 0;
};

struct WorkingFacet {
  IndexArray vertices{};    // sorted point indices
  IndexArray neighbours{};  // neighbours[k]: the facet across the ridge without vertices[k]
  bool alive = true;
  int visible_step = -1;  // the last apex step that found this facet visible
  // While visible: cone_facets[k] is, for the horizon ridge without vertices[k], first
  // the index of its new plane in cone_planes_, then the new facet on it; -1 otherwise.
  IndexArray cone_facets{};
  std::vector<int> outside;  // points more than the tolerance beyond the plane
  int furthest = -1;         // the outside point furthest beyond, -1 if none
  double furthest_distance = 0;
};

// Inserts value into the sorted first `count` entries of values.
void insert_sorted(IndexArray& values, int count, int value) {
  int position = count;
  while (position > 0 && values[position - 1] > value) {
    values[position] = values[position - 1];
    --position;
  }
  values[position] = value;
}

int slot_of(const IndexArray& values, int count, int value) {
  for (int k = 0; k < count; ++k) {
    if (values[k] == value) return k;
  }
  return -1;
}

class QuickhullNd {
 public:
  QuickhullNd(const std::vector<PointNd>& points, int dimension, double tolerance)
      : points_(points),
        dimension_(dimension),
        tolerance_(tolerance),
        is_vertex_(points.size(), false),
        attempts_(points.size(), 0),
        face_mark_(points.size(), -1) {}

  // (corners of a full-dimensional simplex) => (hull facets, vertices, volume)
  Status build(const std::array<int, kMaxHullDimension + 1>& corners, ConvexHullNd& hull);

 private:
  double distance(int facet, int point) const {
    return dot(planes_[facet].normal, points_[point], dimension_) - planes_[facet].offset;
  }
  bool set_plane(const IndexArray& vertices, FacetPlane& plane) const;
  void give_outside_point(int facet, int point, double distance);
  void assign_to_best(int point, const std::vector<int>& candidates);
  void start_simplex(const std::array<int, kMaxHullDimension + 1>& corners);
  void add_apex(int facet);
  void grow_visible(int apex);
  bool cone_plane(int gone, int slot, int apex, FacetPlane& plane) const;
  bool build_cone(int apex);
  bool link_cone_facet(int created, std::pair<int, int> origin, int apex);
  void commit_cone(int apex);
  void defer(int facet, int apex);
  int rescan();
  void write_result(ConvexHullNd& hull) const;

  const std::vector<PointNd>& points_;
  const int dimension_;
  const double tolerance_;
  PointNd interior_point_{};
  std::vector<WorkingFacet> facets_;
  std::vector<FacetPlane> planes_;  // planes_[f] belongs to facets_[f]
  std::vector<bool> is_vertex_;
  std::vector<int> vertex_list_;  // the points made vertices so far, in that order
  std::vector<int> attempts_;     // apex steps tried per point
  int apex_step_ = 0;
  double unresolved_excess_ = 0;  // see rescan()
  // Scratch reused by every apex step.
  std::vector<int> visible_;
  std::vector<FacetPlane> cone_planes_;
  std::vector<int> new_facets_;
  std::vector<std::pair<int, int>> cone_origins_;  // (visible facet, slot) of each new facet
  std::vector<int> orphans_;
  std::vector<int> face_mark_;  // face_mark_[point] == face_stamp_: the point is in S
  int face_stamp_ = 0;
};

bool QuickhullNd::set_plane(const IndexArray& vertices, FacetPlane& plane) const {
  SquareMatrixNd corners{};
  for (int k = 0; k < dimension_; ++k) corners[k] = points_[vertices[k]];
  if (!hyperplane_through(corners, dimension_, plane.normal, plane.offset)) return false;
  // Outward: the interior point lies below the plane.
  if (dot(plane.normal, interior_point_, dimension_) > plane.offset) {
    for (int k = 0; k < dimension_; ++k) plane.normal[k] = -plane.normal[k];
    plane.offset = -plane.offset;
  }
  return std::isfinite(plane.offset);
}

void QuickhullNd::give_outside_point(int facet, int point, double distance) {
  WorkingFacet& target = facets_[facet];
  target.outside.push_back(point);
  if (target.furthest < 0 || distance > target.furthest_distance) {
    target.furthest = point;
    target.furthest_distance = distance;
  }
}

// Gives the point to the candidate facet it lies furthest beyond, if any.
void QuickhullNd::assign_to_best(int point, const std::vector<int>& candidates) {
  int best = -1;
  double best_distance = tolerance_;
  for (const int facet : candidates) {
    const double d = distance(facet, point);
    if (d > best_distance) {
      best = facet;
      best_distance = d;
    }
  }
  if (best >= 0) give_outside_point(best, point, best_distance);
}

Status QuickhullNd::build(const std::array<int, kMaxHullDimension + 1>& corners,
                          ConvexHullNd& hull) {
  start_simplex(corners);
  // (facets with outside sets) => (facets without), until no point is left beyond.
  while (true) {
    for (int f = 0; f < static_cast<int>(facets_.size()); ++f) {
      while (facets_[f].alive && facets_[f].furthest >= 0) add_apex(f);
    }
    if (rescan() == 0) break;
  }
  // A point that could not be added lies a little beyond the hull: the tolerance widens
  // to cover it, within limits.
  if (unresolved_excess_ > kMaxWidening * tolerance_) {
    return Status::failure("convex hull: precision lost (a point stays beyond a facet)");
  }
  hull.tolerance = std::max(tolerance_, unresolved_excess_);
  write_result(hull);
  return Status::success();
}

// (corners) => (the d+1 facets of the simplex, outside sets): facet s omits corner s,
// and its neighbour across the ridge without corner t is facet t.
void QuickhullNd::start_simplex(const std::array<int, kMaxHullDimension + 1>& corners) {
  const int d = dimension_;
  for (int k = 0; k < d; ++k) {
    double sum = 0;
    for (int c = 0; c <= d; ++c) sum += points_[corners[c]][k];
    interior_point_[k] = sum / (d + 1);
  }
  for (int s = 0; s <= d; ++s) {
    WorkingFacet facet;
    int count = 0;
    for (int c = 0; c <= d; ++c) {
      if (c != s) insert_sorted(facet.vertices, count++, corners[c]);
    }
    for (int k = 0; k < d; ++k) {
      for (int c = 0; c <= d; ++c) {
        if (corners[c] == facet.vertices[k]) facet.neighbours[k] = c;
      }
    }
    // The corners span R^d by more than the tolerance, so the plane exists.
    FacetPlane plane;
    set_plane(facet.vertices, plane);
    facets_.push_back(std::move(facet));
    planes_.push_back(plane);
  }
  std::vector<int> simplex_facets;
  for (int s = 0; s <= d; ++s) simplex_facets.push_back(s);
  for (int c = 0; c <= d; ++c) {
    is_vertex_[corners[c]] = true;
    vertex_list_.push_back(corners[c]);
  }
  for (int i = 0; i < static_cast<int>(points_.size()); ++i) {
    if (!is_vertex_[i]) assign_to_best(i, simplex_facets);
  }
}

// (the furthest outside point of a facet) => (the hull grown to it), or the point is
// deferred to the final scan.
void QuickhullNd::add_apex(int facet) {
  const int apex = facets_[facet].furthest;
  ++attempts_[apex];
  ++apex_step_;
  const int facet_count = static_cast<int>(facets_.size());
  grow_visible(apex);
  if (build_cone(apex)) {
    commit_cone(apex);
    return;
  }
  facets_.resize(facet_count);
  planes_.resize(facet_count);
  defer(facet, apex);
}

// (apex) => (visible facets, the plane of each new facet on the horizon). Every facet
// the apex lies beyond is visible; from them the region grows across ambiguous
// neighbours that a new facet would fold over.
void QuickhullNd::grow_visible(int apex) {
  const int d = dimension_;
  const int step = apex_step_;
  cone_planes_.clear();
  visible_.clear();
  for (int f = 0; f < static_cast<int>(facets_.size()); ++f) {
    if (facets_[f].alive && distance(f, apex) > tolerance_) {
      facets_[f].visible_step = step;
      facets_[f].cone_facets.fill(-1);
      visible_.push_back(f);
    }
  }
  for (int v = 0; v < static_cast<int>(visible_.size()); ++v) {
    const int gone = visible_[v];
    for (int k = 0; k < d; ++k) {
      const int neighbour = facets_[gone].neighbours[k];
      if (facets_[neighbour].visible_step == step) continue;
      FacetPlane plane;
      if (cone_plane(gone, k, apex, plane)) {
        facets_[gone].cone_facets[k] = static_cast<int>(cone_planes_.size());
        cone_planes_.push_back(plane);
        continue;
      }
      facets_[neighbour].visible_step = step;
      facets_[neighbour].cone_facets.fill(-1);
      visible_.push_back(neighbour);
    }
  }
  // A horizon ridge planned before its kept side turned visible has no new facet.
  for (const int gone : visible_) {
    for (int k = 0; k < d; ++k) {
      const int neighbour = facets_[gone].neighbours[k];
      if (facets_[neighbour].visible_step == step) facets_[gone].cone_facets[k] = -1;
    }
  }
}

// The plane of the new facet on the ridge of `gone` without vertices[slot], joined to
// the apex. False if that facet is flat or would fold: in exact arithmetic the new
// hull contains the old one, so every vertex so far lies below the new facet. The two
// vertices off the ridge (of the visible facet and of the kept one) are tried first,
// as a fold shows there.
bool QuickhullNd::cone_plane(int gone, int slot, int apex, FacetPlane& plane) const {
  const int d = dimension_;
  IndexArray vertices{};
  int count = 0;
  for (int j = 0; j < d; ++j) {
    if (j != slot) insert_sorted(vertices, count++, facets_[gone].vertices[j]);
  }
  insert_sorted(vertices, count, apex);
  if (!set_plane(vertices, plane)) return false;
  const auto below = [&](int point) {
    return dot(plane.normal, points_[point], d) - plane.offset <= tolerance_;
  };
  if (!below(facets_[gone].vertices[slot])) return false;
  const WorkingFacet& kept = facets_[facets_[gone].neighbours[slot]];
  const int kept_slot = slot_of(kept.neighbours, d, gone);
  if (kept_slot < 0 || !below(kept.vertices[kept_slot])) return false;
  for (const int vertex : vertex_list_) {
    if (!below(vertex)) return false;
  }
  return true;
}

// (horizon ridges) => (new facets, each a ridge joined to the apex, appended to facets_
// and linked among themselves). The old facets are left untouched until the commit.
bool QuickhullNd::build_cone(int apex) {
  const int d = dimension_;
  const int step = apex_step_;
  new_facets_.clear();
  cone_origins_.clear();
  for (const int gone : visible_) {
    for (int k = 0; k < d; ++k) {
      const int kept = facets_[gone].neighbours[k];
      if (facets_[kept].visible_step == step) continue;
      WorkingFacet facet;
      int count = 0;
      for (int j = 0; j < d; ++j) {
        if (j != k) insert_sorted(facet.vertices, count++, facets_[gone].vertices[j]);
      }
      insert_sorted(facet.vertices, count, apex);
      facet.neighbours[slot_of(facet.vertices, d, apex)] = kept;
      const int created = static_cast<int>(facets_.size());
      planes_.push_back(cone_planes_[facets_[gone].cone_facets[k]]);
      facets_.push_back(std::move(facet));
      facets_[gone].cone_facets[k] = created;
      new_facets_.push_back(created);
      cone_origins_.emplace_back(gone, k);
    }
  }
  // A region without horizon would swallow the whole hull.
  if (new_facets_.empty()) return false;
  for (int i = 0; i < static_cast<int>(new_facets_.size()); ++i) {
    if (!link_cone_facet(new_facets_[i], cone_origins_[i], apex)) return false;
  }
  // Links among the new facets must be mutual.
  const int first_created = new_facets_.front();
  for (const int created : new_facets_) {
    for (int slot = 0; slot < d; ++slot) {
      const int across = facets_[created].neighbours[slot];
      const bool created_now = across >= first_created;
      if (created_now && slot_of(facets_[across].neighbours, d, created) < 0) return false;
    }
  }
  return true;
}

// The new facet F = R + apex on the horizon ridge R = V - {a} of the visible facet V
// meets, across the ridge F - {r} for a vertex r of R, the new facet on the other
// horizon ridge around the face S = V - {a, r}. The facets containing S form a cycle:
// walk it from V away from the kept side, through visible facets, to that ridge.
bool QuickhullNd::link_cone_facet(int created, std::pair<int, int> origin, int apex) {
  const int d = dimension_;
  const int step = apex_step_;
  const IndexArray start_vertices = facets_[origin.first].vertices;
  const int removed = start_vertices[origin.second];  // a
  const int walk_limit = static_cast<int>(visible_.size());
  for (int slot = 0; slot < d; ++slot) {
    const int along = facets_[created].vertices[slot];  // r
    if (along == apex) continue;
    ++face_stamp_;
    for (int j = 0; j < d; ++j) {
      const int vertex = start_vertices[j];
      if (vertex != removed && vertex != along) face_mark_[vertex] = face_stamp_;
    }
    // current contains S and the vertex `shared` with the facet walked from.
    int current = origin.first;
    int shared = along;
    int partner = -1;
    for (int walked = 0; partner < 0; ++walked) {
      if (walked > walk_limit) return false;
      const WorkingFacet& facet = facets_[current];
      const int shared_slot = slot_of(facet.vertices, d, shared);
      if (shared_slot < 0) return false;
      const int next = facet.neighbours[shared_slot];
      if (facets_[next].visible_step != step) {
        partner = facet.cone_facets[shared_slot];
        if (partner < 0) return false;
        break;
      }
      // The facet's other vertex outside S is shared with the next facet.
      int other = -1;
      for (int j = 0; j < d; ++j) {
        const int vertex = facet.vertices[j];
        if (vertex != shared && face_mark_[vertex] != face_stamp_) other = vertex;
      }
      current = next;
      shared = other;
    }
    facets_[created].neighbours[slot] = partner;
  }
  return true;
}

// (new facets) => (the hull): kept facets point to the new ones, the visible ones die
// and hand their outside points to the new facets.
void QuickhullNd::commit_cone(int apex) {
  const int d = dimension_;
  for (int i = 0; i < static_cast<int>(new_facets_.size()); ++i) {
    const int created = new_facets_[i];
    const int gone = cone_origins_[i].first;
    const int kept = facets_[gone].neighbours[cone_origins_[i].second];
    facets_[kept].neighbours[slot_of(facets_[kept].neighbours, d, gone)] = created;
  }
  orphans_.clear();
  for (const int gone : visible_) {
    WorkingFacet& facet = facets_[gone];
    facet.alive = false;
    orphans_.insert(orphans_.end(), facet.outside.begin(), facet.outside.end());
    facet.outside.clear();
    facet.outside.shrink_to_fit();
    facet.furthest = -1;
  }
  for (const int point : orphans_) {
    if (point != apex) assign_to_best(point, new_facets_);
  }
  is_vertex_[apex] = true;
  vertex_list_.push_back(apex);
}

// Takes the apex out of the facet's outside set; the final scan brings it back.
void QuickhullNd::defer(int facet, int apex) {
  WorkingFacet& target = facets_[facet];
  target.outside.erase(std::find(target.outside.begin(), target.outside.end(), apex));
  target.furthest = -1;
  for (const int point : target.outside) {
    const double d = distance(facet, point);
    if (target.furthest < 0 || d > target.furthest_distance) {
      target.furthest = point;
      target.furthest_distance = d;
    }
  }
}

// Returns the number of points found beyond a facet and handed back to it. A point that
// is a vertex already or has used up its attempts is left; the furthest such point
// lies unresolved_excess_ beyond the hull.
int QuickhullNd::rescan() {
  std::vector<int> alive;
  for (int f = 0; f < static_cast<int>(facets_.size()); ++f) {
    if (facets_[f].alive) alive.push_back(f);
  }
  unresolved_excess_ = 0;
  int missed = 0;
  for (int i = 0; i < static_cast<int>(points_.size()); ++i) {
    for (const int facet : alive) {
      if (distance(facet, i) <= tolerance_) continue;
      if (is_vertex_[i] || attempts_[i] >= kMaxAttempts) {
        for (const int other : alive)
          unresolved_excess_ = std::max(unresolved_excess_, distance(other, i));
      } else {
        assign_to_best(i, alive);
        ++missed;
      }
      break;
    }
  }
  return missed;
}

void QuickhullNd::write_result(ConvexHullNd& hull) const {
  const int d = dimension_;
  hull.interior_point = interior_point_;
  std::vector<bool> on_hull(points_.size(), false);
  for (int f = 0; f < static_cast<int>(facets_.size()); ++f) {
    const WorkingFacet& facet = facets_[f];
    if (!facet.alive) continue;
    HullFacetNd result;
    result.vertices = facet.vertices;
    result.normal = planes_[f].normal;
    result.offset = planes_[f].offset;
    hull.facets.push_back(result);
    SquareMatrixNd vertex_points{};
    for (int k = 0; k < d; ++k) {
      on_hull[facet.vertices[k]] = true;
      vertex_points[k] = points_[facet.vertices[k]];
    }
    // Volume: the facets are the bases of simplices from the interior point.
    hull.volume += simplex_volume(vertex_points, interior_point_, d);
  }
  for (int i = 0; i < static_cast<int>(points_.size()); ++i) {
    if (on_hull[i]) hull.vertices.push_back(i);
  }
}

}  // namespace

Status build_convex_hull_nd(const std::vector<PointNd>& points, int dimension, ConvexHullNd& hull) {
  hull = ConvexHullNd{};
  if (dimension < 2 || dimension > kMaxHullDimension) {
    return Status::failure("convex hull: dimension must be 2 .. 6, got " +
                           std::to_string(dimension));
  }
  hull.dimension = dimension;
  for (int i = 0; i < static_cast<int>(points.size()); ++i) {
    for (int k = 0; k < dimension; ++k) {
      if (!std::isfinite(points[i][k])) {
        return Status::failure("convex hull: point " + std::to_string(i) +
                               " has a non-finite coordinate");
      }
    }
  }
  if (points.empty()) return Status::success();
  // Tolerance: relative to the diagonal of the bounding box, plus the roundoff of
  // coordinates far from the origin.
  double diagonal_squared = 0, largest_coordinate = 0;
  for (int k = 0; k < dimension; ++k) {
    double low = points[0][k], high = points[0][k];
    for (const PointNd& point : points) {
      low = std::min(low, point[k]);
      high = std::max(high, point[k]);
    }
    diagonal_squared += (high - low) * (high - low);
    largest_coordinate = std::max(largest_coordinate, std::max(std::abs(low), std::abs(high)));
  }
  hull.tolerance = kRelativeTolerance * std::sqrt(diagonal_squared) +
                   kRoundoffTolerance * dimension * largest_coordinate;
  // (points) => (corners of a large simplex, or a flat cloud)
  std::array<int, kMaxHullDimension + 1> corners{};
  hull.affine_dimension = grow_simplex(points, dimension, hull.tolerance, corners);
  if (!hull.full_dimensional()) return Status::success();
  QuickhullNd quickhull(points, dimension, hull.tolerance);
  const Status built = quickhull.build(corners, hull);
  if (!built.ok()) {
    hull.facets.clear();
    hull.vertices.clear();
    hull.volume = 0;
  }
  return built;
}

}  // namespace contactlab
