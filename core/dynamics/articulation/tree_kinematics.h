// Forward kinematics of a kinematic tree and the maps from generalised velocity v to
// body velocities.
//
// Body velocities use the convention of the contact rows (rigid_body.h): a body's
// twist is (velocity of its centre of mass, angular velocity), world frame, so a
// contact force d at world point p acts on it as the wrench (d, (p - com) x d) and on
// the tree as J^T (d, (p - com) x d) with J = com_jacobian.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/spatial.h"

namespace contactlab {

// What forward_kinematics caches for a configuration q. Spatial quantities of a link
// are about its tree's reference point: the world point where the root link's frame
// origin is at q (spatial.h), so a floating tree keeps full precision far from the
// world origin.
struct TreeKinematics {
  std::vector<Pose> link_pose;        // link frame in the world
  std::vector<Vec3> com_position;     // centre of mass in the world [m]
  std::vector<Vec3> joint_axis;       // revolute/prismatic axis in the world (zero otherwise)
  std::vector<Vec3> joint_anchor;     // joint frame origin in the world [m]
  std::vector<Vec3> reference_point;  // o of each link's spatial quantities [m]
  // Offsets from o, composed along the tree without passing through world
  // coordinates (so they keep full precision however far the tree is from the origin):
  std::vector<Vec3> origin_from_reference;  // link frame origin - o [m]
  std::vector<Vec3> com_from_reference;     // centre of mass - o [m]
  std::vector<SpatialInertia> spatial_inertia;  // each link's inertia about its o
  // S: column k is the spatial motion (about the link's o) produced by v_k = 1 alone;
  // the columns of link i are velocity_offset(i) .. + velocity_size - 1.
  Eigen::Matrix<double, 6, Eigen::Dynamic> motion_subspace;
};

// q => (link poses, centres of mass, joint axes, spatial inertias, S).
// Resizes `out` only when the tree's size changed.
void forward_kinematics(const KinematicTree& tree, const Eigen::VectorXd& q,
                        TreeKinematics& out);

// (kinematics, v) => spatial velocity of every link about its reference point,
// V_i = V_parent + S_i v_i.
void link_spatial_velocities(const KinematicTree& tree, const TreeKinematics& kinematics,
                             const Eigen::VectorXd& v, std::vector<Vec6>& out);

// (kinematics, v) => (velocity of the centre of mass, angular velocity) of every link,
// world frame.
void link_com_velocities(const KinematicTree& tree, const TreeKinematics& kinematics,
                         const Eigen::VectorXd& v, std::vector<Vec6>& out);

// J (6 x nv) with (velocity of the link's centre of mass, angular velocity) = J v,
// world frame. Columns of joints that do not move the link are zero.
void com_jacobian(const KinematicTree& tree, const TreeKinematics& kinematics, int link,
                  Eigen::Matrix<double, 6, Eigen::Dynamic>& jacobian);

// Seed 002 eq. (12) for a tree: q += h G(q) v. Revolute and prismatic coordinates
// move by h v; a free joint's position by h times its linear velocity and its
// quaternion by the first-order update of eq. (10)-(11), then renormalised
// (integrate_pose in integrate.h).
void integrate_tree_positions(const KinematicTree& tree, const Eigen::VectorXd& v, double h,
                              Eigen::VectorXd& q);

}  // namespace contactlab
