// Small fixed-size linear-algebra types used throughout the core.
// The build defines EIGEN_DONT_VECTORIZE so that every sum is evaluated in the same
// order natively and in WebAssembly: trajectories are identical bit for bit.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace contactlab {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Quaterniond;
using Vec6 = Eigen::Matrix<double, 6, 1>;

// A rigid transform from a local frame to the world: x_world = rotation * x_local + position.
struct Pose {
  Vec3 position = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();

  Vec3 to_world(const Vec3& local) const { return rotation * local + position; }
  Vec3 to_local(const Vec3& world) const { return rotation.transpose() * (world - position); }
  Pose compose(const Pose& child) const {
    return Pose{rotation * child.position + position, rotation * child.rotation};
  }
};

}  // namespace contactlab
