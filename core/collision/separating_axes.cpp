#include "collision/separating_axes.h"

#include <array>
#include <limits>

#include "collision/geometry_queries.h"
#include "collision/small_array.h"

namespace contactlab {
namespace {

// Pruning: a candidate replaces its group's best only when its separation exceeds
// `threshold` = best + tie tolerance. A polytope's projection is the min and max of its
// vertices' dot products, so every prefix of them gives the same computed doubles'
// bounds: the running min is >= the final min, the running max <= the final max, and
// rounding is monotone, so the separation computed from a prefix is an upper bound of
// the one computed from all vertices, bit for bit. Once it is <= threshold the
// candidate cannot win and the remaining vertices are skipped: the search keeps the
// same candidates it would have kept.

// The separation max(b_low - a_high, a_low - b_high) of the polytope `polytope`'s
// interval [low + shift, high + shift] and the interval [other_low, other_high] of
// the other core, with the polytope as a when `polytope_is_a`.
double interval_separation(double low, double high, double shift, double other_low, double other_high,
                           bool polytope_is_a) {
  if (polytope_is_a) return std::max(other_low - (high + shift), (low + shift) - other_high);
  return std::max((low + shift) - other_high, other_low - (high + shift));
}

// projection_interval of a polytope core along `axis` for a candidate against the other
// core's interval: false as soon as a prefix of the vertices shows that the
// separation cannot exceed `threshold`; else the full interval, as projection_interval
// computes it.
bool polytope_interval_above(const ConvexSet& set, const Vec3& axis, double other_low, double other_high,
                             bool polytope_is_a, double threshold, double& low, double& high) {
  const PolytopeGeometry& polytope = *set.polytope;
  const double shift = axis.dot(set.offset);
  low = high = axis.dot(polytope.vertices[0]);
  for (int i = 1; i < polytope.vertex_count(); ++i) {
    const double value = axis.dot(polytope.vertices[i]);
    low = std::min(low, value);
    high = std::max(high, value);
    if (interval_separation(low, high, shift, other_low, other_high, polytope_is_a) <= threshold) return false;
  }
  low += shift;
  high += shift;
  return true;
}

// The low end of a polytope core's projection along a face normal of the other core,
// whose plane is at `face_offset`: false as soon as a prefix of the vertices shows that
// the separation low - face_offset cannot exceed `threshold`.
bool polytope_low_above(const ConvexSet& set, const Vec3& normal, double face_offset, double threshold,
                        double& low) {
  const PolytopeGeometry& polytope = *set.polytope;
  const double shift = normal.dot(set.offset);
  low = normal.dot(polytope.vertices[0]);
  for (int i = 1; i < polytope.vertex_count(); ++i) {
    low = std::min(low, normal.dot(polytope.vertices[i]));
    if ((low + shift) - face_offset <= threshold) return false;
  }
  low += shift;
  return true;
}

// The best face direction (a polytope face normal or a cylinder axis) and the best
// other direction, kept apart (best_face_axis, best_other_axis).
struct CandidateAxes {
  AxisCandidate face;
  AxisCandidate other;
};

class AxisSearch {
 public:
  AxisSearch(const ConvexSet& a, const ConvexSet& b, double tie_tolerance)
      : a_(a), b_(b), tie_tolerance_(tie_tolerance) {
    best_.face.separation = best_.other.separation = -std::numeric_limits<double>::infinity();
  }

  // An oriented candidate whose separation is already known.
  void offer(double separation, const Vec3& normal, bool is_face) {
    AxisCandidate& best = is_face ? best_.face : best_.other;
    if (separation > best.separation + tie_tolerance_) best = AxisCandidate{separation, normal};
  }

  // An unoriented direction; skipped when shorter than 1e-9 reference_length (a cross
  // product of nearly parallel vectors).
  void try_axis(const Vec3& axis, double reference_length, bool is_face = false) {
    const double length = axis.norm();
    if (!(length > 1e-9 * reference_length)) return;
    const Vec3 unit = axis / length;
    double a_low, a_high, b_low, b_high;
    if (!intervals_above(unit, threshold(is_face), a_low, a_high, b_low, b_high)) return;
    if (b_low - a_high >= a_low - b_high) {
      offer(b_low - a_high, unit, is_face);
    } else {
      offer(a_low - b_high, -unit, is_face);
    }
  }

  const CandidateAxes& best() const { return best_; }

  // The separation a candidate of the group must exceed to replace its best.
  double threshold(bool is_face) const {
    return (is_face ? best_.face : best_.other).separation + tie_tolerance_;
  }

