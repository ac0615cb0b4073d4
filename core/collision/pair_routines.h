// The narrow-phase routine of each shape pair; dispatch.cpp picks one and orders the
// arguments so that a's type never comes after b's (plane, sphere, box, capsule,
// cylinder, convex hull). Each appends points with the normal from a to b.
//
// Contact sets (seed 002 §3.2: the vertices bounding the contact region):
// - sphere against anything: 1 point. Capsule on a plane or a face: its 2 segment
//   ends (clipped to the face); standing: 1.
// - box or hull on a plane: every vertex within the margin (4 for a box on a face, 2 on
//   an edge); polytope on polytope: the incident face clipped to the reference face
//   (4 for a box on a larger box, the overlap polygon's corners otherwise), at most 8
//   points (farthest-point sampling beyond that); edge across edge: 1 point.
// - cylinder: each cap is represented by the 8 vertices of its inscribed regular octagon
//   (fixed in the cylinder's frame), with the vertex nearest the rim's deepest point
//   replaced by that exact point unless the cap is flush. Standing on a plane or a face:
//   the 8 octagon vertices (clipped to a smaller face); lying: the 2 ends of the side
//   line; parallel to a capsule, an edge or another cylinder's side: the 2 ends of the
//   overlap.
// Approximations: the octagon under-represents a flush cap's support disk (its inradius
// is cos(22.5 deg) = 0.924 r); a cap used as a reference face against another flat
// face is clipped as that octagon (against segments and points, as the exact disk).
// Curved contacts that are not flat or ruled (rim on an edge, rim on a rim, rim on a
// cylinder side, a tilted capsule on a cylinder side) are a single deepest point, with
// phi accurate to about 1e-9 m and, when overlapping, found by EPA and proximal steps
// (signed_distance.h). A nearly flush face is preferred over a marginally better edge
// direction (by up to 10%, signed_distance.h). Everything else is exact to rounding.
#pragma once

#include <vector>

#include "collision/contact_point.h"
#include "geometry/shape.h"

namespace contactlab {

// plane_pairs.cpp: the plane is the half-space z <= 0 of its frame.
void collide_plane_sphere(const Shape& plane, const Pose& plane_pose, const Shape& sphere,
                          const Pose& sphere_pose, double margin, std::vector<ContactPoint>& out);
void collide_plane_capsule(const Shape& plane, const Pose& plane_pose, const Shape& capsule,
                           const Pose& capsule_pose, double margin, std::vector<ContactPoint>& out);
void collide_plane_polytope(const Shape& plane, const Pose& plane_pose, const Shape& polytope,
                            const Pose& polytope_pose, double margin, std::vector<ContactPoint>& out);
void collide_plane_cylinder(const Shape& plane, const Pose& plane_pose, const Shape& cylinder,
                            const Pose& cylinder_pose, double margin, std::vector<ContactPoint>& out);

// sphere_pairs.cpp: closed forms.
void collide_sphere_sphere(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                           double margin, std::vector<ContactPoint>& out);
void collide_sphere_box(const Shape& sphere, const Pose& sphere_pose, const Shape& box,
                        const Pose& box_pose, double margin, std::vector<ContactPoint>& out);
void collide_sphere_capsule(const Shape& sphere, const Pose& sphere_pose, const Shape& capsule,
                            const Pose& capsule_pose, double margin, std::vector<ContactPoint>& out);
void collide_sphere_cylinder(const Shape& sphere, const Pose& sphere_pose, const Shape& cylinder,
                             const Pose& cylinder_pose, double margin, std::vector<ContactPoint>& out);

// capsule_pairs.cpp: closed form.
void collide_capsule_capsule(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                             double margin, std::vector<ContactPoint>& out);

// convex_pairs.cpp: every other pair, through signed_distance.h and contact_patch.h.
// `separating_direction` (may be null): collide.h's direction kept for the pair.
void collide_convex(const Shape& a, const Pose& pose_a, const Shape& b, const Pose& pose_b,
                    double margin, std::vector<ContactPoint>& out, Vec3* separating_direction = nullptr);

}  // namespace contactlab
