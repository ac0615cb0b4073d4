// A sphere against a sphere, box, capsule or cylinder in closed form: the closest
// point q of the other core to the sphere's centre c gives phi = |c - q| - radii and
// the normal along c - q; a centre inside a box or cylinder leaves through the nearest
// face. One point per pair, feature 0.
#include <algorithm>
#include <cmath>

#include "collision/geometry_queries.h"
#include "collision/pair_routines.h"

namespace contactlab {
namespace {

// A contact between a point `on_a` of a's core and `on_b` of b's core, with the unit
// normal from a to b and the sweep radii of both.
void add_point(const Vec3& on_a, const Vec3& on_b, const Vec3& normal, double distance, double radius_a,
               double radius_b, double margin, std::vector<ContactPoint>& out) {
  if (distance > margin) return;
  const Vec3 position = 0.5 * ((on_a + radius_a * normal) + (on_b - radius_b * normal));
  out.push_back(ContactPoint{position, normal, distance, 0});
}

// Two sweep cores reduced to points: the normal is undefined when they coincide, then +z.
void point_point(const Vec3& on_a, double radius_a, const Vec3& on_b, double radius_b, double margin,
                 std::vector<ContactPoint>& out) {
  const Vec3 difference = on_b - on_a;
  const double length = difference.norm();
  const Vec3 normal = length > 0 ? Vec3(difference / length) : Vec3::UnitZ();
  add_point(on_a, on_b, normal, length - radius_a - radius_b, radius_a, radius_b, margin, out);
}

}  // namespace

void collide_sphere_sphere(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                           double margin, std::vector<ContactPoint>& out) {
  point_point(pose_a.position, a.radius, pose_b.position, b.radius, margin, out);
}

void collide_sphere_capsule(const Shape& sphere, const Pose& sphere_pose, const Shape& capsule,
                            const Pose& capsule_pose, double margin, std::vector<ContactPoint>& out) {
  const Vec3 axis = capsule_pose.rotation.col(2);
  const Vec3 end0 = capsule_pose.position - capsule.half_length * axis;
  const Vec3 end1 = capsule_pose.position + capsule.half_length * axis;
  const double t = closest_parameter_on_segment(sphere_pose.position, end0, end1);
  point_point(sphere_pose.position, sphere.radius, end0 + t * (end1 - end0), capsule.radius, margin, out);
}

void collide_sphere_box(const Shape& sphere, const Pose& sphere_pose, const Shape& box, const Pose& box_pose,
                        double margin, std::vector<ContactPoint>& out) {
  // In the box frame: q = c clamped to [-h, h].
  const Vec3 center = box_pose.to_local(sphere_pose.position);
  const Vec3& half = box.half_extents;
  const Vec3 clamped = center.cwiseMax(-half).cwiseMin(half);
  Vec3 surface = clamped;   // closest point of the box surface, local
  Vec3 outward;             // box to sphere, local
  double gap;               // signed distance of the centre from the box surface
  if (clamped != center) {
    const Vec3 difference = center - clamped;
    gap = difference.norm();
    outward = difference / gap;
  } else {
    // Inside (or on the surface): leave through the face of least depth h_i - |c_i|.
    int axis = 0;
    for (int i = 1; i < 3; ++i) {
      if (half[i] - std::abs(center[i]) < half[axis] - std::abs(center[axis])) axis = i;
    }
    const double side = center[axis] >= 0 ? 1.0 : -1.0;
    gap = -(half[axis] - std::abs(center[axis]));
    outward = Vec3::Zero();
    outward[axis] = side;
    surface[axis] = side * half[axis];
  }
  const Vec3 normal = -(box_pose.rotation * outward);  // sphere to box
  const double distance = gap - sphere.radius;
  add_point(sphere_pose.position, box_pose.to_world(surface), normal, distance, sphere.radius, 0, margin, out);
}

void collide_sphere_cylinder(const Shape& sphere, const Pose& sphere_pose, const Shape& cylinder,
                             const Pose& cylinder_pose, double margin, std::vector<ContactPoint>& out) {
  // In the cylinder frame: radial distance rho and axial z of the centre.
  const Vec3 center = cylinder_pose.to_local(sphere_pose.position);
  const double rho = std::sqrt(center.x() * center.x() + center.y() * center.y());
  const double r = cylinder.radius, h = cylinder.half_length;
  Vec3 surface;
  Vec3 outward;
  double gap;
  if (rho <= r && std::abs(center.z()) <= h) {
    // Inside: through the cap or the side, whichever is nearer (the cap on ties).
    const double cap_depth = h - std::abs(center.z()), side_depth = r - rho;
    if (cap_depth <= side_depth) {
      const double side = center.z() >= 0 ? 1.0 : -1.0;
      outward = Vec3(0, 0, side);
      surface = Vec3(center.x(), center.y(), side * h);
      gap = -cap_depth;
    } else {
      const Vec3 radial = rho > 0 ? Vec3(center.x() / rho, center.y() / rho, 0) : Vec3::UnitX();
      outward = radial;
      surface = Vec3(r * radial.x(), r * radial.y(), center.z());
      gap = -side_depth;
    }
  } else {
    const double scale = rho > r ? r / rho : 1.0;
    surface = Vec3(scale * center.x(), scale * center.y(), std::min(h, std::max(-h, center.z())));
    const Vec3 difference = center - surface;
    gap = difference.norm();
    outward = difference / gap;
  }
  const Vec3 normal = -(cylinder_pose.rotation * outward);  // sphere to cylinder
  add_point(sphere_pose.position, cylinder_pose.to_world(surface), normal, gap - sphere.radius, sphere.radius, 0,
            margin, out);
}

}  // namespace contactlab
