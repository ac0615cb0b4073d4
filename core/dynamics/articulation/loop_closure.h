// A loop closure: two links of one articulation held together where the tree cannot
// join them, closing a kinematic loop (a four-bar linkage). Seed 004, "Bilateral
// Position Constraints": the constraint h(q) = 0 with H = dh/dq acts on the tree as
// the generalised force H^T lambda; in a time step it is a set of bilateral rows of
// seed 002's eq. (7), H v^{l+1} = target, eliminated with the couplings as eq. (21)
// does (articulation_motion.h), with Baumgarte's stabilisation in the target
// (loop_stabilisation.h).
//
//   point (3 rows): a point fixed in link A coincides with a point fixed in link B,
//                   h = x_B - x_A (world, m), H v = velocity of x_B - velocity of x_A;
//   hinge (5 rows): the point rows, and link B's axis stays parallel to link A's,
//                   h_k = u_k . (a_A x a_B) (rad, for small misalignments), H_k v =
//                   u_k . (w_B - w_A), k = 1, 2, with u_1, u_2 perpendicular to a_A
//                   and fixed in link A, so the relative rotation keeps only the
//                   component about the axis.
#pragma once

#include <array>
#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {

enum class LoopType { Point, Hinge };

struct LoopClosure {
  LoopType type = LoopType::Point;
  int link_a = -1;
  int link_b = -1;
  Vec3 point_a = Vec3::Zero();  // in link A's frame [m]
  Vec3 point_b = Vec3::Zero();  // in link B's frame [m]
  // Hinge only: unit axes in link A's and link B's frames, and two unit vectors
  // perpendicular to axis_a and to each other, in link A's frame (hinge_normals).
  Vec3 axis_a = Vec3::UnitZ();
  Vec3 axis_b = Vec3::UnitZ();
  std::array<Vec3, 2> normals_a = {Vec3::UnitX(), Vec3::UnitY()};

  int row_count() const { return type == LoopType::Point ? 3 : 5; }
};

// Two unit vectors perpendicular to the unit `axis` and to each other: the first is
// axis x e, e the coordinate axis least aligned with it, normalised; the second axis
// x the first. Only + - * / and sqrt, so the same bits everywhere.
std::array<Vec3, 2> hinge_normals(const Vec3& axis);

// The rows of every loop, one after another: h(q) into `error` and H (rows x nv) into
// `jacobian`, at the configuration of `kinematics`.
void loop_closure_rows(const KinematicTree& tree, const TreeKinematics& kinematics,
                       const std::vector<LoopClosure>& loops, Eigen::MatrixXd& jacobian,
                       Eigen::VectorXd& error);

// rate = H v, row by row in a fixed order (the same bits everywhere).
void loop_rows_times(const Eigen::MatrixXd& jacobian, const Eigen::VectorXd& velocities,
                     Eigen::VectorXd& rate);

// The total number of rows of `loops`.
int loop_row_count(const std::vector<LoopClosure>& loops);

// The largest distance |x_B - x_A| between the two points of any loop [m] (0 without
// loops): the CSV's loop_error. A hinge's axis misalignment is corrected with the
// point but not counted here (it is an angle).
double largest_loop_gap(const TreeKinematics& kinematics, const std::vector<LoopClosure>& loops);

}  // namespace contactlab
