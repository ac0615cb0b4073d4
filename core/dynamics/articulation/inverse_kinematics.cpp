#include "dynamics/articulation/inverse_kinematics.h"

#include <algorithm>
#include <cmath>

#include "dynamics/articulation/dense_cholesky.h"

namespace contactlab {
namespace {

constexpr double kMaxJointStep = 0.1;  // [rad] or [m] per iteration

// Column k of the link frame's Jacobian (origin velocity, angular velocity) from the
// centre-of-mass Jacobian: v_origin = v_com + w x (origin - com).
void frame_jacobian(const KinematicTree& tree, const TreeKinematics& kinematics, int link,
                    Eigen::Matrix<double, 6, Eigen::Dynamic>& jacobian) {
  com_jacobian(tree, kinematics, link, jacobian);
  const Vec3 offset = kinematics.link_pose[link].position - kinematics.com_position[link];
  for (int k = 0; k < jacobian.cols(); ++k) {
    const Vec3 angular = jacobian.block<3, 1>(3, k);
    jacobian.block<3, 1>(0, k) += angular.cross(offset);
  }
}

}  // namespace

Vec6 pose_error(const Pose& current, const Pose& target) {
  Vec6 error;
  error.head<3>() = target.position - current.position;
  Quat rotation(target.rotation * current.rotation.transpose());
  if (rotation.w() < 0) rotation.coeffs() = -rotation.coeffs();
  error.tail<3>() = 2 * rotation.vec();
  return error;
}

IkResult solve_link_pose(const KinematicTree& tree, int link, const Pose& target,
                         const std::vector<int>& joints, const IkSettings& settings,
                         Eigen::VectorXd& q, TreeKinematics& scratch) {
  IkResult result;
  const int m = static_cast<int>(joints.size());
  Eigen::Matrix<double, 6, Eigen::Dynamic> full;
  Eigen::MatrixXd gram(6, 6);
  DenseCholesky factor;
  std::vector<double> steps;
  for (;;) {
    forward_kinematics(tree, q, scratch);
    Vec6 error = pose_error(scratch.link_pose[link], target);
    result.position_error = error.head<3>().norm();
    result.rotation_error = error.tail<3>().norm();
    result.converged = result.position_error <= settings.position_tolerance &&
                       (!settings.with_orientation || result.rotation_error <= settings.rotation_tolerance);
    if (result.converged || result.iterations == settings.max_iterations) return result;
    ++result.iterations;

    frame_jacobian(tree, scratch, link, full);
    if (!settings.with_orientation) {
      // Rotation rows out: (J J^T + lambda^2 I) is then block-diagonal, and the
      // rotation part of y is zero.
      error.tail<3>().setZero();
      full.bottomRows(3).setZero();
    }
    // (J J^T + lambda^2 I) y = e, then dq = J^T y over the chosen joints.
    for (int r = 0; r < 6; ++r) {
      for (int c = 0; c < 6; ++c) {
        double sum = r == c ? settings.damping * settings.damping : 0.0;
        for (int j = 0; j < m; ++j) {
          const int k = tree.velocity_offset(joints[j]);
          sum += full(r, k) * full(c, k);
        }
        gram(r, c) = sum;
      }
    }
    if (!factor.factor(gram).ok()) return result;
    Eigen::VectorXd y = error;
    factor.solve_in_place(y);
    // dq = J^T y, scaled down to at most kMaxJointStep per iteration: far from the
    // target or near a singularity the linearisation says little about large steps.
    steps.assign(m, 0.0);
    double largest = 0;
    for (int j = 0; j < m; ++j) {
      const int k = tree.velocity_offset(joints[j]);
      for (int r = 0; r < 6; ++r) steps[j] += full(r, k) * y[r];
      largest = std::max(largest, std::abs(steps[j]));
    }
    const double scale = largest > kMaxJointStep ? kMaxJointStep / largest : 1.0;
    for (int j = 0; j < m; ++j) {
      const Joint& joint = tree.link(joints[j]).joint;
      double& position = q[tree.position_offset(joints[j])];
      position = std::min(std::max(position + scale * steps[j], joint.lower), joint.upper);
    }
  }
}

}  // namespace contactlab
