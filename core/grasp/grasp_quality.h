// Grasp quality in GraspIt!'s sense (Miller & Allen; Ferrari & Canny 1992).
//
// Each contact on the grasped object pushes with a unit normal force inside the
// polyhedral friction cone of seed 002 eq. (4); its u edge forces are
//   f_j = n + mu d_j,   d_j = cos(2 pi j/u) t1 + sin(2 pi j/u) t2,   j = 0 .. u-1,
// (just f = n when mu = 0), and each edge force gives the wrench
//   w = (f, (p - c) x f / rho)  in R^6,
// with c the object's centre of mass and rho the torque scale (GraspIt!: the object's
// largest distance from c), so that forces and torques are comparable.
//
// A soft finger (torsional friction mu_t > 0, contact/torsional_friction.h) also
// presses a moment about its normal, |tau_n| <= mu_t per unit normal force, apart from
// its friction force: its cone is the product of the pyramid and that interval, whose
// extreme rays are each edge force with the pure moment +mu_t n and with -mu_t n. So
// each primitive wrench gets the moment added both ways,
//   w = (f, ((p - c) x f +- mu_t n) / rho),
// 2 u wrenches per contact (2 without Coulomb friction). The wrench space gains the
// moments about the contact normals that a point contact cannot press: two point
// contacts facing each other can never resist a torque about the line through them (no
// force at either point has a moment about it), two soft fingers can.
// The grasp wrench space GWS is the convex hull of all these wrenches (the "L1" GWS:
// the wrenches reachable with unit total normal force).
//   force closure  <=>  the origin lies strictly inside the GWS;
//   epsilon        = the distance from the origin to the nearest GWS facet with force
//                    closure, and 0 without (GraspIt! reports a value <= 0 then);
//   volume         = the 6-dimensional volume of the GWS.
#pragma once

#include <vector>

#include "base/math_types.h"
#include "base/status.h"
#include "grasp/convex_hull_nd.h"

namespace contactlab {

struct GraspContact {
  Vec3 point = Vec3::Zero();           // p, world, m
  Vec3 inward_normal = Vec3::UnitZ();  // n, pointing into the object; normalised on use
  double friction_coefficient = 0;     // mu >= 0
  double torsional_friction = 0;       // mu_t >= 0 [m]: 0 a point contact, > 0 a soft finger
};

struct GraspQuality {
  bool force_closure = false;
  double epsilon = 0;  // Ferrari-Canny, in units of unit normal force; 0 without closure
  double volume = 0;   // of the GWS
  int wrench_count = 0;
  int facet_count = 0;
  // The dimension of the wrenches' affine hull (6 unless the grasp is degenerate,
  // e.g. 3 for frictionless contacts on a sphere), -1 without contacts.
  int wrench_space_dimension = -1;
  // Bad input or a failed hull: no force closure, epsilon and volume 0.
  Status status = Status::success();
};

// The GWS with what is needed to draw it: the wrenches, the contact each came from,
// and the hull (facets index into wrenches).
struct GraspWrenchSpace {
  std::vector<Vec6> wrenches;
  std::vector<int> wrench_contact;
  ConvexHullNd hull;
};

// The primitive wrenches, contact by contact and edge by edge: u per frictional
// contact, 1 per frictionless one, twice as many for a soft finger (the edge with +mu_t
// n, then with -mu_t n). Fails (with the field named) for torque_scale not positive and
// finite, friction_edges not an even number in 4 .. 32, or a contact with a non-finite
// point, a zero or non-finite normal, or a negative or non-finite mu or mu_t.
Status grasp_wrenches(const std::vector<GraspContact>& contacts, const Vec3& object_center,
                      double torque_scale, int friction_edges, std::vector<Vec6>& wrenches,
                      std::vector<int>& wrench_contact);

// torque_scale: rho > 0, m; friction_edges: u, even, 4 .. 32 (seed 002 eq. (4)).
GraspQuality evaluate_grasp(const std::vector<GraspContact>& contacts, const Vec3& object_center,
                            double torque_scale, int friction_edges);

// The same, also keeping the wrench space for drawing.
GraspQuality evaluate_grasp(const std::vector<GraspContact>& contacts, const Vec3& object_center,
                            double torque_scale, int friction_edges, GraspWrenchSpace& space);

}  // namespace contactlab
