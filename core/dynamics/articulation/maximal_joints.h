// An articulation in maximal coordinates (seed 002 §2.2): every link a rigid body with
// its own pose and 6 velocities, v in R^6n, and every joint a set of equality rows on
// the relative velocity of the two links it joins, J^T v^{l+1} = 0 (eq. 7), with
// impulse J c_j (eq. 8):
//
//   revolute  5 rows: the joint point of the child (its frame origin) stays on the
//             parent's (3 rows, world axes [m]), and the child's axis on the parent's,
//             u_k . (a_p x a_c), k = 1, 2 [rad], u_k perpendicular to the parent's
//             axis a_p; the turn about the axis is free;
//   prismatic 5 rows: no relative rotation (3 rows [rad]) and no relative translation
//             across the axis, u_k . (o_c - x_p) (2 rows [m]);
//   fixed     6 rows: the point and the rotation;
//   free      none (a floating base is a free link already).
//
// The links are the roots of `free_links` (each on a free joint, whose velocity is that
// of the link frame origin and the angular velocity, world frame), so the contact rows,
// the mass matrix and eq. (12)'s integration of the tree apply unchanged. A joint's
// own coordinate q, its rate qdot = l v and a coupling's row follow from the two links'
// poses: the angle of the child's frame about the axis, or its offset along it.
//
// Every row's error is the violation at the links' poses: what seed 002 calls Delta p
// in eq. (16), the drift the step corrects with eps_j = -gamma Delta p / h.
#pragma once

#include <array>
#include <vector>

#include <Eigen/Core>

#include "dynamics/articulation/articulation_model.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {

// The links of `tree` as roots on free joints: the same names, masses, centres of
// mass and inertias, each link frame's pose its free joint's q.
KinematicTree free_link_tree(const KinematicTree& tree);

// The rows of every joint of the articulation, link by link, then one per coupling
// (q_follower - ratio q_leader, eqs. 7-8's passive coupling): J (rows x 6n) and the
// errors, at the free links' `kinematics`; `positions` are the joint coordinates
// (joint_coordinates) the couplings' errors are taken from. `row_links` gets, per
// row, the links its row moves (-1: none; a coupling's follower and leader and their
// parents), for a sparse M^-1 J^T.
struct MaximalJointRows {
  Eigen::MatrixXd jacobian;
  Eigen::VectorXd error;
  std::vector<std::array<int, 4>> row_links;
};
void maximal_joint_rows(const Articulation& articulation, const TreeKinematics& kinematics,
                        const Eigen::VectorXd& positions, MaximalJointRows& rows);

// The rate of a revolute or prismatic joint, qdot = l v: l (6n) into `rate_row`.
void joint_rate_row(const Articulation& articulation, const TreeKinematics& kinematics, int link,
                    Eigen::VectorXd& rate_row);

// The joint coordinates q the free links' poses give (revolute angles taken the
// 2 pi turn nearest `previous`, so that a joint may turn on), and v = l v_links; a
// free root's q and v are its link's. `previous` has the tree's position size.
void joint_coordinates(const Articulation& articulation, const TreeKinematics& kinematics,
                       const Eigen::VectorXd& link_positions, const Eigen::VectorXd& link_velocities,
                       const Eigen::VectorXd& previous, Eigen::VectorXd& positions,
                       Eigen::VectorXd& velocities);

// The two frames every joint but a free one holds together, world, one pair after
// another in link order: the parent's joint frame (parent link frame * origin) and the
// child's (its link frame * motion(q)^-1, q from `positions`). They coincide while the
// joint holds; drift takes them apart (the page draws them).
void joint_frame_pairs(const Articulation& articulation, const TreeKinematics& kinematics,
                       const Eigen::VectorXd& positions, std::vector<Pose>& frames);

// The largest violation of any joint row [m or rad, taken as they are]: the CSV's
// joint_error. Couplings are not counted (they are joint coordinates, not drift of
// the links apart).
double largest_joint_violation(const Articulation& articulation, const TreeKinematics& kinematics);

}  // namespace contactlab
