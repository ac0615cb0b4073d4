// Inverse kinematics for straight-line Cartesian moves of an arm (seed 002 §5: the
// arm follows Cartesian end-effector paths through its joint controllers): joint
// positions that put a link's frame at a target pose, by damped least squares,
//   dq = J^T (J J^T + lambda^2 I)^-1 e,
// with e the 6-D pose error (position, then the rotation error 2 vec(q_err) of the
// error quaternion, exact to first order) and J the link frame's Jacobian. Only
// + - * / and sqrt are used, so the same targets give the same joints everywhere.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "base/status.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "dynamics/articulation/tree_kinematics.h"

namespace contactlab {

struct IkSettings {
  int max_iterations = 20;
  double damping = 1e-3;            // lambda [m]: keeps steps bounded near singularities
  double position_tolerance = 1e-6;  // [m]
  double rotation_tolerance = 1e-6;  // [rad]
  // Match the target's orientation too; without it only the position counts (an arm
  // with fewer than six joints cannot hold an orientation along a path).
  bool with_orientation = true;
};

struct IkResult {
  int iterations = 0;
  double position_error = 0;  // [m] at the end
  double rotation_error = 0;  // [rad] at the end (small-angle measure)
  bool converged = false;
};

// The 6-D error (target - current): position difference, and 2 vec(q_target q^-1)
// with the scalar part made non-negative (the shorter rotation).
Vec6 pose_error(const Pose& current, const Pose& target);

// (tree, q, link, target) => q that brings the link frame to `target`, moving only the
// revolute and prismatic joints listed in `joints` and keeping each within its limits.
// `q` is updated in place from its value (a good start: the last solution); `scratch`
// holds the kinematics at the returned q.
IkResult solve_link_pose(const KinematicTree& tree, int link, const Pose& target,
                         const std::vector<int>& joints, const IkSettings& settings,
                         Eigen::VectorXd& q, TreeKinematics& scratch);

}  // namespace contactlab