 private:
  // Both cores' intervals along `unit`; false when a polytope's (projected last) shows
  // early that the separation cannot exceed `threshold`.
  bool intervals_above(const Vec3& unit, double threshold, double& a_low, double& a_high, double& b_low,
                       double& b_high) const {
    const bool a_polytope = a_.kind == CoreKind::Polytope, b_polytope = b_.kind == CoreKind::Polytope;
    if (b_polytope && !a_polytope) {
      projection_interval(a_, unit, a_low, a_high);
      return polytope_interval_above(b_, unit, a_low, a_high, false, threshold, b_low, b_high);
    }
    if (a_polytope && !b_polytope) {
      projection_interval(b_, unit, b_low, b_high);
      return polytope_interval_above(a_, unit, b_low, b_high, true, threshold, a_low, a_high);
    }
    projection_interval(a_, unit, a_low, a_high);
    projection_interval(b_, unit, b_low, b_high);
    return true;
  }

  const ConvexSet& a_;
  const ConvexSet& b_;
  double tie_tolerance_;
  CandidateAxes best_;
};

// Face normals of `owner`: the owner's extent along its own face normal is the face's
// offset, so only the other core is projected.
void try_faces(const ConvexSet& owner, const ConvexSet& other, bool owner_is_a, AxisSearch& search) {
  const PolytopeGeometry& polytope = *owner.polytope;
  for (int f = 0; f < polytope.face_count(); ++f) {
    const Vec3& normal = polytope.face_normals[f];
    double low, high;
    if (other.kind == CoreKind::Polytope) {
      if (!polytope_low_above(other, normal, polytope.face_offset(f), search.threshold(true), low)) continue;
    } else {
      projection_interval(other, normal, low, high);
    }
    const double separation = low - polytope.face_offset(f);
    search.offer(separation, owner_is_a ? normal : Vec3(-normal), true);
  }
}

// One polytope edge for the Gauss-map test: its adjacent face normals (negated for the
// second polytope, whose normals enter the Minkowski difference a - b with a minus
// sign) and the normal of the plane of their arc.
struct EdgeArc {
  Vec3 n1, n2, plane;
  Vec3 start, direction;
  bool valid = false;
};

void edge_arcs(const ConvexSet& set, bool negate, SmallArray<EdgeArc, 48>& arcs) {
  const PolytopeGeometry& p = *set.polytope;
  SmallArray<std::array<int, 2>, 128> scratch;
  const std::array<int, 2>* faces = edge_faces(*p.topology, scratch);
  const auto& edges = p.topology->edges;
  arcs.resize(static_cast<int>(edges.size()));
  for (int k = 0; k < arcs.size(); ++k) {
    EdgeArc& arc = arcs[k];
    arc.valid = faces[k][0] >= 0 && faces[k][1] >= 0;
    if (!arc.valid) continue;
    arc.n1 = negate ? Vec3(-p.face_normals[faces[k][0]]) : p.face_normals[faces[k][0]];
    arc.n2 = negate ? Vec3(-p.face_normals[faces[k][1]]) : p.face_normals[faces[k][1]];
    arc.plane = arc.n1.cross(arc.n2);
    arc.start = p.vertices[edges[k].first];
    arc.direction = p.vertices[edges[k].second] - arc.start;
  }
}

// Whether arc n (adjacent face normals of an edge of a) crosses arc m (negated normals
// of an edge of b): then the two edges span a face of the Minkowski difference. The
// crossing point x of arc m with the plane of arc n lies on arc n exactly when
// x . (n1 + n2) > 0.
bool arcs_cross(const EdgeArc& n, const EdgeArc& m) {
  const double s1 = m.n1.dot(n.plane), s2 = m.n2.dot(n.plane);
  if (s1 * s2 >= 0) return false;
  if (n.n1.dot(m.plane) * n.n2.dot(m.plane) >= 0) return false;
  const Vec3 crossing = s2 > 0 ? Vec3(s2 * m.n1 - s1 * m.n2) : Vec3(s1 * m.n2 - s2 * m.n1);
  return crossing.dot(n.n1 + n.n2) > 0;
}

// Edge pairs of two polytopes that form Minkowski faces (Gauss-map pruning), with
// the separation along their cross product oriented outwards of a's edge.
void try_polytope_edges(const ConvexSet& a, const ConvexSet& b, AxisSearch& search) {
  SmallArray<EdgeArc, 48> arcs_a, arcs_b;
  edge_arcs(a, false, arcs_a);
  edge_arcs(b, true, arcs_b);
  for (int i = 0; i < arcs_a.size(); ++i) {
    const EdgeArc& ea = arcs_a[i];
    if (!ea.valid) continue;
    for (int j = 0; j < arcs_b.size(); ++j) {
      const EdgeArc& eb = arcs_b[j];
      if (!eb.valid || !arcs_cross(ea, eb)) continue;
      Vec3 axis = ea.direction.cross(eb.direction);
      const double length = axis.norm();
      if (!(length > 1e-9 * ea.direction.norm() * eb.direction.norm())) continue;
      axis /= length;
      if (axis.dot(ea.n1 + ea.n2) < 0) axis = -axis;
      search.offer(axis.dot(eb.start - ea.start), axis, false);
    }
  }
}

// A segment core against a polytope: its direction crossed with every edge.
void try_segment_edges(const ConvexSet& segment, const ConvexSet& polytope, AxisSearch& search) {
  const PolytopeGeometry& p = *polytope.polytope;
  for (const auto& edge : p.topology->edges) {
    const Vec3 direction = p.vertices[edge.second] - p.vertices[edge.first];
    search.try_axis(segment.axis.cross(direction), direction.norm());
  }
}

// A cylinder against points of the other core: the direction from the axis line to the
// point (side contact) and from the nearest point of each rim to the point (rim contact).
void try_cylinder_point(const ConvexSet& cylinder, const Vec3& point, AxisSearch& search) {
  const Vec3 relative = point - cylinder.center - cylinder.offset;
  const Vec3 radial = perpendicular_part(relative, cylinder.axis);
  const double radial_length = radial.norm();
  const double reference = relative.norm() + cylinder.size;
  search.try_axis(radial, reference);
  if (!(radial_length > 1e-12 * reference)) return;
  const Vec3 rim_offset = (cylinder.cylinder_radius / radial_length) * radial;
  for (const double side : {-1.0, 1.0}) {
    const Vec3 rim_point = cylinder.center + cylinder.offset + side * cylinder.half_length * cylinder.axis + rim_offset;
    search.try_axis(point - rim_point, reference);
  }
}

void try_cylinder_polytope(const ConvexSet& cylinder, const ConvexSet& polytope, AxisSearch& search) {
  const PolytopeGeometry& p = *polytope.polytope;
  for (const auto& edge : p.topology->edges) {
    const Vec3 direction = p.vertices[edge.second] - p.vertices[edge.first];
    search.try_axis(cylinder.axis.cross(direction), direction.norm());
  }
  for (int i = 0; i < p.vertex_count(); ++i) try_cylinder_point(cylinder, p.vertices[i] + polytope.offset, search);
}

void try_cylinder_segment(const ConvexSet& cylinder, const ConvexSet& segment, AxisSearch& search) {
  search.try_axis(cylinder.axis.cross(segment.axis), 1);
  for (const double side : {-1.0, 1.0}) {
    try_cylinder_point(cylinder, segment.center + segment.offset + side * segment.half_length * segment.axis,
                       search);
  }
}

}  // namespace

bool candidate_axes_are_complete(const ConvexSet& a, const ConvexSet& b) {
  return a.kind != CoreKind::Cylinder && b.kind != CoreKind::Cylinder;
}

AxisCandidate best_face_axis(const ConvexSet& a, const ConvexSet& b, double tie_tolerance) {
  AxisSearch search(a, b, tie_tolerance);
  if (a.kind == CoreKind::Polytope) try_faces(a, b, true, search);
  if (b.kind == CoreKind::Polytope) try_faces(b, a, false, search);
  if (a.kind == CoreKind::Cylinder) search.try_axis(a.axis, 1, true);
  if (b.kind == CoreKind::Cylinder) search.try_axis(b.axis, 1, true);
  return search.best().face;
}

AxisCandidate best_other_axis(const ConvexSet& a, const ConvexSet& b, double tie_tolerance) {
  AxisSearch search(a, b, tie_tolerance);
  const bool a_polytope = a.kind == CoreKind::Polytope, b_polytope = b.kind == CoreKind::Polytope;
  if (a_polytope && b_polytope) try_polytope_edges(a, b, search);
  if (a.kind == CoreKind::Segment && b_polytope) try_segment_edges(a, b, search);
  if (b.kind == CoreKind::Segment && a_polytope) try_segment_edges(b, a, search);
  if (a.kind == CoreKind::Cylinder && b_polytope) try_cylinder_polytope(a, b, search);
  if (b.kind == CoreKind::Cylinder && a_polytope) try_cylinder_polytope(b, a, search);
  if (a.kind == CoreKind::Cylinder && b.kind == CoreKind::Segment) try_cylinder_segment(a, b, search);
  if (b.kind == CoreKind::Cylinder && a.kind == CoreKind::Segment) try_cylinder_segment(b, a, search);
  if (a.kind == CoreKind::Cylinder && b.kind == CoreKind::Point) try_cylinder_point(a, b.center + b.offset, search);
  if (b.kind == CoreKind::Cylinder && a.kind == CoreKind::Point) try_cylinder_point(b, a.center + a.offset, search);
  if (a.kind == CoreKind::Cylinder && b.kind == CoreKind::Cylinder) {
    search.try_axis(a.axis.cross(b.axis), 1);
    try_cylinder_point(a, b.center + b.offset, search);
    try_cylinder_point(b, a.center + a.offset, search);
  }
  if (a.kind == CoreKind::Point && b.kind == CoreKind::Point) search.try_axis(b.center + b.offset - a.center - a.offset, 1);
  return search.best().other;
}

}  // namespace contactlab
