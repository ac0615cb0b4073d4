#include "grasp/grasp_quality.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "contact/friction_cone.h"

namespace contactlab {
namespace {

bool is_finite(const Vec3& v) {
  return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
}

Status check_contact(const GraspContact& contact, int index) {
  const std::string name = "contacts[" + std::to_string(index) + "]";
  if (!is_finite(contact.point)) return Status::failure(name + ".point must be finite");
  if (!is_finite(contact.inward_normal) || contact.inward_normal.norm() < 1e-12) {
    return Status::failure(name + ".inward_normal must be a finite nonzero vector");
  }
  if (!(contact.friction_coefficient >= 0) || !std::isfinite(contact.friction_coefficient)) {
    return Status::failure(name + ".friction_coefficient must be finite and >= 0");
  }
  if (!(contact.torsional_friction >= 0) || !std::isfinite(contact.torsional_friction)) {
    return Status::failure(name + ".torsional_friction must be finite and >= 0 (m)");
  }
  return Status::success();
}

Vec6 wrench(const Vec3& force, const Vec3& lever, double torque_scale) {
  Vec6 w;
  w.head<3>() = force;
  w.tail<3>() = lever.cross(force) / torque_scale;
  return w;
}

// The wrench of `force` at the contact, or for a soft finger the two wrenches with its
// moment +-mu_t n added (grasp_quality.h).
void add_wrenches(const Vec3& force, const Vec3& lever, const Vec3& normal, double torsional_friction,
                  double torque_scale, int contact, std::vector<Vec6>& wrenches,
                  std::vector<int>& wrench_contact) {
  const Vec6 point_wrench = wrench(force, lever, torque_scale);
  if (!(torsional_friction > 0)) {
    wrenches.push_back(point_wrench);
    wrench_contact.push_back(contact);
    return;
  }
  Vec6 moment = Vec6::Zero();
  moment.tail<3>() = torsional_friction * normal / torque_scale;
  wrenches.push_back(point_wrench + moment);
  wrenches.push_back(point_wrench - moment);
  wrench_contact.push_back(contact);
  wrench_contact.push_back(contact);
}

}  // namespace

Status grasp_wrenches(const std::vector<GraspContact>& contacts, const Vec3& object_center,
                      double torque_scale, int friction_edges, std::vector<Vec6>& wrenches,
                      std::vector<int>& wrench_contact) {
  wrenches.clear();
  wrench_contact.clear();
  if (!(torque_scale > 0) || !std::isfinite(torque_scale)) {
    return Status::failure("torque_scale must be positive and finite (m)");
  }
  if (friction_edges < 4 || friction_edges > 32 || friction_edges % 2 != 0) {
    return Status::failure("friction_edges must be an even whole number from 4 to 32");
  }
  if (!is_finite(object_center)) return Status::failure("object_center must be finite");
  for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
    const Status checked = check_contact(contacts[i], i);
    if (!checked.ok()) return checked;
  }
  FrictionEdgeTable edges;
  edges.set_edge_count(friction_edges);
  for (int i = 0; i < static_cast<int>(contacts.size()); ++i) {
    const GraspContact& contact = contacts[i];
    const Vec3 normal = contact.inward_normal.normalized();  // n
    const Vec3 lever = contact.point - object_center;        // p - c
    const double mu = contact.friction_coefficient;
    const double mu_t = contact.torsional_friction;
    if (mu == 0) {
      add_wrenches(normal, lever, normal, mu_t, torque_scale, i, wrenches, wrench_contact);
      continue;
    }
    Vec3 t1, t2;
    tangent_basis(normal, t1, t2);
    for (int j = 0; j < friction_edges; ++j) {
      // f_j = n + mu d_j: an edge of the cone of seed 002 eq. (4) at unit normal force.
      const Vec3 force = normal + mu * edges.direction(j, t1, t2);
      add_wrenches(force, lever, normal, mu_t, torque_scale, i, wrenches, wrench_contact);
    }
  }
  return Status::success();
}

GraspQuality evaluate_grasp(const std::vector<GraspContact>& contacts, const Vec3& object_center,
                            double torque_scale, int friction_edges, GraspWrenchSpace& space) {
  GraspQuality quality;
  space = GraspWrenchSpace{};
  // (contacts) => (wrenches w)
  quality.status = grasp_wrenches(contacts, object_center, torque_scale, friction_edges,
                                  space.wrenches, space.wrench_contact);
  if (!quality.status.ok()) return quality;
  quality.wrench_count = static_cast<int>(space.wrenches.size());
  // (w) => (GWS = conv w)
  std::vector<PointNd> points(space.wrenches.size());
  for (int i = 0; i < quality.wrench_count; ++i) {
    for (int k = 0; k < 6; ++k) points[i][k] = space.wrenches[i][k];
  }
  quality.status = build_convex_hull_nd(points, 6, space.hull);
  if (!quality.status.ok()) return quality;
  quality.wrench_space_dimension = space.hull.affine_dimension;
  // A flat GWS cannot hold the origin strictly inside: no force closure.
  if (!space.hull.full_dimensional() || space.hull.facets.empty()) return quality;
  quality.facet_count = static_cast<int>(space.hull.facets.size());
  quality.volume = space.hull.volume;
  // (GWS facets) => (epsilon): with outward unit normals the origin lies at signed
  // distance offset below each facet plane.
  double nearest = space.hull.facets.front().offset;
  for (const HullFacetNd& facet : space.hull.facets) nearest = std::min(nearest, facet.offset);
  quality.force_closure = nearest > space.hull.tolerance;
  quality.epsilon = quality.force_closure ? nearest : 0;
  return quality;
}

GraspQuality evaluate_grasp(const std::vector<GraspContact>& contacts, const Vec3& object_center,
                            double torque_scale, int friction_edges) {
  GraspWrenchSpace space;
  return evaluate_grasp(contacts, object_center, torque_scale, friction_edges, space);
}

}  // namespace contactlab
